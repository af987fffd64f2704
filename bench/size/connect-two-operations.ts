// Two operations, to show what one more operation adds once the runtime is in the bundle.
import { ClientCore, CLIENT_META, usersList, usersRetrieve } from '../../generated/src/index.js';

export function userAndList(token: string, userId: string) {
  const core = new ClientCore({ token }, CLIENT_META);
  return [usersRetrieve(core, userId), usersList(core)];
}
