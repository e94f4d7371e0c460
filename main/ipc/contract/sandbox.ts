/** The embedded sandbox: its developer console, for an administrator while the app works in the sandbox. */
import { answer, type Declarations, none } from './shared.js';

export const sandboxChannels = {
  // The console arms faults and moves orders and the clock of the embedded sandbox.
  'sandbox.console.open': {
    least: 'administrator',
    writes: true,
    input: none,
    result: answer<SandboxConsoleLink>(),
  },
} satisfies Declarations;

/** Where the developer console opens: a one-time address (a ticket, good once within a minute), never the control token. */
export interface SandboxConsoleLink {
  readonly url: string;
}
