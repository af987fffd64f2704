/**
 * The generated package carries two versions: its own (package.json, `PACKAGE_VERSION`) and
 * the API's it was generated from (`API_VERSION`, the spec's `info.version`). Both reach
 * the server in `User-Agent` and `X-Connect-Client`, over real HTTP on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  API_VERSION,
  ConnectClient,
  PACKAGE_VERSION,
  usersRetrieve,
} from '../../generated/src/index.js';
import { json, useTestServer } from '../runtime/http-server.js';

const spec = parse(readFileSync('spec/connect-api.yaml', 'utf8')) as { info: { version: string } };
const manifest = JSON.parse(readFileSync('generated/package.json', 'utf8')) as {
  name: string;
  version: string;
};

describe('the versions of the generated package', () => {
  const server = useTestServer(
    json(200, {
      id: 'u1',
      email: 'a@example.com',
      custom_properties: {},
      has_payment_method: false,
      has_billing_details: false,
    }),
  );

  it('exports the package version of package.json and the API version of the spec, separately', () => {
    expect(PACKAGE_VERSION).toBe(manifest.version);
    expect(API_VERSION).toBe(spec.info.version);
  });

  it('sends both in User-Agent and X-Connect-Client', async () => {
    const client = new ConnectClient({ baseUrl: server.origin, token: 'secret-token' });
    await usersRetrieve(client, 'u1').catch(() => undefined);
    const received = await server.waitForRequests(1);
    const caller = `${manifest.name}/${PACKAGE_VERSION} (api ${API_VERSION})`;
    expect(received.headers['x-connect-client']).toBe(caller);
    expect(received.headers['user-agent']).toBe(`${caller} node/${process.version}`);
  });

  it('names the API version in the README, and the package version only where it is decided', () => {
    // The README is written before the release stage decides the package version, so it points
    // at package.json and PACKAGE_VERSION instead of quoting a version it cannot know.
    const readme = readFileSync('generated/README.md', 'utf8');
    expect(readme).toContain(
      `\`${manifest.name}\` was generated from version ${API_VERSION} of the`,
    );
    expect(readme).toContain('PACKAGE_VERSION');
    expect(readme).not.toContain(`'${PACKAGE_VERSION}'`);
  });
});
