// One operation imported alone, the way the README shows it: createConnectCore and the standalone function.
import { createConnectCore, usersRetrieve } from '../../generated/src/index.js';

export function retrieveUser(token: string, userId: string) {
  return usersRetrieve(createConnectCore({ token }), userId);
}
