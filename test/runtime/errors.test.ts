/** Error statuses become typed errors; unusable success bodies become ResponseParseError. */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiErrorClassFor,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  SdkError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  UnprocessableEntityError,
  type ErrorBody,
} from '../../templates/runtime/index.js';
import { errorClassForStatus } from '../../generator/emit/operations/errors.js';
import { CLIENT_ERROR_REASONS, reasonClassName } from '../../generator/shared/http-status.js';
import { clientFor, deleteUser, getUser } from './fixtures.js';
import { json, raw, useTestServer } from './http-server.js';

const server = useTestServer();

const call = (options = {}) =>
  clientFor(server.origin, { maxRetries: 0, ...options }).request(getUser, {
    path: { user_id: 'u1' },
  });
const failure = async (options = {}) =>
  (await call(options).then(
    () => undefined,
    (e: unknown) => e,
  )) as ApiError;

describe('statuses', () => {
  it.each([
    [400, BadRequestError, 'validation_error'],
    [401, AuthenticationError, undefined],
    [402, ApiError, 'payment_error'],
    [403, PermissionDeniedError, undefined],
    [404, NotFoundError, undefined],
    [409, ConflictError, 'already_charging'],
    [422, UnprocessableEntityError, 'validation_error'],
    [423, ApiError, 'temporary_locked'],
    [424, ApiError, 'charging_provider_error'],
    [429, RateLimitError, undefined],
    [500, InternalServerError, 'unexpected_error'],
    [503, InternalServerError, undefined],
    [418, ApiError, undefined],
  ] as const)('%i → %o', async (status, ErrorClass, type) => {
    const body: ErrorBody = type
      ? { detail: `failed with ${type}`, error: { type, details: 'field x is wrong' } }
      : { detail: 'Not allowed.' };
    server.reply(json(status, body, { 'x-request-id': 'req-42' }));
    const error = await failure();
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
    expect(error.errorType).toBe(type);
    expect(error.detail).toBe(body.detail);
    expect(error.body).toEqual(body);
    expect(error.operationId).toBe('usersRetrieve');
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${server.origin}/api/v1/users/u1/`);
    expect(error.requestId).toBe('req-42');
    expect(error.headers['content-type']).toBe('application/json');
    expect(error.message).toContain(String(status));
    expect(error.message).toContain(body.detail!);
  });

  it('keeps a field only one API sends in the body, not on the error, and hides a secret when printed', async () => {
    server.reply(
      json(402, {
        detail: 'Payment needs confirmation',
        error: {
          type: 'payment_method_error',
          details: 'sca',
          payment_intent_client_secret: 'pi_123_secret_456',
        },
      }),
    );
    const error = await failure();
    expect(error.status).toBe(402);
    // The Connect layer reads it from there (`paymentIntentClientSecretOf`, test/connect/).
    expect(error.body?.error).toMatchObject({ payment_intent_client_secret: 'pi_123_secret_456' });
    expect('paymentIntentClientSecret' in error).toBe(false);
    expect(error.errorDetails).toBe('sca');
    // Printing the error does not print the secret.
    expect(JSON.stringify(error)).not.toContain('pi_123_secret_456');
    expect(error.message).not.toContain('pi_123_secret_456');
  });

  it('an HTML error page from a proxy still becomes the status error, with a snippet', async () => {
    server.reply(
      raw(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', {
        'content-type': 'text/html',
      }),
    );
    const error = await failure();
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toBeUndefined();
    expect(error.message).toContain('502 Bad Gateway');
  });

  it('error bodies of unexpected shape do not break the error', async () => {
    server.reply(json(400, { email: ['Enter a valid email address.'] }));
    const error = await failure();
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.detail).toBeUndefined();
    expect(error.body).toEqual({ email: ['Enter a valid email address.'] });
    server.reply(json(400, ['not', 'an', 'object']));
    expect((await failure()).body).toBeUndefined();
  });

  it('response headers in errors are redacted', async () => {
    server.reply(
      json(401, { detail: 'bad token' }, { 'set-cookie': 'session=abc', 'x-auth-token': 'zzz' }),
    );
    const error = await failure();
    expect(error.headers['set-cookie']).toBe('[REDACTED]');
    expect(error.headers['x-auth-token']).toBe('[REDACTED]');
  });

  it.each([
    [
      'Invalid input: page_size: must be at least 1, got 0',
      'page_size: must be at least 1, got 0',
      'Invalid input: page_size: must be at least 1, got 0',
    ],
    ['page_size', 'page_size: must be at least 1, got 0', 'page_size: must be at least 1, got 0'],
    [
      'Invalid input.',
      'page_size: must be at least 1, got 0',
      'Invalid input. — page_size: must be at least 1, got 0',
    ],
  ])('says once what detail %j and error.details %j both say', async (detail, details, said) => {
    server.reply(json(400, { detail, error: { type: 'validation_error', details } }));
    const error = await failure();
    expect(error.message).toContain(`(validation_error): ${said}`);
    expect(error.message.split(details).length - 1).toBe(1);
  });

  it('matches the status table the generator uses for doc comments', () => {
    // The generated classes for declared statuses, as status-errors.ts would declare them.
    const generated = Object.fromEntries(
      Object.keys(CLIENT_ERROR_REASONS).map((status) => {
        const name = reasonClassName(Number(status))!;
        return [status, { [name]: class extends ApiError {} }[name]!];
      }),
    );
    for (let status = 300; status < 600; status++)
      expect(apiErrorClassFor(status, generated).name).toBe(errorClassForStatus(status));
  });
});

describe('unusable success bodies', () => {
  it.each([
    ['HTML', '<!doctype html><title>Login</title>', 'text/html', /HTML page instead of JSON/],
    [
      'truncated JSON',
      '{"id": "u1", "email": "a@',
      'application/json',
      /truncated or malformed JSON/,
    ],
    ['plain text', 'OK', 'text/plain', /not JSON/],
    ['empty', '', 'application/json', /empty body where User was expected/],
  ])('%s → ResponseParseError, never a SyntaxError', async (_name, text, contentType, message) => {
    server.reply(raw(200, text, { 'content-type': contentType }));
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error).not.toBeInstanceOf(SyntaxError);
    const parseError = error as ResponseParseError;
    expect(parseError.message).toMatch(message);
    expect(parseError.status).toBe(200);
    expect(parseError.contentType).toBe(contentType);
    expect(parseError.snippet).toBe(text.slice(0, 200));
    expect(parseError.operationId).toBe('usersRetrieve');
  });

  it('snippets are short and printable', async () => {
    server.reply(
      raw(200, `<html>\n\t${'x'.repeat(1000)}\u0000</html>`, { 'content-type': 'text/html' }),
    );
    const error = (await call().catch((e: unknown) => e)) as ResponseParseError;
    expect(error.snippet.length).toBeLessThanOrEqual(201);
    expect(error.snippet).not.toMatch(/[\n\t\u0000]/);
  });

  it('204 and an empty body for an operation without a response type resolve to undefined', async () => {
    server.reply(raw(204, ''));
    await expect(
      clientFor(server.origin).request(deleteUser, { path: { user_id: 'u1' } }),
    ).resolves.toBeUndefined();
    server.reply(raw(200, ''));
    await expect(
      clientFor(server.origin).request(deleteUser, { path: { user_id: 'u1' } }),
    ).resolves.toBeUndefined();
  });
});
