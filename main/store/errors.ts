/**
 * What can go wrong with the app's database, in words an operator can act on (phrases: the screen words
 * them, the message is their English for the log). Every write runs in a transaction, so a failure leaves
 * the rows as they were.
 */
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';

export type StoreProblem = 'newerVersion' | 'corrupt' | 'diskFull' | 'readOnly' | 'busy' | 'duplicate' | 'unreachable' | 'other';

export class StoreError extends SaidError {
  constructor(
    readonly problem: StoreProblem,
    said: Phrase | Said,
    options?: { cause?: unknown },
  ) {
    super(said, options);
    this.name = 'StoreError';
  }
}

/** The team database cannot be reached (teamError()): the one test of it, for the callers that go on without it. */
export function isUnreachable(err: unknown): err is StoreError {
  return err instanceof StoreError && err.problem === 'unreachable';
}

/** Maps SQLite's error codes (better-sqlite3 sets `code`) to a problem with a clear, specific message. */
export function storeError(err: unknown, file: string): StoreError {
  if (err instanceof StoreError) return err;
  const code = (err as { code?: unknown })?.code;
  const options = { cause: err };
  switch (code) {
    case 'SQLITE_FULL':
      return new StoreError('diskFull', phrase('storage.diskFull', { file }), options);
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return new StoreError('corrupt', phrase('storage.corrupt', { file }), options);
    // SQLite's, and the file system's own, met making the file before SQLite opens it (store/privateFiles.ts).
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'ENOENT':
      return new StoreError('readOnly', phrase('storage.readOnly', { file }), options);
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return new StoreError('duplicate', phrase('storage.duplicate', { file }), options);
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return new StoreError('busy', phrase('storage.busy', { file }), options);
    default:
      // SQLite's own words, as the gateway's are: quoted, not translated.
      return new StoreError('other', phrase('storage.other', { file, reason: err instanceof Error ? err.message : String(err) }), options);
  }
}
