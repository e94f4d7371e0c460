/** A desk's records moved to the team database (Settings' "Move this desk's records"), journal by journal. */

/** One journal's move: rows copied now, rows copied by an earlier move, and those kept in the desk's file only. */
export interface MovedJournal {
  readonly moved: number;
  readonly already: number;
  /** The rows the team's journal could not take, kept in the desk's file only: a charge's reference, an operation's order id. */
  readonly kept: readonly string[];
}

export interface MovedJournals {
  readonly charges: MovedJournal;
  readonly operations: MovedJournal;
}
