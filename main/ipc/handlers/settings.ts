/** The app's own information and its settings, over the app core; the charge limits are in chargeLimits.ts, the team database in teamDatabase.ts. */
import { ENVIRONMENT_KINDS } from '../../gateway/environments.js';
import type { AppCore } from '../../services/appCore.js';
import { saidOf } from '../../services/settings.js';
import { VaultUnavailableError } from '../../vault/errors.js';
import { CONTRACT_VERSION } from '../channels.js';
import type { ConnectionView, EnvironmentName, SettingsView, settingsChannels } from '../contract.js';
import { chargeLimitHandlers } from './chargeLimits.js';
import { teamDatabaseHandlers } from './teamDatabase.js';
import type { HandlerContext, HandlersOf } from './context.js';

async function connectionView(core: AppCore, environment: EnvironmentName): Promise<ConnectionView> {
  const c = core.settings.connection(environment);
  const problems = core.settings.connectionProblems(environment);
  // A keychain that cannot be read leaves the credentials unknown (not "not set"); the settings view says why
  // once, in keychainProblem, rather than in every connection.
  let credentials: ConnectionView['credentials'];
  try {
    credentials = await core.settings.credentialStatus(environment);
  } catch (err) {
    if (!(err instanceof VaultUnavailableError)) problems.push(...saidOf(err));
  }
  let effectiveBaseUrl: string | undefined;
  try {
    effectiveBaseUrl = core.settings.baseUrl(environment, core.sandbox.url);
  } catch (err) {
    problems.push(...saidOf(err));
  }
  return {
    ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
    authMode: c.authMode,
    ...(c.userName ? { userName: c.userName } : {}),
    ...(c.merchantLogin ? { merchantLogin: c.merchantLogin } : {}),
    signatureRequired: c.signatureRequired,
    ...(c.gatewayRate ? { gatewayRate: c.gatewayRate } : {}),
    ...(credentials ? { credentials } : {}),
    ...(effectiveBaseUrl ? { effectiveBaseUrl } : {}),
    ...(problems.length > 0 ? { problem: problems } : {}),
  };
}

async function settingsView(core: AppCore): Promise<SettingsView> {
  const g = core.settings.general();
  const own = core.preferences();
  const entries = await Promise.all(ENVIRONMENT_KINDS.map(async (e) => [e, await connectionView(core, e)] as const));
  const refused = core.switchRefused;
  const keychainProblem = await core.settings.keychainProblem();
  return {
    general: { environment: g.environment, language: own.language, ...(own.theme ? { theme: own.theme } : {}) },
    idleMinutes: core.settings.idleMinutes(),
    // A keychain that cannot be read holds nothing as far as this says; keychainProblem says why.
    twoFactor: { required: core.settings.twoFactorRequired(), teamKeyHeld: await core.teamKey.held().catch(() => false) },
    connections: Object.fromEntries(entries) as SettingsView['connections'],
    ...(refused ? { switchRefused: { environment: refused.environment, reason: refused.reason, at: refused.at } } : {}),
    ...(keychainProblem ? { keychainProblem } : {}),
  };
}

export function settingsHandlers({ core, events, app }: HandlerContext): HandlersOf<typeof settingsChannels> {
  const changed = async (): Promise<SettingsView> => {
    events.publish({ type: 'settings.changed' });
    return settingsView(core);
  };

  return {
    'app.info': () => ({
      ...app,
      contractVersion: CONTRACT_VERSION,
      environment: core.services.environment,
      sandboxUrl: core.sandbox.url,
    }),
    'settings.get': () => settingsView(core),
    'settings.updateGeneral': async (change) => {
      await core.updateGeneral(change);
      return changed();
    },
    'settings.setIdleMinutes': ({ minutes }) => {
      core.setIdleMinutes(minutes);
      return changed();
    },
    'settings.setTwoFactorRequired': ({ required }) => {
      core.settings.setTwoFactorRequired(required);
      return changed();
    },
    'settings.setPreferences': async (change) => {
      await core.updatePreferences(change);
      return changed();
    },
    'settings.setConnection': async ({ environment, ...change }) => {
      // null clears a field; absent leaves it as it is.
      const update = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v ?? undefined]));
      await core.updateConnection(environment, update);
      return changed();
    },
    'settings.setCredential': async ({ environment, kind, secret }) => {
      await core.updateCredential(environment, kind, secret);
      return changed();
    },
    'settings.clearCredential': async ({ environment, kind }) => {
      await core.updateCredential(environment, kind, undefined);
      return changed();
    },
    'settings.checkConnection': async () => ({ ...(await core.checkConnection()), environment: core.services.environment }),
    ...chargeLimitHandlers({ core, events, app }),
    ...teamDatabaseHandlers({ core, events, app }),
  };
}
