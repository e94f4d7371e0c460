/**
 * Wrong passwords (or passphrases) in a row: the first few are checked at once, then each next attempt waits
 * a doubling time after the last wrong one, up to a quarter of an hour. Kept in the store (per login for the
 * accounts, in the settings for the role profile), so a restart or another window does not reset it.
 */

/** Wrong ones in a row that are checked at once; after these, each attempt waits. */
export const FREE_ATTEMPTS = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;

/** How long after the last wrong one the next attempt waits, after `failures` wrong ones in a row. */
export const waitAfter = (failures: number): number =>
  failures < FREE_ATTEMPTS ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_ATTEMPTS), LONGEST_WAIT_MS);
