/**
 * The Charges workspace's channels: the form's options, one charge, the journal and its export,
 * reconciliation, and batch charges from a file (dry run, run, pause, resume, cancel, result file).
 *
 * What the operator confirmed is checked against what is true before anything is journalled: the
 * environment on screen must still be the current one, and the card must be one of the client's cards
 * the gateway lists now, enabled, not expired, in the category the confirmation named. A charge refused
 * here is audited like one the charge service refuses.
 */
import { rowOutcome } from '../../services/batchCharges.js';
import { ChargeBatchError, type ChargeBatchJob } from '../../services/chargeBatches.js';
import type { ChargeOutcome } from '../../services/charges.js';
import { currencyInfo } from '../../services/money.js';
import { maskCardField, maskCardNumbers } from '../../domain/cardNumbers.js';
import { exportCsv } from '../../services/csvExport.js';
import { StoredCards } from '../../services/storedCards.js';
import type { ChargeRow, JournalFilter } from '../../store/journal.js';
import { chargeStanding, type ChargeWithStanding } from '../../services/chargeStanding.js';
import type {
  ChargeBatchPlan,
  ChargeBatchRow,
  ChargeBatchStatus,
  ChargeResult,
  ChargeView,
  EnvironmentName,
  ParsedInput,
  chargesChannels,
} from '../contract.js';
import { chargeLimitsView } from './chargeLimits.js';
import { confirmedEnvironment } from '../confirmedEnvironment.js';
import { english } from '../../phrases/english.js';
import { phrase, type Phrase } from '../../phrases/phrase.js';
import { environmentWords } from '../../gateway/environments.js';
import { maskedPhrase } from '../../phrases/masked.js';
import { categoryWords } from '../../services/chargeWords.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { OrderStatus } from '../../domain/orderStatus.js';

/** The form's first choice where the environment accepts it (RUB, the gateway's own default). */
export const DEFAULT_CURRENCY = '643';

/** A charge's state as it was settled, in the words finance uses: held and charged are both paid, and say which. */
export function stateWords(c: Pick<ChargeRow, 'state' | 'orderStatus'>): Phrase {
  switch (c.state) {
    case 'PAID':
      return phrase(
        c.orderStatus === OrderStatus.HELD
          ? 'charge.state.held'
          : c.orderStatus === OrderStatus.REVERSED
            ? 'charge.state.heldReversed'
            : c.orderStatus === OrderStatus.REFUNDED
              ? 'charge.state.chargedRefunded'
              : 'charge.state.charged',
      );
    case 'DECLINED':
      return phrase('charge.state.declined');
    case 'FAILED':
      return phrase('charge.state.failed');
    case 'UNKNOWN':
      return phrase('charge.state.unknown');
    case 'PENDING':
      return phrase('charge.state.sending');
  }
}

/**
 * The charge as the screens and the export show it: its latest state (charged, refunded, net and the
 * order's status, from chargeStanding) and, while open, whether it is being sent or its answer was lost.
 */
export function chargeView(c: ChargeWithStanding, sending: boolean): ChargeView {
  const info = currencyInfo(c.currency);
  const s = c.standing;
  const words = s ? s.words : c.state === 'PENDING' ? phrase(sending ? 'charge.state.sending' : 'charge.state.stopped') : stateWords(c);
  return {
    id: c.id,
    environment: c.environment,
    orderNumber: c.orderNumber,
    ...(c.orderId ? { orderId: c.orderId } : {}),
    amount: c.amount,
    currency: c.currency,
    ...(info.alpha ? { currencyAlpha: info.alpha } : {}),
    exponent: info.exponent,
    bindingId: c.bindingId,
    clientId: c.clientId,
    category: c.category,
    ...(c.maskedPan ? { maskedPan: maskCardField(c.maskedPan) } : {}),
    ...(c.description ? { description: c.description } : {}),
    operator: c.operator,
    state: c.state,
    stateWords: words,
    sending: c.state === 'PENDING' && sending,
    ...(s
      ? {
          standing: {
            charged: s.charged,
            refunded: s.refunded,
            net: s.net,
            held: s.held,
            ...(s.orderStatus !== undefined ? { orderStatus: s.orderStatus } : {}),
            asOf: s.asOf,
            source: s.source,
          },
        }
      : {}),
    ...(c.orderStatus !== undefined ? { orderStatus: c.orderStatus } : {}),
    ...(c.actionCode !== undefined ? { actionCode: c.actionCode } : {}),
    ...(c.reason ? { reason: maskedPhrase(c.reason) } : {}),
    at: c.at,
    updatedAt: c.updatedAt,
  };
}

