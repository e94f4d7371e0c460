/**
 * The one reader of the CSV files the app is given (batch look-ups, batch charges): csv-parse does the
 * CSV (quotes, byte-order mark, line endings); this picks the separator the file uses. Spreadsheets write
 * ","; Russian Excel writes ";" (its decimal sign is the comma); a paste from a spreadsheet has tabs. The
 * header line (the first line that is not blank) says which: the candidate it has most of outside quotes,
 * "," where it has none. A first line "sep=;" (Excel's own hint) names it outright and is not a row.
 */
import { parse } from 'csv-parse/sync';

export type CsvSeparator = ',' | ';' | '\t';

export interface CsvRow {
  /** The row's cells, blanks around each taken off. */
  readonly cells: readonly string[];
  /** The file's line the row ends on, counting from 1. */
  readonly line: number;
}

export interface CsvTable {
  readonly separator: CsvSeparator;
  /** Every row that is not blank, in the file's order. */
  readonly rows: readonly CsvRow[];
}

const CANDIDATES: readonly CsvSeparator[] = [',', ';', '\t'];
const HINT = /^sep=([,;\t])[ \t]*(?:\r\n|\r|\n|$)/i;

/** The separator the first line that is not blank uses most outside quotes; "," when it uses none. */
export function detectSeparator(text: string): CsvSeparator {
  const line =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\r|\n/)
      .find((l) => l.trim() !== '') ?? '';
  const counts = new Map<CsvSeparator, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as CsvSeparator)) counts.set(ch as CsvSeparator, counts.get(ch as CsvSeparator)! + 1);
  }
  let best: CsvSeparator = ',';
  for (const c of CANDIDATES) if (counts.get(c)! > counts.get(best)!) best = c;
  return best;
}

/**
 * The rows of a CSV text with the separator it uses. `relaxQuotes` reads a quote inside an unquoted cell
 * as a character (text pasted by hand); without it such a file is refused. Throws csv-parse's error for a
 * text that is not CSV.
 */
export function readCsv(text: string, options: { readonly relaxQuotes?: boolean } = {}): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  const hint = HINT.exec(body);
  const separator = hint ? (hint[1] as CsvSeparator) : detectSeparator(body);
  const records = parse(body, {
    delimiter: separator,
    from_line: hint ? 2 : 1,
    relax_column_count: true,
    relax_quotes: options.relaxQuotes ?? false,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return { separator, rows: records.map(({ record, info }) => ({ cells: record, line: info.lines })) };
}
