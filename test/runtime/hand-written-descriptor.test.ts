/**
 * A descriptor written by hand (an endpoint the spec does not have yet) works through the
 * package's public exports: it names the same request-building parts the generated
 * descriptors name, and its path, query, header and body reach the server.
 */
import { describe, expect, it } from 'vitest';
import {
  checkInput,
  createConnectCore,
  encodeBody,
  encodeParameters,
  InvalidRequestError,
  type OperationDescriptor,
} from '../../generated/src/index.js';
import { json, useTestServer } from './http-server.js';

const server = useTestServer(json(200, { ok: true }));

const tagStation: OperationDescriptor = {
  id: 'stationsTag',
  method: 'POST',
  path: '/api/v1/stations/{station_id}/tags/',
  query: [{ name: 'dry_run' }],
  headers: [{ name: 'X-Request-Note' }],
  bodyEncodings: ['json'],
  inputChecks: {
    // A Check answers undefined when the value passes, or says what is wrong and where.
    query: (value) =>
      typeof (value as { dry_run?: unknown }).dry_run === 'boolean'
        ? undefined
        : { reversedPath: ['dry_run'], expected: 'boolean', found: 'something else' },
  },
  encodeBody,
  encodeParameters,
  checkInput,
  retrySafe: false,
  successStatuses: [200],
  responseType: 'TagResult',
};

describe('a hand-written descriptor', () => {
  it('sends its path, query, header and body like a generated one', async () => {
    const core = createConnectCore({ token: 'tok_hand_written', baseUrl: server.origin });
    await expect(
      core.request(tagStation, {
        path: { station_id: 'st 1' },
        query: { dry_run: true },
        headers: { 'X-Request-Note': 'from a test' },
        body: { tag: 'fast' },
      }),
    ).resolves.toEqual({ ok: true });
    const sent = server.requests[0]!;
    expect(sent.url).toBe('/api/v1/stations/st%201/tags/?dry_run=true');
    expect(sent.headers['x-request-note']).toBe('from a test');
    expect(JSON.parse(sent.body.toString('utf8'))).toEqual({ tag: 'fast' });
  });

  it('is refused before sending when a query value breaks its checks', async () => {
    const core = createConnectCore({ token: 'tok_hand_written', baseUrl: server.origin });
    const error = await core
      .request(tagStation, { path: { station_id: 's1' }, query: { dry_run: 'yes' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});
