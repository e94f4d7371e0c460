/**
 * Reads the numbers of a batch look-up from what support pastes or drops: one number per line, or a CSV
 * (comma, semicolon or tab) whose header names an orderId or orderNumber column; otherwise the first
 * column is used. csv-parse does the CSV (quotes, BOM, line endings); this file only picks the column and
 * says which lines cannot be an orderId or orderNumber and why.
 */
import { parse } from 'csv-parse/sync';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';

export interface BatchInput {
  readonly queries: readonly string[];
  readonly duplicates: number;
  readonly skipped: readonly { readonly line: number; readonly value: string; readonly reason: Phrase }[];
}

/** Header cells that name the column to read. */
const HEADER = /^(order[ _-]?id|order[ _-]?number|order|number|reference|query)$/i;
const MAX_ROWS = 200_000;
/** Skipped lines reported one by one; more only counted, so a wrong file does not flood the screen. */
const MAX_REPORTED = 100;

export class BatchInputError extends SaidError {
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
    throw new BatchInputError(phrase('batch.unreadable', { error: maskCardNumbers((err as Error).message) }));
  }
  if (records.length === 0) throw new BatchInputError(phrase('batch.noNumbers'));
  const headerColumn = records[0]!.record.findIndex((cell) => HEADER.test(cell));
  const column = Math.max(headerColumn, 0);
  const first = headerColumn >= 0 ? 1 : 0;
  // The phrase names the limit (200,000) in each language's own way of writing it.
  if (records.length - first > MAX_ROWS) throw new BatchInputError(phrase('batch.tooManyRows'));

  const seen = new Set<string>();
  const queries: string[] = [];
  const skipped: { line: number; value: string; reason: Phrase }[] = [];
  let skippedCount = 0;
  let duplicates = 0;
  for (let i = first; i < records.length; i++) {
    const { record, info } = records[i]!;
    const value = record[column] ?? '';
    const reason =
      value === ''
        ? phrase('batch.skipped.empty')
        : value.length > 36
          ? phrase('batch.skipped.tooLong')
          : /\p{Cc}/u.test(value)
            ? phrase('batch.skipped.control')
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
  if (queries.length === 0) throw new BatchInputError(phrase('batch.noneValid', { count: skippedCount }));
  if (skippedCount > skipped.length)
    skipped.push({ line: 0, value: '', reason: phrase('batch.skipped.more', { count: skippedCount - skipped.length }) });
  return { queries, duplicates, skipped };
}
