/**
 * Reads the numbers of a batch look-up from what support pastes or drops: one number per line, or a CSV
 * (comma, semicolon or tab) whose header names an orderId or orderNumber column; otherwise the first
 * column is used. csv-parse does the CSV (quotes, BOM, line endings); this file only picks the column and
 * says which lines cannot be an orderId or orderNumber and why.
 */
import { parse } from 'csv-parse/sync';
import { maskCardNumbers } from './cardNumbers.js';

export interface BatchInput {
  readonly queries: readonly string[];
  readonly duplicates: number;
  readonly skipped: readonly { readonly line: number; readonly value: string; readonly reason: string }[];
}

/** Header cells that name the column to read. */
const HEADER = /^(order[ _-]?id|order[ _-]?number|order|number|reference|query)$/i;
const MAX_ROWS = 200_000;
/** Skipped lines reported one by one; more only counted, so a wrong file does not flood the screen. */
const MAX_REPORTED = 100;

export class BatchInputError extends Error {
  override name = 'BatchInputError';
}

export function parseBatchInput(text: string): BatchInput {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw new BatchInputError(`The file is not readable as a list or CSV: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new BatchInputError('The file has no numbers in it');
  const headerColumn = records[0]!.record.findIndex((cell) => HEADER.test(cell));
  const column = Math.max(headerColumn, 0);
  const first = headerColumn >= 0 ? 1 : 0;
  if (records.length - first > MAX_ROWS)
    throw new BatchInputError(`The file has more than ${MAX_ROWS.toLocaleString('en')} rows; split it`);

  const seen = new Set<string>();
  const queries: string[] = [];
  const skipped: { line: number; value: string; reason: string }[] = [];
  let skippedCount = 0;
  let duplicates = 0;
  for (let i = first; i < records.length; i++) {
    const { record, info } = records[i]!;
    const value = record[column] ?? '';
    const reason =
      value === ''
        ? 'empty'
        : value.length > 36
          ? 'longer than 36 characters'
          : /\p{Cc}/u.test(value)
            ? 'contains control characters'
            : undefined;
    if (reason) {
      skippedCount++;
      // A card number pasted by mistake is never echoed back whole.
      if (skipped.length < MAX_REPORTED) skipped.push({ line: info.lines, value: maskCardNumbers(value.slice(0, 60)), reason });
      continue;
    }
    if (seen.has(value)) duplicates++;
    else {
      seen.add(value);
      queries.push(value);
    }
  }
  if (queries.length === 0) throw new BatchInputError(`None of the ${skippedCount} rows is an orderId or orderNumber`);
  if (skippedCount > skipped.length) skipped.push({ line: 0, value: '', reason: `and ${skippedCount - skipped.length} more rows skipped` });
  return { queries, duplicates, skipped };
}
