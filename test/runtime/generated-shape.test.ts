/**
 * The code the generator emits, written out by hand: it must compile against the runtime
 * (the type-check covers this file) and work end to end.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ClientCore,
  requestPage,
  type ApiPromise,
  type ClientMeta,
  type ClientOptions,
  type OperationDescriptor,
  type PagePromise,
  type RequestOptions,
} from '../../templates/runtime/index.js';
import { encodeFormBody, encodeMultipartBody } from '../../templates/runtime/internal/form-body.js';
import { checkUser, checkUserPage, MARKER_TOKEN, type User } from './fixtures.js';
import { json, startServer, type TestServer } from './http-server.js';
import { encodeBody } from '../../templates/runtime/core/body.js';
import { encodeParameters } from '../../templates/runtime/core/params.js';

interface UsersListQuery {
  page?: number;
  page_size?: number;
  search?: string;
}
interface UserCreateRequest {
  email?: string | null;
}

const META: ClientMeta = {
  sdkName: 'connect-api-client',
  sdkVersion: '1.4.0',
  environments: {
    production: 'https://connect.cariqa.com',
    playground: 'https://dev.connect.cariqa.com',
  },
  defaultEnvironment: 'production',
};

const usersRetrieveOperation: OperationDescriptor = {
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
const usersCreateOperation: OperationDescriptor = {
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
const usersListOperation: OperationDescriptor = {
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
const usersDestroyOperation: OperationDescriptor = {
  id: 'usersDestroy',
  method: 'DELETE',
  path: '/api/v1/users/{user_id}/',
  query: [],
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [204],
};

export function usersRetrieve(
  core: ClientCore,
  userId: string,
  options?: RequestOptions,
): ApiPromise<User> {
  return core.request<User>(usersRetrieveOperation, { path: { user_id: userId } }, options);
}
export function usersCreate(
  core: ClientCore,
  body: UserCreateRequest,
  options?: RequestOptions,
): ApiPromise<User> {
  return core.request<User>(usersCreateOperation, { body }, options);
}
export function usersList(
  core: ClientCore,
  query?: UsersListQuery,
  options?: RequestOptions,
): PagePromise<User> {
  return requestPage<User>(core, usersListOperation, { query }, options);
}
export function usersDestroy(
  core: ClientCore,
  userId: string,
  options?: RequestOptions,
): ApiPromise<void> {
  return core.request<void>(usersDestroyOperation, { path: { user_id: userId } }, options);
}

class UsersResource {
  constructor(private readonly core: ClientCore) {}
  retrieve(userId: string, options?: RequestOptions): ApiPromise<User> {
    return usersRetrieve(this.core, userId, options);
  }
  create(body: UserCreateRequest, options?: RequestOptions): ApiPromise<User> {
    return usersCreate(this.core, body, options);
  }
  list(query?: UsersListQuery, options?: RequestOptions): PagePromise<User> {
    return usersList(this.core, query, options);
  }
  destroy(userId: string, options?: RequestOptions): ApiPromise<void> {
    return usersDestroy(this.core, userId, options);
  }
}

class ConnectClient extends ClientCore {
  readonly users: UsersResource;
  constructor(options: ClientOptions = {}) {
    super(options, META);
    this.users = new UsersResource(this);
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it('works as the generated client would use it', async () => {
  const client = new ConnectClient({ token: MARKER_TOKEN, baseUrl: server.origin });
  server.reply(
    json(200, { id: 'u1', email: null }),
    json(201, { id: 'u2' }),
    json(200, { count: 1, next: null, previous: null, results: [{ id: 'u1' }] }),
    (_req, res) => {
      res.writeHead(204);
      res.end();
    },
  );
  const user: User = await client.users.retrieve('u1');
  const created = await client.users.create({ email: 'a@example.com' }, { encoding: 'form' });
  const ids: string[] = [];
  for await (const u of client.users.list({ search: 'u' })) ids.push(u.id);
  const nothing: void = await client.users.destroy('u1');
  expect([user.id, created.id, ids, nothing]).toEqual(['u1', 'u2', ['u1'], undefined]);
  expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
    'GET /api/v1/users/u1/',
    'POST /api/v1/users/',
    'GET /api/v1/users/?search=u',
    'DELETE /api/v1/users/u1/',
  ]);
  expect(String(client)).toBe(`ConnectClient { baseUrl: ${server.origin}, token: [REDACTED] }`);
});
