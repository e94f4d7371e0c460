/**
 * What the preload script needs of the contract at run time, with no dependencies: the event channel, the
 * contract's version, and how it learns the channel names. The names are declared in the contract
 * (contract.ts) with their schemas, which stay in main; main's window passes them to the preload as a
 * command-line argument (webPreferences.additionalArguments, which a sandboxed preload reads from
 * process.argv), so a name outside the contract is refused before any message is sent.
 */

/** The one channel main pushes events on (progress of long jobs, environment changes). */
export const EVENT_CHANNEL = 'app.event';

/** Bumped when a channel's input or result changes shape; the renderer shows it in About. */
export const CONTRACT_VERSION = 3;

const ARGUMENT = '--app-channels=';

/** The argument main's window gives the preload: every channel name. */
export const channelsArgument = (names: readonly string[]): string => `${ARGUMENT}${names.join(',')}`;

/** The channel names main gave the preload; none when it gave none (every call is then refused). */
export function channelsFromArgv(argv: readonly string[]): ReadonlySet<string> {
  const given = argv.find((a) => a.startsWith(ARGUMENT));
  return new Set(given ? given.slice(ARGUMENT.length).split(',').filter(Boolean) : []);
}
