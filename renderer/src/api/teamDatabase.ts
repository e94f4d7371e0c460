/**
 * The team database of Settings: its view (what is saved, what this desk uses now, whether a password is
 * kept), a connection test, saving and turning team mode off. A change puts main's answer in the cache; the
 * event main sends with it marks the rest stale (the journals may now be another database's).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, MovedDeskRecords, TeamDatabaseView } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { settingsKeys } from './settings';

export const teamDatabaseKeys = {
  view: [...settingsKeys.all, 'teamDatabase'] as const,
};

export const useTeamDatabase = () => useQuery({ queryKey: teamDatabaseKeys.view, queryFn: () => call('settings.teamDatabase', {}) });

/** Connects with what the form holds and says what it found; nothing is kept. */
export const useTeamDatabaseTest = () =>
  useEntityMutation((form: Input<'settings.testTeamDatabase'>) => call('settings.testTeamDatabase', form), {});

function useTeamDatabaseChange<I>(run: (input: I) => Promise<TeamDatabaseView>, screen?: ScreenHandlers<TeamDatabaseView, I>) {
  const queries = useQueryClient();
  return useEntityMutation(
    run,
    {
      onSuccess: (view) => void queries.setQueryData(teamDatabaseKeys.view, view),
      // A change saved but not put in use is still saved: the view is read again whatever main answered.
      onSettled: () => queries.invalidateQueries({ queryKey: teamDatabaseKeys.view }),
    },
    screen,
  );
}

/** Saves the form; the password, where typed, goes to the keychain and is never read back. */
export const useTeamDatabaseSave = (screen?: ScreenHandlers<TeamDatabaseView, Input<'settings.saveTeamDatabase'>>) =>
  useTeamDatabaseChange((form: Input<'settings.saveTeamDatabase'>) => call('settings.saveTeamDatabase', form), screen);

/** Back to this desk's own file; the password is removed from the keychain. */
export const useTeamDatabaseTurnOff = (screen?: ScreenHandlers<TeamDatabaseView, void>) =>
  useTeamDatabaseChange(() => call('settings.turnOffTeamDatabase', {}), screen);

/** Copies this desk's records to the team database in use; the journals and the audit on screen are read again (main's events). */
export const useMoveDeskRecords = (screen?: ScreenHandlers<MovedDeskRecords, void>) =>
  useEntityMutation(() => call('settings.moveDeskRecords', {}), {}, screen);
