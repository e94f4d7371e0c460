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

/**
 * A change that may be the person's own at this desk: the session is read again before the list. An administrator
 * who ended their own sessions is signed out here too, and the list is then not asked for (api/session.ts).
 */
function usePersonChangeOfSession<I>(run: (input: I) => Promise<PersonView>, screen?: ScreenHandlers<PersonView, I>) {
  const queries = useQueryClient();
  return useEntityMutation(
    run,
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

/** Removes a person's second factor (a lost phone, no recovery code left): they enrol again. */
export const usePersonResetTwoFactor = (screen?: ScreenHandlers<PersonView, Input<'people.resetTwoFactor'>>) =>
  usePersonChangeOfSession((input: Input<'people.resetTwoFactor'>) => call('people.resetTwoFactor', input), screen);

/** Ends the person's sessions at every desk; they may sign in again. */
export const usePersonEndSessions = (screen?: ScreenHandlers<PersonView, Input<'people.endSessions'>>) =>
  usePersonChangeOfSession((input: Input<'people.endSessions'>) => call('people.endSessions', input), screen);
