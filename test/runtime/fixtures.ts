/** Descriptors, a hand-written guard and a client factory shared by the runtime tests. */
import {
  ClientCore,
  type ClientOptions,
  type OperationDescriptor,
} from '../../templates/runtime/index.js';
import { at, fail, isRecord, type Check } from '../../templates/runtime/core/guard.js';
import type { RuntimeEnvironment } from '../../templates/runtime/internal/runtime-env.js';
import { encodeFormBody, encodeMultipartBody } from '../../templates/runtime/internal/form-body.js';
import { encodeBody } from '../../templates/runtime/core/body.js';
import { encodeParameters } from '../../templates/runtime/core/params.js';

/** A token no test output may ever contain. */
export const MARKER_TOKEN = 'tok_MARKER_9f8e7d6c5b4a';

export const META = {
  sdkName: 'connect-api-client',
  sdkVersion: '1.4.0',
  environments: {
    production: 'https://connect.cariqa.com',
    playground: 'https://dev.connect.cariqa.com',
  },
  defaultEnvironment: 'production',
  // What spec/connect-api.yaml's info.x-sdk-* extensions put in the generated meta.
  tokenEnvVar: 'CONNECT_API_TOKEN',
  clientHeader: 'x-connect-client',
};

export interface User {
  id: string;
  email?: string | null;
}

/** `{ id: string, email?: string | null }`, extra properties allowed, like the generated guards. */
export const checkUser: Check = (value) => {
  if (!isRecord(value)) return fail('object', value);
  if (typeof value['id'] !== 'string') return at(fail('string', value['id']), 'id');
  if (value['email'] !== undefined && value['email'] !== null && typeof value['email'] !== 'string')
    return at(fail('string or null', value['email']), 'email');
  return undefined;
};

export const checkUserPage: Check = (value) => {
  if (!isRecord(value)) return fail('object', value);
  if (typeof value['count'] !== 'number') return at(fail('integer', value['count']), 'count');
  if (!Array.isArray(value['results'])) return at(fail('array', value['results']), 'results');
  for (let i = 0; i < value['results'].length; i++) {
    const failure = checkUser(value['results'][i]);
    if (failure) return at(at(failure, i), 'results');
  }
  return undefined;
};

export const getUser: OperationDescriptor = {
  id: 'usersRetrieve',
  method: 'GET',
  path: '/api/v1/users/{user_id}/',
  query: [],
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [200],
  check: checkUser,
  responseType: 'User',
};

export const createUser: OperationDescriptor = {
  id: 'usersCreate',
  method: 'POST',
  path: '/api/v1/users/',
  query: [],
  bodyEncodings: ['json', 'form', 'multipart'],
  encodeBody,
  encoders: { form: encodeFormBody, multipart: encodeMultipartBody },
  retrySafe: false,
  successStatuses: [201],
  check: checkUser,
  responseType: 'User',
};

export const startCharging: OperationDescriptor = {
  id: 'usersChargingStart',
  method: 'POST',
  path: '/api/v1/users/{user_id}/charging/start/',
  query: [],
  bodyEncodings: ['json'],
  encodeBody,
  retrySafe: false,
  successStatuses: [201],
};

export const deleteUser: OperationDescriptor = {
  id: 'usersDestroy',
  method: 'DELETE',
  path: '/api/v1/users/{user_id}/',
  query: [],
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [204],
};

export const listUsers: OperationDescriptor = {
  id: 'usersList',
  method: 'GET',
  path: '/api/v1/users/',
  query: [{ name: 'page' }, { name: 'page_size' }, { name: 'search' }],
  encodeParameters,
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [200],
  check: checkUserPage,
  responseType: 'PaginatedUserList',
};

export const stationsAround: OperationDescriptor = {
  id: 'stationsAround',
  method: 'GET',
  path: '/api/v1/stations/around/',
  query: [
    { name: 'latitude' },
    { name: 'longitude' },
    { name: 'distance' },
    { name: 'connector_types' },
    { name: 'only_available' },
    { name: 'operators', explode: false },
  ],
  encodeParameters,
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [200],
};

/** Records every backoff delay and resolves at once (still honouring abort). */
export function instantSleep(): { delays: number[]; sleep: RuntimeEnvironment['sleep'] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms, signal) => {
      delays.push(ms);
      return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve();
    },
  };
}

/** A client for a test server with fast, deterministic retries. */
export function clientFor(
  origin: string,
  options: ClientOptions = {},
  runtime: Partial<RuntimeEnvironment> = {},
): ClientCore {
  const auth = options.tokenProvider || 'token' in options ? {} : { token: MARKER_TOKEN };
  return new ClientCore({ ...auth, baseUrl: origin, ...options }, META, {
    sleep: instantSleep().sleep,
    random: () => 0.5,
    ...runtime,
  });
}
