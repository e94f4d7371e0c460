/**
 * The channel that opens the embedded sandbox's developer console. Only an administrator reaches it (the
 * dispatcher checks the profile first); the app core refuses it outside the sandbox and audits both.
 */
import { SandboxConsoleRefused } from '../services/sandboxConsole.js';
import type { Handlers } from './dispatcher.js';
import { IpcFailure } from './errors.js';
import type { HandlerContext } from './handlers.js';

export function createSandboxConsoleHandlers({ core }: HandlerContext): Pick<Handlers, 'sandbox.console.open'> {
  return {
    'sandbox.console.open': () => {
      try {
        return { url: core.openSandboxConsole() };
      } catch (err) {
        if (err instanceof SandboxConsoleRefused) throw new IpcFailure('forbidden', err.said);
        throw err;
      }
    },
  };
}
