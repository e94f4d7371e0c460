/**
 * The people who use the app, for administrators (people.*): the list, and an administrator's changes. Each
 * change reads the list again; a change to the person signed in reaches the session through main's
 * session.changed event (events.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, PersonView } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

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
