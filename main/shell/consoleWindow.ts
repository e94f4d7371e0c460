/**
 * The embedded sandbox's developer console in a window of its own: the one page besides the app's that the
 * shell opens. It is the sandbox's own web page, trusted with nothing of the app's: no preload (so no IPC),
 * Chromium's sandbox, its own JavaScript world, and a session partition of its own, so that its cookie
 * (the console's session) and the app's storage never meet. It may go anywhere on the sandbox's origin
 * (the ticket's redirect, the console's files) and nowhere else.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { HARDENED_PREFERENCES, WINDOW_FRAME } from './window.js';

/** In memory (no "persist:"): the console's session cookie lasts for the launch, as the sandbox's sessions do. */
export const CONSOLE_PARTITION = 'sandbox-console';

export function consoleWindowOptions(): BrowserWindowConstructorOptions {
  return { ...WINDOW_FRAME, title: 'Sandbox developer console', webPreferences: { partition: CONSOLE_PARTITION, ...HARDENED_PREFERENCES } };
}

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/** A ticket as the sandbox issues them (32 random bytes in base64url); anything else is not one. */
const TICKET = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Exactly the console's one-time address on the embedded sandbox: its origin, /sandbox/console, one
 * `ticket` and nothing else (no credentials, fragment, other parameters, or the launch-long ?token=).
 */
export function isSandboxConsoleUrl(url: string, sandboxUrl: string | undefined): boolean {
  const u = parse(url);
  const sandbox = sandboxUrl === undefined ? undefined : parse(sandboxUrl);
  if (!u || !sandbox || u.origin !== sandbox.origin || u.username !== '' || u.password !== '' || u.hash !== '') return false;
  if (u.pathname !== '/sandbox/console') return false;
  const keys = [...u.searchParams.keys()];
  return keys.length === 1 && keys[0] === 'ticket' && TICKET.test(u.searchParams.get('ticket') ?? '');
}

/** Whether a console window may navigate or be redirected there: the embedded sandbox's origin only. */
export function isOnSandbox(url: string, sandboxUrl: string | undefined): boolean {
  const u = parse(url);
  const sandbox = sandboxUrl === undefined ? undefined : parse(sandboxUrl);
  return u !== undefined && sandbox !== undefined && u.origin === sandbox.origin && u.username === '' && u.password === '';
}
