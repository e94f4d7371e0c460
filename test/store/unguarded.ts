import type { ChargeJournal, ChargeRow, NewCharge } from '../../main/store/journal.js';
import type { NewOperation, OperationJournal, OperationRow } from '../../main/store/operations.js';

/** Journals a charge with no rule refusing it: for tests of the store itself, not of the charge service's guard. */
export async function beginUnguarded(journal: ChargeJournal, charge: NewCharge): Promise<ChargeRow> {
  const outcome = await journal.begin(charge, 0, () => undefined);
  if (outcome.kind !== 'journalled') throw new Error('an empty guard refused nothing');
  return outcome.charge;
}

/** The same for an operation on an order: what the order operations' guard would say is not asked. */
export async function beginOperationUnguarded(journal: OperationJournal, operation: NewOperation): Promise<OperationRow> {
  const outcome = await journal.begin(operation, () => undefined);
  if (outcome.kind !== 'journalled') throw new Error('an empty guard refused nothing');
  return outcome.operation;
}
