/**
 * Many rows in one INSERT: each column's values as one array parameter, unnest()ed back into rows, so that a
 * batch costs one round trip and one statement of at most a column's count of parameters, whatever its size.
 */

/** A column of the table, its PostgreSQL type (for the array's cast), and its value in a row. */
export interface Column<R> {
  readonly name: string;
  readonly type: string;
  readonly of: (row: R) => unknown;
}

/** The INSERT of a batch of rows; a row the table has already (any unique key) is left as it is. */
export const unnestInsert = <R>(table: string, columns: readonly Column<R>[], returning: string) => ({
  sql: `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
        SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})
        ON CONFLICT DO NOTHING RETURNING ${returning}`,
  values: (batch: readonly R[]) => columns.map((c) => batch.map(c.of)),
});
