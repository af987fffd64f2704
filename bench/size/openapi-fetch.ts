// openapi-fetch's runtime; its types (openapi-typescript's `paths`) add nothing to the bundle.
import createClient from 'openapi-fetch';

export function retrieveUser(token: string, userId: string) {
  const client = createClient<{
    '/api/v1/users/{user_id}/': {
      get: {
        parameters: { path: { user_id: string } };
        responses: { 200: { content: { 'application/json': { id: string } } } };
      };
    };
  }>({
    baseUrl: 'https://connect.cariqa.com',
    headers: { authorization: `Bearer ${token}` },
  });
  return client.GET('/api/v1/users/{user_id}/', { params: { path: { user_id: userId } } });
}