/** A charge just made or reconciled, with what its own answer says (no look-up or operation can have followed yet). */
const freshView = (c: ChargeRow, sending: boolean): ChargeView => {
  const standing = chargeStanding(c, undefined, []);
  return chargeView(standing ? { ...c, standing } : c, sending);
};

export function chargeResult(o: ChargeOutcome, isSending: (c: ChargeRow) => boolean = () => false): ChargeResult {
  switch (o.kind) {
    case 'refused':
      return { outcome: 'refused', reason: maskedPhrase(o.reason) };
    case 'needsConfirmation':
      return { outcome: 'needsConfirmation', why: o.why, earlier: o.earlier.map((c) => freshView(c, isSending(c))) };
    case 'failed':
    case 'unknown':
      return { outcome: o.kind, charge: freshView(o.charge, isSending(o.charge)), ...(o.detail ? { detail: o.detail } : {}) };
    default:
      return { outcome: o.kind, charge: freshView(o.charge, isSending(o.charge)) };
  }
}

type Filter = ParsedInput<'charges.export'>;

function journalFilter(f: Filter, current: EnvironmentName, inFlight: readonly number[]): JournalFilter {
  const open = { states: ['PENDING', 'UNKNOWN'] as const };
  return {
    environment: f.environment ?? current,
    ...(f.state === 'open'
      ? open
      : f.state === 'unknown'
        ? { ...open, sending: { ids: inFlight, keep: 'exclude' as const } }
        : f.state === 'sending'
          ? { ...open, sending: { ids: inFlight, keep: 'only' as const } }
          : f.state
            ? { state: f.state }
            : {}),
    ...(f.text !== undefined ? { text: f.text } : {}),
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
  };
}

/**
 * The journal as CSV, with the same figures as the screen: the amount asked, then what was charged,
 * refunded and is left (net) as of the latest look-up or operation, in minor units with their exponent
 * (empty while the outcome is unknown); times in ISO 8601 UTC.
 */
function journalCsv(rows: readonly ChargeView[]): string {
  return exportCsv(
    rows.map((c) => ({
      at: new Date(c.at).toISOString(),
      environment: c.environment,
      orderNumber: c.orderNumber,
      orderId: c.orderId ?? '',
      clientId: c.clientId,
      bindingId: c.bindingId,
      category: c.category,
      maskedPan: c.maskedPan ?? '',
      amount: c.amount,
      charged: c.standing?.charged ?? '',
      refunded: c.standing?.refunded ?? '',
      net: c.standing?.net ?? '',
      currency: c.currency,
      exponent: c.exponent,
      state: c.state,
      // The export keeps machine-readable English (the screen words the phrases in the language shown).
      stateWords: english(c.stateWords),
      orderStatus: c.standing?.orderStatus ?? c.orderStatus ?? '',
      asOf: c.standing ? new Date(c.standing.asOf).toISOString() : '',
      actionCode: c.actionCode ?? '',
      reason: c.reason ? english(c.reason) : '',
      operator: c.operator,
      updatedAt: new Date(c.updatedAt).toISOString(),
    })),
    [
      'at',
      'environment',
      'orderNumber',
      'orderId',
      'clientId',
      'bindingId',
      'category',
      'maskedPan',
      'amount',
      'charged',
      'refunded',
      'net',
      'currency',
      'exponent',
      'state',
      'stateWords',
      'orderStatus',
      'asOf',
      'actionCode',
      'reason',
      'operator',
      'updatedAt',
    ],
  );
}

function planView(job: ChargeBatchJob): ChargeBatchPlan {
  const totals = new Map<string, { amount: number; count: number }>();
  for (const c of job.plan.charges) {
    const t = totals.get(c.currency) ?? { amount: 0, count: 0 };
    totals.set(c.currency, { amount: t.amount + c.amount, count: t.count + 1 });
  }
  const withCurrency = (currency: string) => {
    const info = currencyInfo(currency);
    return { ...(info.alpha ? { currencyAlpha: info.alpha } : {}), exponent: info.exponent };
  };
  return {
    batchId: job.plan.batchId,
    environment: job.environment as EnvironmentName,
    charges: job.plan.charges.map((c) => ({
      line: c.line,
      clientId: c.clientId,
      bindingId: c.bindingId,
      category: c.category,
      ...(c.maskedPan ? { maskedPan: maskCardField(c.maskedPan) } : {}),
      amount: c.amount,
      currency: c.currency,
      ...withCurrency(c.currency),
      ...(c.description ? { description: c.description } : {}),
      reference: c.reference,
    })),
    invalid: job.plan.invalid.map((i) => ({ line: i.line, errors: i.errors.map(maskedPhrase) })),
    totals: [...totals].map(([currency, t]) => ({ currency, ...withCurrency(currency), amount: t.amount, count: t.count })),
  };
}

