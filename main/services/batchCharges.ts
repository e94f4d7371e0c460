/**
 * Batch charges from a CSV file (columns clientId, bindingId, amount, currency, description): a dry run
 * that says what would be charged and what is invalid, then a run with progress, pause and cancel, and
 * a result file.
 *
 * The file may be separated by commas, semicolons (Russian Excel's default) or tabs (csvInput.ts). Amounts
 * are in major units as finance writes them, in English or Russian ("1,250.00", "1 250,00", "1234,56":
 * domain/typedAmount.ts, read the same whoever opens the file, so a form that could be thousands or
 * decimals is refused) and become minor units exactly, by the currency's ISO 4217 exponent. Each row's orderNumber is made from the file's SHA-256 and the row's line,
 * so running the same file again cannot charge anyone twice: the gateway refuses a repeated orderNumber.
 */
import { createHash } from 'node:crypto';
import cc from 'currency-codes';
import type { BindingService, BindingView } from './bindings.js';
import type { BatchChargeOutcome, BatchChargeRequest } from './charges.js';
import { chargeLimitRefusal, type CurrencyLimit, type MaximumRule } from './chargeLimits.js';
import { currencyInfo } from './money.js';
import { holdsCardNumber, maskCardNumbers } from '../domain/cardNumbers.js';
import { readTypedAmount } from '../domain/typedAmount.js';
import { amountProblemPhrase } from '../phrases/amountProblem.js';
import { readCsv } from './csvInput.js';
import { maskedPhrase } from '../phrases/masked.js';
import { exportCsv } from './csvExport.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { ChargeBatchProgress } from './views.js';

export interface PlannedCharge {
  readonly line: number;
  readonly clientId: string;
  readonly bindingId: string;
  readonly category: 'COMMON' | 'RECURRENT' | 'INSTALLMENT';
  readonly maskedPan?: string;
  readonly amount: number;
  readonly currency: string;
  readonly description?: string;
  readonly reference: string;
}

export interface InvalidRow {
  readonly line: number;
  /** What is wrong with the row, one phrase per fault (the result file has their English). */
  readonly errors: readonly Phrase[];
}

/** The file as it was given: its header and every row's cells as written, for the result file. */
export interface BatchInput {
  readonly header: readonly string[];
  readonly rows: readonly { readonly line: number; readonly cells: readonly string[] }[];
}

export interface BatchPlan {
  /** The file's id as people read it (the first 12 hex digits of its SHA-256), and its rows' order numbers' stem. */
  readonly batchId: string;
  /**
   * The file's whole SHA-256 (hex): what its charges are journalled and approved under (batch_id), so that an
   * approval holds for this very file and not for another whose 12-digit id is made to match.
   */
  readonly fileHash: string;
  readonly charges: readonly PlannedCharge[];
  readonly invalid: readonly InvalidRow[];
  readonly input: BatchInput;
}

const COLUMNS = ['clientId', 'bindingId', 'amount', 'currency', 'description'] as const;

/**
 * A file's amount in minor units of a currency with `exponent` decimals: "12.50" with exponent 2 is 1250;
 * what cannot be read, or has more decimals than the currency, is said quoting the cell.
 */
export function minorUnits(text: string, exponent: number): number | Phrase {
  const read = readTypedAmount(text, exponent, undefined);
  return read.ok ? read.minor : phrase('charge.batch.amount', { amount: text, problem: amountProblemPhrase(read.problem) });
}

function numericCurrency(text: string): string | undefined {
  const t = text.trim().toUpperCase();
  if (/^[0-9]{3}$/.test(t)) return cc.number(t) ? t : undefined;
  return cc.code(t)?.number;
}

export interface PlanOptions {
  readonly bindings: BindingService;
  /** The environment's maximum per currency (ChargeService's rule); it refuses currencies not accepted too. */
  readonly perChargeMaximum: MaximumRule;
}

/**
 * The file as its identity is taken: without a byte-order mark, with LF line ends and no trailing blanks.
 * A file pasted (browsers turn CRLF into LF) or saved again by another editor is the same file, so its
 * rows keep their order numbers and cannot be charged a second time.
 */
