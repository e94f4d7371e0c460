/**
 * The channels of Settings' "Team database": the view (what is saved, what is in use, whether a password is
 * kept), a connection test, saving, turning team mode off, and moving this desk's records there. The password goes one way only, into the
 * keychain: nothing here reads it back.
 */
import type { AppCore } from '../../services/appCore.js';
import { VaultUnavailableError } from '../../vault/errors.js';
import type { settingsChannels, TeamDatabaseView } from '../contract.js';
import type { HandlerContext, HandlersOf } from './context.js';

async function teamDatabaseView(core: AppCore): Promise<TeamDatabaseView> {
  const saved = core.teamDatabase.saved();
  // A keychain that cannot be read leaves it unknown whether a password is kept (not "none"); why is said
  // once, at the top of Settings (SettingsView.keychainProblem).
  let passwordKept: boolean | undefined;
  try {
    passwordKept = await core.teamDatabase.passwordKept();
  } catch (err) {
    if (!(err instanceof VaultUnavailableError)) throw err;
  }
  return {
    saved,
    ...(passwordKept !== undefined ? { passwordKept } : {}),
    passwordFromEnvironment: core.teamDatabase.passwordFromEnvironment,
    inUse: core.teamDatabaseInUse,
  };
}

export function teamDatabaseHandlers({
  core,
  events,
}: HandlerContext): Pick<
  HandlersOf<typeof settingsChannels>,
  | 'settings.teamDatabase'
  | 'settings.testTeamDatabase'
  | 'settings.saveTeamDatabase'
  | 'settings.turnOffTeamDatabase'
  | 'settings.moveDeskRecords'
> {
  // The journals on screen, now perhaps another database's, hear it from the core (onTeamChange, '*').
  const changed = async (): Promise<TeamDatabaseView> => {
    events.publish({ type: 'settings.changed' });
    return teamDatabaseView(core);
  };
  return {
    'settings.teamDatabase': () => teamDatabaseView(core),
    'settings.testTeamDatabase': ({ connection, password }) => core.teamDatabase.check(connection, password),
    'settings.saveTeamDatabase': async ({ connection, password }) => {
      await core.saveTeamDatabase(connection, password);
      return changed();
    },
    'settings.turnOffTeamDatabase': async () => {
      await core.turnOffTeamDatabase();
      return changed();
    },
    'settings.moveDeskRecords': async () => {
      const moved = await core.moveDeskRecords();
      events.publish({ type: 'charges.changed' });
      events.publish({ type: 'audit.changed' });
      return moved;
    },
  };
}
