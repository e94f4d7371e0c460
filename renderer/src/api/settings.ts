/**
 * The app's settings, read and changed through one key scheme: the app's own information (the environment
 * it works in, which the top bar and every confirmation name), the settings view (general, each
 * connection, the person's language and theme) and each environment's charge limits. Every change puts
 * main's answer in the cache and reads the app's information again, so the top bar follows at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargeLimitsView, EnvironmentName, Input, SettingsView } from '../../../main/ipc/contract';
import { chargeKeys } from './charges';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const settingsKeys = {
  appInfo: ['app.info'] as const,
  /** The settings view; everything read from the settings starts with this. */
  all: ['settings'] as const,
  chargeLimits: (environment: EnvironmentName) => ['settings', 'chargeLimits', environment] as const,
};

/** Open to anyone, the sign-in screens too: read whatever the session's state (api/session.ts pauses the rest). */
export const useAppInfo = () => useQuery({ queryKey: settingsKeys.appInfo, queryFn: () => call('app.info', {}), networkMode: 'always' });
export const useSettings = () => useQuery({ queryKey: settingsKeys.all, queryFn: () => call('settings.get', {}) });

export const useChargeLimits = (environment: EnvironmentName) =>
  useQuery({ queryKey: settingsKeys.chargeLimits(environment), queryFn: () => call('settings.chargeLimits', { environment }) });

/** Main's answer to a change (the settings as they are now) put in the cache; the app's information read again. */
function useSettingsPut() {
  const queries = useQueryClient();
  return (view: SettingsView) => {
    queries.setQueryData(settingsKeys.all, view);
    void queries.invalidateQueries({ queryKey: settingsKeys.appInfo });
  };
}

/** Any change main answers with the settings view: a credential removed, the person's language or theme. */
export function useSettingsChange<I, C = unknown>(run: (input: I) => Promise<SettingsView>, screen?: ScreenHandlers<SettingsView, I, C>) {
  const put = useSettingsPut();
  return useEntityMutation(run, { onSuccess: put }, screen);
}

/**
 * Switches the environment the app works in. Main keeps a refused switch and its reason, so the settings
 * are read again whatever the answer: they show the refusal beside the selector.
 */
export function useEnvironmentSwitch(screen?: ScreenHandlers<SettingsView, EnvironmentName>) {
  const queries = useQueryClient();
  const put = useSettingsPut();
  return useEntityMutation(
    (environment: EnvironmentName) => call('settings.updateGeneral', { environment }),
    {
      onSuccess: put,
      onSettled: () => void queries.invalidateQueries({ queryKey: settingsKeys.all }),
    },
    screen,
  );
}

/** A connection's settings and the secret typed beside them (none typed keeps the stored one). */
export interface ConnectionSave {
  readonly connection: Input<'settings.setConnection'>;
  readonly kind: 'password' | 'token';
  readonly secret: string;
}

/**
 * What became of the secret: stored, kept (none typed, one stored), none (none typed or stored), or refused
 * by the keychain after the connection itself was saved.
 */
export type ConnectionSaved =
  | { readonly view: SettingsView; readonly kind: ConnectionSave['kind']; readonly secret: 'stored' | 'kept' | 'none' }
  | { readonly view: SettingsView; readonly kind: ConnectionSave['kind']; readonly secret: 'refused'; readonly err: unknown };

/** One save of a gateway environment's connection: its settings, then its secret; a refused secret does not undo the connection. */
export function useConnectionSave(
  environment: Exclude<EnvironmentName, 'sandbox'>,
  screen?: ScreenHandlers<ConnectionSaved, ConnectionSave>,
) {
  const put = useSettingsPut();
  return useEntityMutation(
    async ({ connection, kind, secret }: ConnectionSave): Promise<ConnectionSaved> => {
      let view = await call('settings.setConnection', connection);
      if (secret === '') return { view, kind, secret: view.connections[environment].credentials?.[kind] ? 'kept' : 'none' };
      try {
        view = await call('settings.setCredential', { environment, kind, secret });
        return { view, kind, secret: 'stored' };
      } catch (err) {
        return { view, kind, secret: 'refused', err };
      }
    },
    { onSuccess: (r) => put(r.view) },
    screen,
  );
}

/** Asks the gateway of the environment in use whether its connection works; nothing is kept. */
export const useConnectionCheck = () => useEntityMutation(() => call('settings.checkConnection', {}), {});

/**
 * A change of an environment's currencies or maximums: main's answer put in the cache, and the charge form's
 * options (the currencies and maximums it offers) read again.
 */
export function useChargeLimitsChange<I, C = unknown>(
  run: (input: I) => Promise<ChargeLimitsView>,
  screen?: ScreenHandlers<ChargeLimitsView, I, C>,
) {
  const queries = useQueryClient();
  return useEntityMutation(
    run,
    {
      onSuccess: (view) => {
        queries.setQueryData(settingsKeys.chargeLimits(view.environment), view);
        void queries.invalidateQueries({ queryKey: chargeKeys.options });
      },
    },
    screen,
  );
}
