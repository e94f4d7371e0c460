/** A desk's records moved to the team database (Settings' "Move this desk's records"), journal by journal. */

/**
 * One journal's move: rows copied now, rows copied by an earlier move, and those kept in the desk's file only,
 * each named (a charge by its reference, an operation by its order id).
 */
export interface MovedJournal {
  readonly moved: number;
  readonly already: number;
  /** Rows the team's journal could not take: a charge whose reference is another charge's there. */
  readonly kept: readonly string[];
  /** Rows whose outcome the desk has not learnt yet: reconciled in the desk's own file first, then moved. */
  readonly open: readonly string[];
}

export interface MovedJournals {
  readonly charges: MovedJournal;
  readonly operations: MovedJournal;
}
