// Two operations, to show what one more operation adds once the runtime is in the bundle.
import { createConnectCore, usersList, usersRetrieve } from '../../generated/src/index.js';

export function userAndList(token: string, userId: string) {
  const core = createConnectCore({ token });
  return [usersRetrieve(core, userId), usersList(core)];
}
