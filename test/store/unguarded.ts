import type { ChargeJournal, ChargeRow, NewCharge } from '../../main/store/journal.js';

/** Journals a charge with no rule refusing it: for tests of the store itself, not of the charge service's guard. */
export function beginUnguarded(journal: ChargeJournal, charge: NewCharge): ChargeRow {
  const outcome = journal.begin(charge, () => undefined);
  if (outcome.kind !== 'journalled') throw new Error('an empty guard refused nothing');
  return outcome.charge;
}
