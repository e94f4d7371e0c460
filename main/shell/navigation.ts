/**
 * Keeps a web contents on the app's page: it may not navigate or be redirected anywhere else, open
 * windows, or attach a <webview>. An allow-listed link (see externalLinks.ts) goes to the default browser
 * instead, where it has none of the app's powers.
 *
 * One exception: the app's page may open the embedded sandbox's developer console, exactly its one-time
 * address, which main opens in a window of its own (consoleWindow.ts) instead of letting the page open it
 * (a window the page opened would share its session and could inherit its preload). Such a console window
 * is kept on the sandbox's origin the same way. Which kind a web contents is, is asked at each event:
 * Electron reports a window's contents as created before the code that made the window can name it.
 */
import type { WebContents } from 'electron';
import { isOnSandbox, isSandboxConsoleUrl } from './consoleWindow.js';
import { isAllowedExternalLink } from './externalLinks.js';

export interface SandboxConsolePolicy {
  /** The embedded sandbox's address (http://127.0.0.1:PORT); undefined while there is none. */
  readonly sandboxUrl: () => string | undefined;
  /** Whether the web contents is a console window's (one that open() made). */
  readonly isConsoleWindow: (contents: unknown) => boolean;
  /** Opens the console's one-time address in a console window. */
  readonly open: (url: string) => void;
}

export interface NavigationPolicy {
  readonly isAppUrl: (url: string) => boolean;
  readonly openExternal: (url: string) => Promise<void>;
  /** Without it, no console window is ever opened. */
  readonly sandboxConsole?: SandboxConsolePolicy;
}

type Guarded = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardNavigation(contents: Guarded, policy: NavigationPolicy): void {
  const sandboxConsole = policy.sandboxConsole;
  const isConsole = () => sandboxConsole?.isConsoleWindow(contents) ?? false;
  const openOutside = (url: string) => {
    if (isAllowedExternalLink(url)) policy.openExternal(url).catch(() => undefined);
  };
  const stayOnPage = (event: { preventDefault(): void }, url: string) => {
    if (isConsole()) {
      // A console window goes nowhere but the sandbox: not even an allow-listed link is followed from it.
      if (!isOnSandbox(url, sandboxConsole?.sandboxUrl())) event.preventDefault();
      return;
    }
    if (policy.isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', (event) => stayOnPage(event, event.url));
  contents.on('will-redirect', (event) => stayOnPage(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isConsole()) return { action: 'deny' };
    if (sandboxConsole && isSandboxConsoleUrl(url, sandboxConsole.sandboxUrl())) sandboxConsole.open(url);
    else openOutside(url);
    return { action: 'deny' };
  });
}
