// One operation of the hey-api SDK with its fetch client, as a user would import it.
import { createClient, createConfig } from '../.work/hey-api/client/index.js';
import { usersRetrieve } from '../.work/hey-api/sdk.gen.js';

export function retrieveUser(token: string, userId: string) {
  const client = createClient(createConfig({ baseUrl: 'https://connect.cariqa.com', auth: token }));
  return usersRetrieve({ client, path: { user_id: userId } });
}
