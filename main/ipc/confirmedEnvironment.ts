/**
 * A money channel carries the environment its confirmation named; after a switch (in another window, say)
 * nothing may go to the one now in use. Charges, batch runs and order operations ask this, before their
 * service runs.
 */
import type { EnvironmentName } from './contract.js';
import { quoted } from '../phrases/saidError.js';
import { IpcFailure } from './errors.js';

/** The environment in use, when it is the confirmed one; otherwise a refusal saying what was not done. */
export function confirmedEnvironment(current: EnvironmentName, confirmed: EnvironmentName, notDone: string): EnvironmentName {
  if (confirmed !== current) {
    throw new IpcFailure('invalidInput', quoted(`The app is now in ${current}, not ${confirmed} as confirmed; ${notDone}`));
  }
  return current;
}
