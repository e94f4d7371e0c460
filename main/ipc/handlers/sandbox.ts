/**
 * The channel that opens the embedded sandbox's developer console. Only an administrator reaches it (the
 * dispatcher checks the profile first); the app core refuses it outside the sandbox and audits both.
 */
import { SandboxConsoleRefused } from '../../services/sandboxConsole.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';
import type { sandboxChannels } from '../contract.js';

export function sandboxHandlers({ core }: HandlerContext): HandlersOf<typeof sandboxChannels> {
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
