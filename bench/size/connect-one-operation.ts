// One operation imported alone: a ClientCore and the standalone function, nothing else.
import { ClientCore, CLIENT_META, usersRetrieve } from '../../generated/src/index.js';

export function retrieveUser(token: string, userId: string) {
  return usersRetrieve(new ClientCore({ token }, CLIENT_META), userId);
}
