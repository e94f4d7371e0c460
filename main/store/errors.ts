/**
 * What can go wrong with the app's database, in words an operator can act on. Every write runs in a
 * transaction, so a failure leaves the rows as they were.
 */
export type StoreProblem = 'newerVersion' | 'corrupt' | 'diskFull' | 'readOnly' | 'busy' | 'duplicate' | 'other';

export class StoreError extends Error {
  constructor(
    readonly problem: StoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

/** Maps SQLite's error codes (better-sqlite3 sets `code`) to a problem with a clear, specific message. */
export function storeError(err: unknown, file: string): StoreError {
  if (err instanceof StoreError) return err;
  const code = (err as { code?: unknown })?.code;
  switch (code) {
    case 'SQLITE_FULL':
      return new StoreError('diskFull', `The disk holding ${file} is full; nothing was written. Free some space and try again.`, {
        cause: err,
      });
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return new StoreError(
        'corrupt',
        `${file} is damaged or is not this app's database; it was left untouched. Restore it from a backup or move it aside.`,
        {
          cause: err,
        },
      );
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
      return new StoreError('readOnly', `${file} cannot be opened for writing; check its permissions and the folder's.`, { cause: err });
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return new StoreError('duplicate', `That record already exists in ${file}; nothing was written.`, { cause: err });
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return new StoreError('busy', `${file} is in use by another process; close the other copy of the app.`, { cause: err });
    default:
      return new StoreError('other', `Database error in ${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
