/**
 * Request bodies: JSON by default, `bodySerializer` (client-wide or per request) otherwise,
 * FormData and URL-encoded forms as they are; and when `Content-Type` is set, by whom.
 */
import { describe, expect, it, vi } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import type { LoosePaths } from './support/loose-paths.js';
import { json, onlyRequest, useTestServer } from './support/server.js';

const WITH_BODY = ['PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH'] as const;
const WITHOUT_BODY = ['GET', 'HEAD'] as const;
const ALL = [...WITH_BODY, ...WITHOUT_BODY] as const;
/** Bodies that are falsy or odd, but are still bodies: only `undefined` means "no body". */
const BODIES = [
  { name: 'Harbour Gate' },
  {},
  '',
  'text',
  null,
  false,
  0,
  1,
  new Date('2026-03-01T08:00:00.000Z'),
] as const;

describe.each(implementations)('$name: request bodies', ({ createClient }) => {
  const server = useTestServer(json(200, {}));
  const loose = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient<LoosePaths>({ baseUrl: server.origin, ...options });
  const sent = () => onlyRequest(server.requests);

  it.each(ALL)('%s with no body sends none and never calls the serializer', async (method) => {
    const bodySerializer = vi.fn(() => 'serialized');
    await loose({ bodySerializer })[method]('/notes', {});
    expect(sent().body.length).toBe(0);
    expect(sent().headers['content-type']).toBeUndefined();
    expect(bodySerializer).not.toHaveBeenCalled();
  });

  it.each(ALL)('%s with body: undefined is the same as no body', async (method) => {
    const bodySerializer = vi.fn(() => 'serialized');
    await loose({ bodySerializer })[method]('/notes', { body: undefined });
    expect(sent().body.length).toBe(0);
    expect(sent().headers['content-type']).toBeUndefined();
    expect(bodySerializer).not.toHaveBeenCalled();
  });

  it.each(WITH_BODY.flatMap((m) => BODIES.map((b) => [m, b] as const)))(
    '%s sends %j as JSON',
    async (method, body) => {
      await loose()[method]('/notes', { body });
      expect(sent().text).toBe(JSON.stringify(body));
    },
  );

  it.each(WITH_BODY.flatMap((m) => BODIES.map((b) => [m, b] as const)))(
    '%s passes %j through a custom serializer',
    async (method, body) => {
      const bodySerializer = vi.fn((value: unknown) => `custom:${JSON.stringify(value)}`);
      await loose({ bodySerializer })[method]('/notes', { body });
      expect(bodySerializer).toHaveBeenCalledOnce();
      expect(sent().text).toBe(`custom:${JSON.stringify(body)}`);
    },
  );

  it('a per-request bodySerializer wins over the client’s', async () => {
    await loose({ bodySerializer: () => 'client' }).POST('/notes', {
      body: { a: 1 },
      bodySerializer: () => 'request',
    });
    expect(sent().text).toBe('request');
  });

  it('the serializer is given the merged headers, so it can follow the content type', async () => {
    const seen: (string | null)[] = [];
    await loose({
      headers: { 'content-type': 'text/csv' },
      bodySerializer: (body: unknown, headers?: Headers | Record<string, string>) => {
        seen.push(headers instanceof Headers ? headers.get('content-type') : null);
        return String(body);
      },
    }).POST('/notes', { body: 'a,b' });
    expect(seen).toEqual(['text/csv']);
  });

  it('sends FormData as multipart, with the boundary fetch chose', async () => {
    const form = new FormData();
    form.append('name', 'Harbour Gate');
    form.append('photo', new Blob(['PNG'], { type: 'image/png' }), 'gate.png');
    await loose().POST('/notes', { body: form });
    const contentType = String(sent().headers['content-type']);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent().text).toContain('name="name"\r\n\r\nHarbour Gate');
    expect(sent().text).toContain('filename="gate.png"');
  });

  it('a FormData body from a custom serializer is sent as multipart too', async () => {
    await loose({
      bodySerializer: (body: unknown) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(body as Record<string, string>)) form.append(k, v);
        return form;
      },
    }).POST('/notes', { body: { name: 'Harbour Gate' } });
    expect(String(sent().headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent().text).toContain('Harbour Gate');
  });

  it('sends a URL-encoded form when the request says its content type is one', async () => {
    await loose().POST('/notes', {
      body: { name: 'Harbour Gate', bay: '3' },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(sent().text).toBe('name=Harbour+Gate&bay=3');
    expect(sent().headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('a typed client sends the body of an operation', async () => {
    await createClient<paths>({ baseUrl: server.origin }).POST('/stations/{stationId}/sessions', {
      params: { path: { stationId: 7 }, header: { 'x-idempotency-key': 'k-1' } },
      body: { connector: 'ccs' },
    });
    expect(sent().text).toBe('{"connector":"ccs"}');
  });
});

describe.each(implementations)('$name: Content-Type', ({ createClient }) => {
  const server = useTestServer(json(200, {}));
  const loose = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient<LoosePaths>({ baseUrl: server.origin, ...options });
  const contentType = () => onlyRequest(server.requests).headers['content-type'];
  const pairs = WITH_BODY.flatMap((m) => BODIES.map((b) => [m, b] as const));

  it.each(pairs)(
    '%s with body %j says application/json when no one says otherwise',
    async (method, body) => {
      await loose()[method]('/notes', { body });
      expect(contentType()).toBe('application/json');
    },
  );

  it.each(pairs)('%s with body %j uses the client’s content type', async (method, body) => {
    await loose({ headers: { 'content-type': 'application/vnd.stations+json' } })[method](
      '/notes',
      {
        body,
      },
    );
    expect(contentType()).toBe('application/vnd.stations+json');
  });

  it.each(pairs)(
    '%s with body %j: a client content type of null removes the JSON default',
    async (method, body) => {
      await loose({ headers: { 'content-type': null } })[method]('/notes', { body });
      // fetch itself picks one for a string body (text/plain); what matters is it is not JSON
      expect(contentType()).not.toBe('application/json');
    },
  );

  it.each(pairs)('%s with body %j uses the request’s content type', async (method, body) => {
    await loose({ headers: { 'content-type': null } })[method]('/notes', {
      body,
      headers: { 'content-type': 'application/vnd.stations+json' },
    });
    expect(contentType()).toBe('application/vnd.stations+json');
  });
});

describe.each(implementations)('$name: defaultBodySerializer', ({ defaultBodySerializer }) => {
  it('is JSON, and leaves FormData as it is', () => {
    const form = new FormData();
    expect(defaultBodySerializer({ a: [1] })).toBe('{"a":[1]}');
    expect(defaultBodySerializer(form)).toBe(form);
  });
});