/**
 * Every row of the file with what became of it so far: its result, "sending" for the row whose answer is
 * awaited (however long it takes; only a lost answer is "unknown"), "waiting" for those not reached yet,
 * "invalid" for those the dry run left out. Client and amount are as the file writes them.
 */
function batchStatus(job: ChargeBatchJob): ChargeBatchStatus {
  const { input } = job.plan;
  const names = input.header.map((h) => h.trim());
  const cell = (cells: readonly string[], name: string) => maskCardNumbers((cells[names.indexOf(name)] ?? '').trim());
  const done = new Map(job.results.map((r) => [r.planned.line, rowOutcome(r)]));
  const invalid = new Map(job.plan.invalid.map((i) => [i.line, i.errors.map(maskedPhrase)]));
  const planned = new Map(job.plan.charges.map((c) => [c.line, c]));
  const rows: ChargeBatchRow[] = input.rows.map(({ line, cells }) => {
    const base = { line, clientId: cell(cells, 'clientId'), amountText: cell(cells, 'amount') };
    const o = done.get(line);
    if (o && o.result !== 'invalid') {
      return {
        ...base,
        result: o.result,
        orderNumber: o.orderNumber,
        ...(o.orderId ? { orderId: o.orderId } : {}),
        ...(o.reason.length > 0 ? { reason: o.reason } : {}),
      };
    }
    const why = invalid.get(line);
    if (why !== undefined) return { ...base, result: 'invalid', orderNumber: '', reason: why };
    return { ...base, result: job.sending?.line === line ? 'sending' : 'waiting', orderNumber: planned.get(line)?.reference ?? '' };
  });
  // A file refused as a whole has no rows: its reason stands as line 1.
  if (input.rows.length === 0) {
    for (const [line, reason] of invalid) rows.push({ line, clientId: '', amountText: '', result: 'invalid', orderNumber: '', reason });
  }
  return {
    batchId: job.plan.batchId,
    environment: job.environment as EnvironmentName,
    state: job.state,
    progress: job.progress,
    rows,
    ...(job.failure !== undefined ? { failure: job.failure } : {}),
  };
}

/** Failures of the batch layer in the contract's terms. */
async function batchCall<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof ChargeBatchError) throw new IpcFailure(err.reason === 'notFound' ? 'notFound' : 'invalidInput', err.said);
    throw err;
  }
}