export function normalisedCsv(csv: string): string {
  return csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

/** The dry run: every row checked, nothing charged. */
export async function planBatch(text: string, o: PlanOptions): Promise<BatchPlan> {
  const csv = normalisedCsv(text);
  const fileHash = createHash('sha256').update(csv).digest('hex');
  const batchId = fileHash.slice(0, 12);
  let table: string[][];
  try {
    // Rows as arrays, cells as written (blanks around a cell aside, so that `a, "b"` still reads): the
    // result file gives every row back with all its columns, and a row of the wrong length is one invalid row.
    table = readCsv(csv).rows.map((r) => [...r.cells]);
  } catch (err) {
    const invalid = [{ line: 1, errors: [phrase('charge.batch.notCsv', { reason: (err as Error).message })] }];
    return { batchId, fileHash, charges: [], invalid, input: { header: [], rows: [] } };
  }
  const [header = [], ...body] = table;
  // A column is named as the format names it, whatever the case ("ClientId", "AMOUNT").
  const names = header.map((h) => COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase()) ?? h.trim());
  // Each currency's limit is read from the settings once per plan, not once per row.
  const rule = o.perChargeMaximum;
  const limits = new Map<string, CurrencyLimit>();
  const perChargeMaximum: MaximumRule =
    typeof rule === 'number'
      ? rule
      : (currency) => {
          let limit = limits.get(currency);
          if (limit === undefined) limits.set(currency, (limit = rule(currency)));
          return limit;
        };
  const input: BatchInput = { header, rows: body.map((cells, i) => ({ line: i + 2, cells })) };
  const records = body.map(
    (cells) => Object.fromEntries(names.map((name, j) => [name, (cells[j] ?? '').trim()])) as Record<string, string>,
  );
  const missing = COLUMNS.filter((c) => c !== 'description' && !names.includes(c));
  if (records.length === 0 || missing.length > 0) {
    return {
      batchId,
      fileHash,
      charges: [],
      invalid: [
        {
          line: 1,
          errors: [
            missing.length
              ? phrase('charge.batch.headerMissing', { columns: COLUMNS.join(', '), missing: missing.join(', ') })
              : phrase('charge.batch.header', { columns: COLUMNS.join(', ') }),
          ],
        },
      ],
      input,
    };
  }

  const cardsOf = new Map<string, Promise<BindingView[] | Phrase>>();
  const clientCards = (clientId: string) => {
    let p = cardsOf.get(clientId);
    if (!p) {
      p = o.bindings.list(clientId).then(
        (c) => [...c.common, ...c.recurrent, ...c.installment],
        (err: unknown) => phrase('charge.batch.cardsUnreadable', { reason: (err as Error).message }),
      );
      cardsOf.set(clientId, p);
    }
    return p;
  };

  const charges: PlannedCharge[] = [];
  const invalid: InvalidRow[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const line = i + 2; // after the header, counting from 1
    const errors: Phrase[] = [];
    const fields = body[i]!.length;
    if (fields !== names.length) errors.push(phrase('charge.batch.fieldCount', { fields, columns: names.length }));
    const clientId = r.clientId ?? '';
    const bindingId = r.bindingId ?? '';
    if (clientId === '' || clientId.length > 255) errors.push(phrase('charge.batch.clientId'));
    // Never sent to look its cards up, nor kept: ChargeService.charge refuses it when the row is run.
    const clientIsCard = holdsCardNumber(clientId);
    if (clientIsCard) errors.push(phrase('charge.batch.clientIsCard'));
    if (bindingId === '' || bindingId.length > 255) errors.push(phrase('charge.batch.bindingId'));
    const currency = numericCurrency(r.currency ?? '');
    if (!currency) errors.push(phrase('charge.batch.currency', { currency: r.currency ?? '' }));
    const amount = currency ? minorUnits(r.amount ?? '', currencyInfo(currency).exponent) : phrase('charge.batch.noCurrency');
    if (typeof amount !== 'number') errors.push(amount);
    else if (currency) {
      const overLimit = chargeLimitRefusal(perChargeMaximum, currency, amount);
      if (overLimit) errors.push(overLimit);
    }
    const description = r.description || undefined;
    if (description && description.length > 598) errors.push(phrase('charge.batch.description'));
    // What ChargeService.charge refuses when the row is run, said in the dry run.
    if (description && holdsCardNumber(description)) errors.push(phrase('charge.batch.descriptionHasCard'));
    let card: BindingView | undefined;
    if (clientId && bindingId && !clientIsCard) {
      const cards = await clientCards(clientId);
      if (!Array.isArray(cards)) errors.push(cards);
      else {
        card = cards.find((c) => c.bindingId === bindingId);
        if (!card) errors.push(phrase('charge.batch.noCard'));
        else if (card.expired) errors.push(phrase('charge.batch.cardExpired'));
        else if (card.category === 'UNKNOWN') errors.push(phrase('charge.batch.unknownCategory'));
      }
    }
    const key = `${clientId}\u0000${bindingId}\u0000${typeof amount === 'number' ? amount : ''}\u0000${currency}`;
    if (errors.length === 0 && seen.has(key)) errors.push(phrase('charge.batch.duplicate'));
    seen.add(key);
    if (errors.length > 0 || !card || typeof amount !== 'number' || !currency) {
      invalid.push({ line, errors });
      continue;
    }
    charges.push({
      line,
      clientId,
      bindingId,
      category: card.category as PlannedCharge['category'],
      ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
      amount,
      currency,
      ...(description ? { description } : {}),
      reference: `B${batchId}-${line}`,
    });
  }
  return { batchId, fileHash, charges, invalid, input };
}

