/**
 * Every CSV the app writes goes through here: csv-stringify with a header row and `escape_formulas`, so a
 * cell that begins with =, +, -, @, a tab or a carriage return is written with a leading apostrophe and a
 * spreadsheet shows it as text instead of running it. Any of those can arrive from outside: an orderNumber
 * or a reason from the gateway, a line of a dropped file, a name in the audit log. Numbers stay numbers
 * (a negative number is not a formula).
 */
import { stringify } from 'csv-stringify/sync';

/** A column by its key in the rows, headed by that key or, where given, by another name (two may be alike). */
export type CsvColumn<Column extends string> = Column | { readonly key: Column; readonly header: string };

export function exportCsv<Column extends string>(
  rows: readonly Readonly<Record<Column, string | number>>[],
  columns: readonly CsvColumn<Column>[],
): string {
  return stringify(rows as Record<Column, string | number>[], { header: true, columns: [...columns], escape_formulas: true });
}
