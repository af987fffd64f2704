// The same call as openapi-fetch.ts, through the package's `/fetch` entry (openapi-fetch's API on
// our runtime, extras off) and the package's own `paths` type.
import createClient from '../../generated/src/fetch/index.js';
import type { paths } from '../../generated/src/index.js';

export function retrieveUser(token: string, userId: string) {
  const client = createClient<paths>({
    baseUrl: 'https://connect.cariqa.com',
    headers: { authorization: `Bearer ${token}` },
  });
  return client.GET('/api/v1/users/{user_id}/', { params: { path: { user_id: userId } } });
}