/** Pause, resume and cancel a running batch from elsewhere (the UI). */
export class BatchControl {
  private paused = false;
  private cancelled = false;
  private wake?: () => void;

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake?.();
  }

  cancel(): void {
    this.cancelled = true;
    this.wake?.();
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  get isPaused(): boolean {
    return this.paused && !this.cancelled;
  }

  /** Waits while paused; true when the batch may go on. */
  async proceed(): Promise<boolean> {
    while (this.paused && !this.cancelled) await new Promise<void>((resolve) => (this.wake = resolve));
    return !this.cancelled;
  }
}

export type RowResult = { readonly planned: PlannedCharge } & (
  { readonly outcome: BatchChargeOutcome } | { readonly outcome: 'cancelled' }
);

/** A row the app itself failed on while charging it (a batch job records these): the journal says whether it was charged. */
export interface FailedRow {
  readonly planned: PlannedCharge;
  readonly outcome: 'error';
  readonly reason: Phrase;
}

/**
 * Charges the plan's rows one after another (each settles before the next), honouring pause and cancel.
 * onSending names the row whose charge is on its way: until its answer comes it is "sending", whatever
 * the wait; only an answer that is lost makes it unknown.
 */
export async function runBatch(
  plan: BatchPlan,
  charges: { charge(r: BatchChargeRequest): Promise<BatchChargeOutcome> },
  options: {
    control?: BatchControl;
    onProgress?: (p: ChargeBatchProgress) => void;
    onRow?: (r: RowResult) => void;
    onSending?: (planned: PlannedCharge | undefined) => void;
  } = {},
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  const progress = { total: plan.charges.length, done: 0, paid: 0, unknown: 0, other: 0 };
  for (const planned of plan.charges) {
    if (options.control && !(await options.control.proceed())) {
      results.push({ planned, outcome: 'cancelled' });
      options.onRow?.(results.at(-1)!);
      continue;
    }
    options.onSending?.(planned);
    const outcome = await charges.charge({
      origin: 'batch',
      batchId: plan.fileHash,
      bindingId: planned.bindingId,
      clientId: planned.clientId,
      category: planned.category,
      amount: planned.amount,
      currency: planned.currency,
      reference: planned.reference,
      ...(planned.maskedPan ? { maskedPan: planned.maskedPan } : {}),
      ...(planned.description ? { description: planned.description } : {}),
    });
    options.onSending?.(undefined);
    results.push({ planned, outcome });
    options.onRow?.({ planned, outcome });
    progress.done++;
    if (outcome.kind === 'paid') progress.paid++;
    else if (outcome.kind === 'unknown') progress.unknown++;
    else progress.other++;
    options.onProgress?.({ ...progress });
  }
  return results;
}

