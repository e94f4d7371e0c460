/** The embedded sandbox: its developer console, for an administrator while the app works in the sandbox. */
import { none, type ChannelsOf, type SchemasOf } from './shared.js';

export const sandboxSchemas = {
  'sandbox.console.open': none,
} satisfies SchemasOf<ChannelsOf<'sandbox'>>;

/** Where the developer console opens: a one-time address (a ticket, good once within a minute), never the control token. */
export interface SandboxConsoleLink {
  readonly url: string;
}

export interface SandboxResults {
  'sandbox.console.open': SandboxConsoleLink;
}
