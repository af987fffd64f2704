/**
 * Path parameters: `{name}` is filled in percent-encoded; the placeholder's own spelling picks
 * the style, as RFC 6570 does — `{name}` simple, `{.name}` label, `{;name}` matrix, and a
 * trailing `*` explodes arrays and objects.
 */
import { describe, expect, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import type { LoosePaths } from './support/loose-paths.js';
import { json, onlyRequest, useTestServer } from './support/server.js';

describe.each(implementations)('$name: path parameters', ({ createClient }) => {
  const server = useTestServer(json(200, {}));
  const sentPath = () => onlyRequest(server.requests).url;

  it('fills in a parameter', async () => {
    await createClient<paths>({ baseUrl: server.origin }).GET('/stations/{stationId}', {
      params: { path: { stationId: 42 } },
    });
    expect(sentPath()).toBe('/stations/42');
  });

  it('fills in each style of placeholder', async () => {
    const loose = createClient<LoosePaths>({ baseUrl: server.origin });
    const styles = [
      ['{plain}', 'plain', 'bay'],
      ['{object}', 'object', { a: 'b', c: 'd' }],
      ['{array}', 'array', [1, 2, 3]],
      ['{objectX*}', 'objectX', { e: 'f', g: 'h' }],
      ['{arrayX*}', 'arrayX', [4, 5, 6]],
      ['{.lPlain}', 'lPlain', 'bay'],
      ['{.lObject}', 'lObject', { a: 'b', c: 'd' }],
      ['{.lArray}', 'lArray', [1, 2, 3]],
      ['{.lObjectX*}', 'lObjectX', { e: 'f', g: 'h' }],
      ['{.lArrayX*}', 'lArrayX', [4, 5, 6]],
      ['{;mPlain}', 'mPlain', 'bay'],
      ['{;mObject}', 'mObject', { a: 'b', c: 'd' }],
      ['{;mArray}', 'mArray', [1, 2, 3]],
      ['{;mObjectX*}', 'mObjectX', { e: 'f', g: 'h' }],
      ['{;mArrayX*}', 'mArrayX', [4, 5, 6]],
    ] as const;
    const template = `/styles/${styles.map(([placeholder]) => placeholder).join('/')}`;
    const path = Object.fromEntries(styles.map(([, name, value]) => [name, value]));
    await loose.GET(template, { params: { path } });
    expect(sentPath().split('/').slice(2)).toEqual([
      'bay',
      'a,b,c,d',
      '1,2,3',
      'e=f,g=h',
      '4,5,6',
      '.bay',
      '.a,b,c,d',
      '.1,2,3',
      '.e=f.g=h',
      '.4.5.6',
      ';mPlain=bay',
      ';mObject=a,b,c,d',
      ';mArray=1,2,3',
      ';e=f;g=h',
      ';mArrayX=4;mArrayX=5;mArrayX=6',
    ]);
  });

  it('percent-encodes reserved characters, so a value stays one segment', async () => {
    const loose = createClient<LoosePaths>({ baseUrl: server.origin });
    await loose.GET('/bays/{bay}', { params: { path: { bay: ';/?:@&=+$,# ' } } });
    expect(sentPath()).toBe('/bays/%3B%2F%3F%3A%40%26%3D%2B%24%2C%23%20');
  });

  it('leaves unreserved characters as they are', async () => {
    const loose = createClient<LoosePaths>({ baseUrl: server.origin });
    await loose.GET('/bays/{bay}', { params: { path: { bay: "aAzZ09-_.!~*'()" } } });
    expect(sentPath()).toBe("/bays/aAzZ09-_.!~*'()");
  });

  it('encodes UTF-8 characters byte by byte', async () => {
    const loose = createClient<LoosePaths>({ baseUrl: server.origin });
    await loose.GET('/bays/{bay}', { params: { path: { bay: 'Zürich⚡' } } });
    expect(sentPath()).toBe('/bays/Z%C3%BCrich%E2%9A%A1');
  });

  it('a pathSerializer option replaces the default, and is given the base URL and template', async () => {
    const given: string[] = [];
    const loose = createClient<LoosePaths>({
      baseUrl: server.origin,
      pathSerializer: (url, params) => {
        given.push(url);
        return url.replace('{bay}', `bay-${String(params.bay)}`);
      },
    });
    await loose.GET('/bays/{bay}', { params: { path: { bay: 3 } } });
    expect(given).toEqual([`${server.origin}/bays/{bay}`]);
    expect(sentPath()).toBe('/bays/bay-3');
  });

  it('a per-request pathSerializer wins over the client’s', async () => {
    const loose = createClient<LoosePaths>({
      baseUrl: server.origin,
      pathSerializer: (url) => url.replace('{bay}', 'from-client'),
    });
    await loose.GET('/bays/{bay}', {
      params: { path: { bay: 3 } },
      pathSerializer: (url) => url.replace('{bay}', 'from-request'),
    });
    expect(sentPath()).toBe('/bays/from-request');
  });
});

describe.each(implementations)('$name: defaultPathSerializer', ({ defaultPathSerializer }) => {
  it('leaves a placeholder with no value (undefined or null) as it is', () => {
    expect(defaultPathSerializer('/bays/{bay}/{level}', { bay: 3, level: null })).toBe(
      '/bays/3/{level}',
    );
  });
});
