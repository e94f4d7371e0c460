/** The role profile's channels (being built: see issue 5's Roles). */
import type { Handlers } from './dispatcher.js';
import { IpcFailure } from './errors.js';
import type { HandlerContext } from './handlers.js';

type RoleChannels = 'roles.get' | 'roles.set' | 'roles.setPassphrase';

export function createRoleHandlers(_context: HandlerContext): Pick<Handlers, RoleChannels> {
  const notYet = () => {
    throw new IpcFailure('internal', 'Role profiles are not available yet');
  };
  return { 'roles.get': notYet, 'roles.set': notYet, 'roles.setPassphrase': notYet };
}
