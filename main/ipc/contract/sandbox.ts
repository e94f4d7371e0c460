/** The embedded sandbox: its developer console, for an administrator while the app works in the sandbox. */
import { writes, type Declarations, none } from './shared.js';

export const sandboxChannels = {
  // The console arms faults and moves orders and the clock of the embedded sandbox.
  'sandbox.console.open': writes('administrator', none).answers<SandboxConsoleLink>(),
} satisfies Declarations;

/** Where the developer console opens: a one-time address (a ticket, good once within a minute), never the control token. */
export interface SandboxConsoleLink {
  readonly url: string;
}
