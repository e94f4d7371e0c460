/**
 * The signing keys of the environment in use: the list, and every change to it (a key generated, imported,
 * activated or retired, a certificate exported, a test signature made). Each change is audited, so each
 * marks the audit log stale as well as the list.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, Result, SigningKeysView } from '../../../main/ipc/contract';
import { auditKeys } from './audit';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const signingKeyKeys = {
  list: ['keys'] as const,
};

export const useSigningKeys = (enabled: boolean) =>
  useQuery({ queryKey: signingKeyKeys.list, queryFn: () => call('keys.list', {}), staleTime: 0, enabled });

/** After a change: main's answer put in the cache where it is the list as it is now, else the list read again; the audit too. */
export function useSigningKeysChanged(): (view?: SigningKeysView) => void {
  const queries = useQueryClient();
  return (view) => {
    if (view) queries.setQueryData(signingKeyKeys.list, view);
    else void queries.invalidateQueries({ queryKey: signingKeyKeys.list });
    void queries.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useKeyGenerate(screen?: ScreenHandlers<Result<'keys.generate'>, Input<'keys.generate'>>) {
  const changed = useSigningKeysChanged();
  return useEntityMutation((input: Input<'keys.generate'>) => call('keys.generate', input), { onSuccess: () => changed() }, screen);
}

export function useKeyImport(screen?: ScreenHandlers<Result<'keys.import'>, Input<'keys.import'>>) {
  const changed = useSigningKeysChanged();
  return useEntityMutation((input: Input<'keys.import'>) => call('keys.import', input), { onSuccess: () => changed() }, screen);
}

/** Activates a key (the active one, if any, steps down) or retires one; main answers with the list. */
export function useKeyStateChange(
  screen?: ScreenHandlers<SigningKeysView, { readonly action: 'activate' | 'retire'; readonly id: string }>,
) {
  const changed = useSigningKeysChanged();
  return useEntityMutation(
    ({ action, id }: { readonly action: 'activate' | 'retire'; readonly id: string }) =>
      call(action === 'activate' ? 'keys.activate' : 'keys.retire', { id }),
    { onSuccess: (view) => changed(view) },
    screen,
  );
}

/** Signs a sample body with a key and verifies it with its certificate. */
export function useTestSignature(screen?: ScreenHandlers<Result<'keys.testSign'>, Input<'keys.testSign'>>) {
  const changed = useSigningKeysChanged();
  return useEntityMutation((input: Input<'keys.testSign'>) => call('keys.testSign', input), { onSuccess: () => changed() }, screen);
}