export function chargesHandlers({ core, events }: HandlerContext): HandlersOf<typeof chargesChannels> {
  const journal = () => core.services.charges.journal;
  const batches = core.chargeBatches;

  /** The environment the operator confirmed must be the one charges would go to now. */
  const sameEnvironment = (confirmed: EnvironmentName) =>
    confirmedEnvironment(core.services.environment, confirmed, phrase('charge.notDone.charged'));

  const refused = (bindingId: string, reason: Phrase) => chargeResult(core.services.charges.refused(bindingId, reason));
  const isSending = (c: ChargeRow) => core.services.charges.isSending(c);
  /** Charges of an environment whose answer was lost (not those on their way): what "unknown" means on every screen. */
  const unknownCount = (environment: string) =>
    journal()
      .open(environment)
      .filter((c) => !isSending(c)).length;
  /** Journal rows as the screens and the export show them, each with what it stands at now. */
  const journalViews = (filter: Filter, limit: number) =>
    core.chargeLedger
      .withStanding(journal().list({ ...journalFilter(filter, core.services.environment, core.services.charges.inFlightIds()), limit }))
      .map((c) => chargeView(c, isSending(c)));

  return {
    'charges.options': () => {
      const environment = core.services.environment;
      // Only the currencies the environment accepts, each with its own maximum there.
      const { currencies, currenciesFrom } = chargeLimitsView(core, environment);
      return {
        environment,
        currencies,
        currenciesFrom,
        defaultCurrency: currencies.some((c) => c.numeric === DEFAULT_CURRENCY)
          ? DEFAULT_CURRENCY
          : (currencies[0]?.numeric ?? DEFAULT_CURRENCY),
        openCharges: unknownCount(environment),
      };
    },
    'charges.create': async (r) => {
      const environment = sameEnvironment(r.environment);
      // One environment's services from the check to the charge: a switch meanwhile must not send the charge elsewhere.
      const services = core.services;
      // The card as the gateway lists it now, among the client's: the right card, in the category confirmed.
      const stored = new StoredCards({ environment, bindings: services.bindings, known: core.knownBindings });
      const card = (await stored.find({ clientId: r.clientId }, true)).find((c) => c.bindingId === r.bindingId);
      if (!card) return refused(r.bindingId, phrase('charge.refused.noSuchCard', { client: r.clientId, binding: r.bindingId }));
      if (!card.enabled) return refused(r.bindingId, phrase('charge.refused.cardDisabled'));
      if (card.expired) return refused(r.bindingId, phrase('charge.refused.cardExpired'));
      if (card.category !== r.category) {
        return refused(
          r.bindingId,
          phrase('charge.refused.categoryDiffers', { filed: categoryWords(card.category), confirmed: categoryWords(r.category) }),
        );
      }
      if (core.services.environment !== environment) {
        throw new IpcFailure(
          'invalidInput',
          phrase('charge.switchedWhileChecking', { environment: environmentWords(core.services.environment) }),
        );
      }
      const outcome = await services.charges.charge({
        bindingId: r.bindingId,
        clientId: r.clientId,
        category: r.category,
        amount: r.amount,
        currency: r.currency,
        ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
        ...(r.description !== undefined ? { description: r.description } : {}),
        ...(r.reference !== undefined ? { reference: r.reference } : {}),
        ...(r.confirmRepeat !== undefined ? { confirmRepeat: r.confirmRepeat } : {}),
      });
      events.publish({ type: 'charges.changed' });
      return chargeResult(outcome, isSending);
    },
    'charges.journal': ({ limit = 500, ...filter }) => {
      const environment = filter.environment ?? core.services.environment;
      // One more than asked says whether there is more, without counting the whole journal.
      const rows = journalViews(filter, limit + 1);
      // Open rows are either on their way or unknown (their answer lost): one read, two counts.
      const open = journal().open(environment);
      const sending = open.filter(isSending).length;
      return {
        environment,
        entries: rows.slice(0, limit),
        more: rows.length > limit,
        openCount: open.length - sending,
        sendingCount: sending,
      };
    },
    'charges.export': (filter) => ({
      fileName: `charges-${filter.environment ?? core.services.environment}-${new Date().toISOString().slice(0, 10)}.csv`,
      mimeType: 'text/csv' as const,
      content: journalCsv(journalViews(filter, 1_000_000)),
    }),
    'charges.reconcile': async ({ id }) => {
      const charges = core.services.charges;
      let results: ChargeOutcome[];
      if (id === undefined) results = await charges.reconcileAll();
      else {
        const row = journal().get(id);
        if (!row || row.environment !== core.services.environment) {
          throw new IpcFailure('notFound', phrase('charge.noSuchCharge', { id, environment: environmentWords(core.services.environment) }));
        }
        if (row.state !== 'PENDING' && row.state !== 'UNKNOWN') {
          throw new IpcFailure('invalidInput', phrase('charge.alreadySettled', { orderNumber: row.orderNumber, state: stateWords(row) }));
        }
        results = [await charges.reconcile(row)];
      }
      events.publish({ type: 'charges.changed' });
      return { results: results.map((r) => chargeResult(r, isSending)), stillOpen: unknownCount(core.services.environment) };
    },
    'charges.batch.plan': ({ text }) =>
      batchCall(async () => {
        const environment = core.services.environment;
        const job = await batches.plan(text, environment, {
          bindings: core.services.bindings,
          perChargeMaximum: (currency) => core.chargeLimits.limit(environment, currency),
          charges: core.services.charges,
        });
        return planView(job);
      }),
    'charges.batch.run': ({ batchId, environment }) =>
      batchCall(() => {
        const planned = sameEnvironment(environment);
        return batchStatus(
          batches.run(batchId, planned, () => (core.services.environment === planned ? core.services.charges : undefined)),
        );
      }),
    'charges.batch.pause': ({ batchId }) => batchCall(() => batchStatus(batches.pause(batchId))),
    'charges.batch.resume': ({ batchId }) => batchCall(() => batchStatus(batches.resume(batchId))),
    'charges.batch.cancel': ({ batchId }) => batchCall(() => batchStatus(batches.cancel(batchId))),
    'charges.batch.status': ({ batchId }) => batchCall(() => batchStatus(batches.status(batchId))),
    'charges.batch.export': ({ batchId }) =>
      batchCall(() => ({
        fileName: `charges-batch-${batchId}.csv`,
        mimeType: 'text/csv' as const,
        content: batches.csv(batchId),
      })),
  };
}
