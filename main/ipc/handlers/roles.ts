/**
 * The role profile's channels over the app core's RoleProfileService. Which channels a profile may use is
 * decided by the dispatcher before anything here runs; these only read and change the profile, and tell
 * every window when it changed (what the screens offer changes with it).
 */
import { RoleProfileError, type RoleProfileRefusal } from '../../services/roleProfile.js';
import type { IpcErrorCode, RoleProfileView, rolesChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { allowedChannels } from '../permissions.js';

const CODES: Record<RoleProfileRefusal, IpcErrorCode> = {
  wrongPassphrase: 'forbidden',
  throttled: 'forbidden',
  notAdministrator: 'forbidden',
  noPassphrase: 'invalidInput',
  currentNeeded: 'invalidInput',
  tooShort: 'invalidInput',
  // The keychain's entry is what needs fixing, as when the keychain cannot be reached.
  damaged: 'keychainUnavailable',
  missing: 'keychainUnavailable',
};

/** The service's refusals in the contract's terms (their phrases are the service's, never a passphrase). */
async function roleCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RoleProfileError) throw new IpcFailure(CODES[err.reason], err.said);
    throw err;
  }
}

export function rolesHandlers({ core, events }: HandlerContext): HandlersOf<typeof rolesChannels> {
  const view = (): RoleProfileView => {
    const { role, passphraseSet, problem } = core.roles.view();
    return { role, passphraseSet, allowedChannels: allowedChannels(role), ...(problem !== undefined ? { problem } : {}) };
  };
  const changed = (): RoleProfileView => {
    const v = view();
    events.publish({ type: 'role.changed', role: v.role });
    return v;
  };
  return {
    'roles.get': view,
    'roles.set': ({ role, passphrase }) =>
      roleCall(async () => {
        await core.setRole(role, passphrase);
        return changed();
      }),
    // Published too: whether a passphrase is set is part of what every window shows.
    'roles.setPassphrase': ({ current, next }) =>
      roleCall(async () => {
        await core.roles.setPassphrase(next, current);
        return changed();
      }),
  };
}
