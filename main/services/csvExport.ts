/**
 * Every CSV the app writes goes through here, and every text cell and column name through textCell: what
 * a spreadsheet would run is written as text, and what would reorder the text on screen is taken out. Any
 * of it can arrive from outside: an orderNumber or a reason from the gateway, a line or a column name of a
 * dropped file, a name in the audit log.
 *
 * Formulas. A cell is a formula where it begins with =, +, -, @ (or their full-width forms, which Apple
 * Numbers folds), so such a cell is written with a leading apostrophe, as is one beginning with a tab or a
 * carriage return. The start of a cell is not the only place a spreadsheet begins one: Excel in a locale
 * whose list separator is `;` (Russian among them) reads this comma-separated file split at every `;`, and
 * at every line break and tab too where it does not see a cell's quotes (a quote that is not the first
 * character of its field is an ordinary character there). A cell `x;=cmd|'/C calc'!A0;y` would then be three,
 * the middle one a formula, quoted or not. So the same apostrophe goes before =, +, -, @ after every `;`,
 * tab, CR and LF inside a cell as well, past any white space or quotes between (`x;'=cmd…`). A comma is no such
 * place: where a comma splits, csv-stringify's quotes are read, and a cell is one cell.
 *
 * Numbers stay numbers (a negative number is not a formula), except in the first column: there a negative
 * number would begin the whole run up to the next `;` in such a reading (`-5,…`), so it is written as text.
 *
 * Bidirectional formatting characters (bidiControls.ts) are taken out of every text cell, so an identifier
 * reads in the file as it is written.
 */
import { stringify } from 'csv-stringify/sync';
import { withoutBidiControls } from '../domain/bidiControls.js';

/** A column by its key in the rows, headed by that key or, where given, by another name (two may be alike). */
export type CsvColumn<Column extends string> = Column | { readonly key: Column; readonly header: string };

/** What a spreadsheet begins a formula with, full-width forms included. */
const FORMULA_CHARACTERS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/**
 * A formula's first character where a spreadsheet may begin a cell: at the start of the text, or after a
 * `;`, a tab or a line break, past any white space and quotes; the apostrophe goes right before it.
 */
const FORMULA_START = new RegExp(`(^|[;\\t\\r\\n])([\\s"]*)(?=[${FORMULA_CHARACTERS}])`, 'g');

/** A text cell (or a column name) as the file holds it: no formula anywhere a spreadsheet may start one, no bidi control. */
export function textCell(text: string): string {
  const cell = withoutBidiControls(text).replace(FORMULA_START, "$1$2'");
  // A leading tab or carriage return: a spreadsheet may drop it and read what follows as the cell's start.
  return /^[\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function exportCsv<Column extends string>(
  rows: readonly Readonly<Record<Column, string | number>>[],
  columns: readonly CsvColumn<Column>[],
): string {
  const keys = columns.map((c) => (typeof c === 'string' ? c : c.key));
  const safeRows = rows.map((row) => {
    const safe = {} as Record<Column, string | number>;
    keys.forEach((key, i) => {
      const value = row[key];
      safe[key] = typeof value === 'number' ? (i === 0 && value < 0 ? textCell(String(value)) : value) : textCell(value ?? '');
    });
    return safe;
  });
  return stringify(safeRows, {
    header: true,
    columns: columns.map((c) => (typeof c === 'string' ? { key: c, header: textCell(c) } : { key: c.key, header: textCell(c.header) })),
    // A second guard on the first character, which textCell has made safe already.
    escape_formulas: true,
  });
}
