// `new ConnectClient()` and one call through it, the way the README's first call shows it.
import { ConnectClient } from '../../generated/src/index.js';

export function retrieveUser(token: string, userId: string) {
  return new ConnectClient({ token }).users.retrieve(userId);
}
