/**
 * Reads the numbers of a batch look-up from what support pastes or drops: one number per line, or a CSV
 * (comma, semicolon or tab: csvInput.ts, the one reader of the app's files) whose header names the
 * order's column, as a spreadsheet heads it in English or Russian ("orderNumber", "Order No", "Order ID",
 * "Номер заказа", "№ заказа"); without such a header the first column is used and the first row is an
 * order like the others. This file picks the column and says which lines cannot be an orderId or
 * orderNumber and why.
 */
import { readCsv } from './csvInput.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';

export interface BatchInput {
  readonly queries: readonly string[];
  readonly duplicates: number;
  readonly skipped: readonly { readonly line: number; readonly value: string; readonly reason: Phrase }[];
}

/**
 * Header cells that name the column to read, once lower-cased with spaces, "_", "-", ".", ":", "#" and "№"
 * taken out: "Order No.", "order_number", "ORDER ID", "Номер заказа", "№ заказа", "ID заказа".
 */
const HEADERS: ReadonlySet<string> = new Set([
  'orderid',
  'ordernumber',
  'orderno',
  'ordernr',
  'order',
  'number',
  'no',
  'reference',
  'query',
  'номерзаказа',
  'заказ',
  'заказа',
  'номер',
  'idзаказа',
  'идентификаторзаказа',
]);
const isHeader = (cell: string): boolean => HEADERS.has(cell.toLowerCase().replace(/[\s_\-.:#№]/g, ''));
const MAX_ROWS = 200_000;
/** Skipped lines reported one by one; more only counted, so a wrong file does not flood the screen. */
const MAX_REPORTED = 100;

export class BatchInputError extends SaidError {
  override name = 'BatchInputError';
}

export function parseBatchInput(text: string): BatchInput {
  let records: readonly { readonly cells: readonly string[]; readonly line: number }[];
  try {
    records = readCsv(text, { relaxQuotes: true }).rows;
  } catch (err) {
    throw new BatchInputError(phrase('batch.unreadable', { error: maskCardNumbers((err as Error).message) }));
  }
  if (records.length === 0) throw new BatchInputError(phrase('batch.noNumbers'));
  const headerColumn = records[0]!.cells.findIndex(isHeader);
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
    const { cells, line } = records[i]!;
    const value = cells[column] ?? '';
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
      if (skipped.length < MAX_REPORTED) skipped.push({ line, value: maskCardNumbers(value.slice(0, 60)), reason });
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
