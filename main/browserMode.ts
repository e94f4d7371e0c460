/**
 * Browser mode, put together: the same core and IPC contract as the Electron app, served to a browser on
 * 127.0.0.1 by the HTTP host. Used by `npm run web`, by `npm start` where Electron cannot run, and by the
 * UI tests. Plain Node; the counterpart of main/index.ts.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDispatcher } from './ipc/dispatcher.js';
import { sessionGuard } from './ipc/sessionGuard.js';
import { EventHub } from './ipc/events.js';
import { createHandlers } from './ipc/handlers.js';
import { startHttpHost, type HttpHost } from './ipc/httpHost.js';
import { AppCore } from './services/appCore.js';
import type { Vault } from './vault/vault.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BrowserModeOptions {
  readonly dataFolder: string;
  /** Seed the embedded sandbox with demo orders and cards on first run. */
  readonly demo?: boolean;
  readonly port?: number;
  readonly token?: string;
  readonly rendererDir?: string;
  readonly vault?: Vault;
  readonly log?: (line: string) => void;
  /** The locale the language starts from until one is saved; the host's by default. */
  readonly systemLocale?: string;
}

export interface BrowserMode {
  readonly core: AppCore;
  readonly host: HttpHost;
  close(): Promise<void>;
}

export async function openBrowserMode(o: BrowserModeOptions): Promise<BrowserMode> {
  const core = await AppCore.open({
    dataFolder: o.dataFolder,
    osUser: userInfo().username,
    // The host's locale, as the Electron app takes the system's: the language until one is saved.
    systemLocale: o.systemLocale ?? Intl.DateTimeFormat().resolvedOptions().locale,
    demo: o.demo ?? false,
    entry: `browser mode${o.port ? ` on port ${o.port}` : ''}`,
    ...(o.vault ? { vault: o.vault } : {}),
    ...(o.log ? { log: o.log } : {}),
  });
  const events = new EventHub();
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { name: string; version: string };
  // The person signed in at the desk guards every channel, as in the Electron app.
  const dispatch = createDispatcher(
    createHandlers({ core, events, app: { name: pkg.name, version: pkg.version, shell: 'browser', dataFolder: o.dataFolder } }),
    o.log,
    sessionGuard(core),
  );
  try {
    const host = await startHttpHost({
      dispatch,
      events,
      // Every request, the page's files as well as its calls: the app's background work gives way to them.
      calls: core.calls,
      rendererDir: o.rendererDir ?? `${root}/out/renderer`,
      bridgeFile: `${root}/resources/browser-bridge.js`,
      ...(o.port !== undefined ? { port: o.port } : {}),
      ...(o.token ? { token: o.token } : {}),
    });
    return { core, host, close: async () => (await host.close(), await core.close()) };
  } catch (err) {
    await core.close();
    throw err;
  }
}