/** What became of a row, as the result file and the batch's status say it. */
export type RowOutcome =
  | { readonly line: number; readonly result: 'invalid'; readonly reason: readonly Phrase[] }
  | {
      readonly line: number;
      readonly result: BatchChargeOutcome['kind'] | 'cancelled' | 'error';
      readonly orderNumber: string;
      readonly orderId?: string;
      /** Why, as phrases (none for a row cancelled or charged without a word). */
      readonly reason: readonly Phrase[];
    };

/** One row's outcome from its result (charged or not) or from the dry run (invalid). */
export function rowOutcome(r: RowResult | FailedRow): RowOutcome {
  const { planned, outcome } = r;
  const charge = typeof outcome !== 'string' && 'charge' in outcome ? outcome.charge : undefined;
  const reason: Phrase | undefined =
    outcome === 'cancelled'
      ? undefined
      : outcome === 'error'
        ? 'reason' in r
          ? r.reason
          : undefined
        : outcome.kind === 'refused'
          ? outcome.reason
          : outcome.kind === 'needsConfirmation'
            ? phrase('charge.batch.sameWithinTen')
            : charge?.reason;
  return {
    line: planned.line,
    result: typeof outcome === 'string' ? outcome : outcome.kind,
    orderNumber: planned.reference,
    ...(charge?.orderId ? { orderId: charge.orderId } : {}),
    // Reasons can quote the file or the gateway: card-like digit runs never leave whole.
    reason: reason ? [maskedPhrase(reason)] : [],
  };
}

/** A row's reasons in the result file: their English, as the file has always had them. */
const reasonText = (reasons: readonly Phrase[]): string => maskCardNumbers(reasons.map((p) => english(p)).join('; '));

/** The names added after the file's own columns; one the file already uses gets " (result)" after it. */
const ADDED = ['line', 'result', 'orderNumber', 'orderId', 'reason'] as const;

/**
 * The result file: every row of the file, in its order, with every one of its columns as written (amounts
 * in the file's own format), then what became of it: its line, result (paid, declined, failed, unknown,
 * refused, cancelled, error, invalid, or not reached), order number and ID, and why. Card-like digit runs
 * are masked in every cell.
 */
export function batchResultCsv(plan: BatchPlan, results: readonly (RowResult | FailedRow)[]): string {
  const outcomes = new Map<number, RowOutcome>();
  for (const i of plan.invalid) outcomes.set(i.line, { line: i.line, result: 'invalid', reason: i.errors.map(maskedPhrase) });
  for (const r of results) outcomes.set(r.planned.line, rowOutcome(r));
  const { header, rows } = plan.input;
  const width = Math.max(header.length, ...rows.map((r) => r.cells.length));
  const taken = new Set(header.map((h) => h.trim()));
  const added = ADDED.map((name) => (taken.has(name) ? `${name} (result)` : name));
  // Columns by position: a file may name two columns alike, or have rows longer than its header.
  const columns = [
    ...Array.from({ length: width }, (_, j) => ({ key: `c${j}`, header: header[j] ?? `column ${j + 1}` })),
    ...ADDED.map((key, j) => ({ key, header: added[j]! })),
  ];
  const lines = rows.map(({ line, cells }) => {
    const o = outcomes.get(line);
    return {
      ...Object.fromEntries(Array.from({ length: width }, (_, j) => [`c${j}`, maskCardNumbers(cells[j] ?? '')])),
      line,
      result: o?.result ?? 'not reached',
      orderNumber: o && 'orderNumber' in o ? o.orderNumber : '',
      orderId: o && 'orderId' in o ? (o.orderId ?? '') : '',
      reason: o ? reasonText(o.reason) : '',
    };
  });
  // A file refused as a whole (no header, not CSV) has no rows to give back: its reason is the result.
  if (rows.length === 0) {
    for (const i of plan.invalid)
      lines.push({ line: i.line, result: 'invalid', orderNumber: '', orderId: '', reason: reasonText(i.errors) });
  }
  return exportCsv(lines, columns);
}
