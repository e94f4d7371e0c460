/**
 * The people who use the app, for administrators (people.*): the list, and an administrator's changes (ending
 * a person's sessions at every desk among them). Each change reads the list again; a change to the person
 * signed in reaches the session through main's session.changed event (events.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, PersonView } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { sessionKeys } from './session';

export const peopleKeys = {
  all: ['people'] as const,
};

export const usePeople = (enabled: boolean) => useQuery({ queryKey: peopleKeys.all, queryFn: () => call('people.list', {}), enabled });

function usePeopleChange<I, R>(run: (input: I) => Promise<R>, screen?: ScreenHandlers<R, I>) {
  const queries = useQueryClient();
  return useEntityMutation(run, { onSuccess: () => queries.invalidateQueries({ queryKey: peopleKeys.all }) }, screen);
}

export const usePersonAdd = (screen?: ScreenHandlers<PersonView, Input<'people.add'>>) =>
  usePeopleChange((input: Input<'people.add'>) => call('people.add', input), screen);

export const usePersonChange = (screen?: ScreenHandlers<PersonView, Input<'people.change'>>) =>
  usePeopleChange((input: Input<'people.change'>) => call('people.change', input), screen);

/** A password an administrator sets for someone who forgot theirs. */
export const usePersonPassword = (screen?: ScreenHandlers<null, Input<'people.setPassword'>>) =>
  usePeopleChange((input: Input<'people.setPassword'>) => call('people.setPassword', input), screen);

/** Removes a person's second factor (a lost phone); the session is read again, as it may be one's own. */
export function usePersonResetTwoFactor(screen?: ScreenHandlers<PersonView, Input<'people.resetTwoFactor'>>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (input: Input<'people.resetTwoFactor'>) => call('people.resetTwoFactor', input),
    {
      onSuccess: async () => {
        await queries.invalidateQueries({ queryKey: sessionKeys.current });
        await queries.invalidateQueries({ queryKey: peopleKeys.all });
      },
    },
    screen,
  );
}

/**
 * Ends the person's sessions at every desk; they may sign in again. The session is read again before the list:
 * an administrator who ended their own is signed out here too, and the list is then not asked for (api/session.ts).
 */
export function usePersonEndSessions(screen?: ScreenHandlers<PersonView, Input<'people.endSessions'>>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (input: Input<'people.endSessions'>) => call('people.endSessions', input),
    {
      onSuccess: async () => {
        await queries.invalidateQueries({ queryKey: sessionKeys.current });
        // Not waited for: signed out, the read waits for the next sign-in (a paused query), and the dialog would with it.
        void queries.invalidateQueries({ queryKey: peopleKeys.all });
      },
    },
    screen,
  );
}
