/**
 * A money channel carries the environment its confirmation named; after a switch (in another window, say)
 * nothing may go to the one now in use. Charges, batch runs and order operations ask this, before their
 * service runs.
 */
import type { EnvironmentName } from './contract.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { environmentWords } from '../gateway/environments.js';
import { IpcFailure } from './errors.js';

/** The environment in use, when it is the confirmed one; otherwise a refusal saying what was not done. */
export function confirmedEnvironment(current: EnvironmentName, confirmed: EnvironmentName, notDone: Phrase): EnvironmentName {
  if (confirmed !== current) {
    throw new IpcFailure(
      'invalidInput',
      phrase('charge.environmentChanged', { current: environmentWords(current), confirmed: environmentWords(confirmed), notDone }),
    );
  }
  return current;
}
