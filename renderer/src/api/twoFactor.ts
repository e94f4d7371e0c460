/**
 * Two-factor sign-in (twoFactor.*): one's own enrolment and its removal, the team key, and the recovery codes
 * shown once. A confirmed enrolment changes the session (the person's mark, or a sign-in completed), which main
 * announces (session.changed); the recovery codes are kept here, outside the session's cache, so that they stay
 * on screen when a sign-in completed by the enrolment replaces the start screen with the app.
 */
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Input, RecoveryCodes, TwoFactorEnrolment } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { sessionKeys } from './session';
import { settingsKeys } from './settings';

/** The recovery codes just given, until the person says they kept them; never stored anywhere else. */
export const useRecoveryCodes = create<{ codes: readonly string[]; show: (codes: readonly string[]) => void; done: () => void }>((set) => ({
  codes: [],
  show: (codes) => set({ codes }),
  done: () => set({ codes: [] }),
}));

export const useEnrolmentBegin = (screen?: ScreenHandlers<TwoFactorEnrolment, void>) =>
  useEntityMutation(() => call('twoFactor.begin', {}), {}, screen);

export function useEnrolmentConfirm(screen?: ScreenHandlers<RecoveryCodes, Input<'twoFactor.confirm'>>) {
  const queries = useQueryClient();
  const show = useRecoveryCodes((s) => s.show);
  return useEntityMutation(
    (input: Input<'twoFactor.confirm'>) => call('twoFactor.confirm', input),
    {
      onSuccess: async ({ recoveryCodes }) => {
        show(recoveryCodes);
        await queries.invalidateQueries({ queryKey: sessionKeys.current });
      },
    },
    screen,
  );
}

export function useTwoFactorRemove(screen?: ScreenHandlers<null, Input<'twoFactor.remove'>>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (input: Input<'twoFactor.remove'>) => call('twoFactor.remove', input),
    { onSuccess: () => queries.invalidateQueries({ queryKey: sessionKeys.current }) },
    screen,
  );
}

/** The team key, read out to an administrator who typed their password again; kept only by the dialog showing it. */
export const useTeamKeyText = (screen?: ScreenHandlers<{ readonly key: string }, Input<'twoFactor.teamKey'>>) =>
  useEntityMutation((input: Input<'twoFactor.teamKey'>) => call('twoFactor.teamKey', input), {}, screen);

export function useEnterTeamKey(screen?: ScreenHandlers<null, Input<'twoFactor.enterTeamKey'>>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (input: Input<'twoFactor.enterTeamKey'>) => call('twoFactor.enterTeamKey', input),
    // Settings says whether this desk holds the key; before signing in, nothing is read yet.
    { onSuccess: () => queries.invalidateQueries({ queryKey: settingsKeys.all }) },
    screen,
  );
}
