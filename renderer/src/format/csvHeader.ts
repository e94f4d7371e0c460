/**
 * Translated column names for a CSV export, when the operator asks for them (Settings): main writes every
 * file with machine-readable English names, and only its header row is rewritten here, so the rows stay
 * exactly as main wrote them. A name the catalogue does not know (a column of the operator's own file in a
 * batch's results) is kept. A header row that is not one well-formed CSV line (a quoted line break in a
 * dropped file's column name) is left as it is: the names are a courtesy, the data must not suffer.
 * csv-parse and csv-stringify are the libraries main writes with (formula-safe here too).
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';

export function withTranslatedHeader(content: string, nameOf: (column: string) => string | undefined): string {
  const end = content.indexOf('\n');
  const line = end === -1 ? content : content.slice(0, end);
  let cells: string[];
  try {
    const records = parse(line, { relax_column_count: true }) as string[][];
    if (records.length !== 1) return content;
    cells = records[0]!;
  } catch {
    return content;
  }
  const header = stringify([cells.map((c) => nameOf(c) ?? c)], { escape_formulas: true, record_delimiter: 'unix' }).replace(/\n$/, '');
  return end === -1 ? header : header + content.slice(end);
}
