/**
 * The installation's role profile (roles.get), read by every screen to know what to offer, and changed by
 * the profile dialog: main's answer to a change is the profile as it is now, put straight in the cache
 * (main's role.changed event then marks the rest stale: events.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, RoleProfileView } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const roleKeys = {
  profile: ['roles'] as const,
};

export const useRoleProfile = () => useQuery({ queryKey: roleKeys.profile, queryFn: () => call('roles.get', {}) });

function useProfileChange<I>(run: (input: I) => Promise<RoleProfileView>, screen?: ScreenHandlers<RoleProfileView, I>) {
  const queries = useQueryClient();
  return useEntityMutation(run, { onSuccess: (view) => void queries.setQueryData(roleKeys.profile, view) }, screen);
}

/** Switches the profile with the passphrase. */
export const useProfileSwitch = (screen?: ScreenHandlers<RoleProfileView, Input<'roles.set'>>) =>
  useProfileChange((input: Input<'roles.set'>) => call('roles.set', input), screen);

/** Sets the passphrase, or changes it with the current one. */
export const usePassphraseChange = (screen?: ScreenHandlers<RoleProfileView, Input<'roles.setPassphrase'>>) =>
  useProfileChange((input: Input<'roles.setPassphrase'>) => call('roles.setPassphrase', input), screen);
