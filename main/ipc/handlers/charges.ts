/**
 * The Charges workspace's channels: the form's options, one charge, the journal and its export,
 * reconciliation, and batch charges from a file (dry run, run, pause, resume, cancel, result file). The
 * environment the operator confirmed must still be the current one; what else a charge is checked
 * against is the charge services' (services/confirmedCharge.ts, services/charges.ts).
 */
import { maskCardField, maskCardNumbers } from '../../domain/cardNumbers.js';
import { maskedPhrase } from '../../phrases/masked.js';
import { phrase } from '../../phrases/phrase.js';
import { rowOutcome } from '../../services/batchCharges.js';
import { ChargeBatchError, type ChargeBatchJob } from '../../services/chargeBatches.js';
import { chargeResult, chargeView, journalCsv, journalFilter, type ChargeFilter } from '../../services/chargeViews.js';
import { askedView } from '../../services/approvals.js';
import { chargeConfirmed, reconcileCharges } from '../../services/confirmedCharge.js';
import { currencyInfo } from '../../services/money.js';
import type { ChargeRow } from '../../store/journal.js';
import type { ChargeBatchPlan, ChargeBatchRow, ChargeBatchStatus, EnvironmentName, chargesChannels } from '../contract.js';
import { confirmedEnvironment } from '../confirmedEnvironment.js';
import { isUnreachable } from '../../store/errors.js';
import { IpcFailure } from '../errors.js';
import { chargeLimitsView } from './chargeLimits.js';
import type { HandlerContext, HandlersOf } from './context.js';

/** The form's first choice where the environment accepts it (RUB, the gateway's own default). */
export const DEFAULT_CURRENCY = '643';

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
    ...(job.awaiting !== undefined ? { awaiting: { request: askedView(job.awaiting.request), why: job.awaiting.why } } : {}),
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

  const isSending = (c: ChargeRow) => core.services.charges.isSending(c);
  const senderOf = (c: ChargeRow) => core.services.charges.sender(c);
  /** Charges of an environment whose answer was lost (not those on their way): what "unknown" means on every screen. */
  const unknownCount = async (environment: string) => (await journal().open(environment)).filter((c) => !isSending(c)).length;
  /** Journal rows as the screens and the export show them, each with what it stands at now. */
  const journalViews = async (filter: ChargeFilter, limit: number) =>
    (
      await core.chargeLedger.withStanding(
        await journal().list({ ...journalFilter(filter, core.services.environment, core.services.charges.inFlightIds()), limit }),
      )
    ).map((c) => chargeView(c, senderOf(c)));

  return {
    'charges.options': async () => {
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
        openCharges: await unknownCount(environment),
      };
    },
    'charges.create': async ({ environment, ...confirmed }) => {
      sameEnvironment(environment);
      const outcome = await chargeConfirmed(core, confirmed);
      events.publish({ type: 'charges.changed' });
      if (outcome.kind === 'awaitingApproval') events.publish({ type: 'approvals.changed' });
      return chargeResult(outcome, senderOf);
    },
    'charges.journal': async ({ limit = 500, ...filter }) => {
      const environment = filter.environment ?? core.services.environment;
      // One more than asked says whether there is more, without counting the whole journal.
      const rows = await journalViews(filter, limit + 1);
      // Open rows are either on their way or unknown (their answer lost): one read, two counts.
      const open = await journal().open(environment);
      const sending = open.filter(isSending).length;
      return {
        environment,
        entries: rows.slice(0, limit),
        more: rows.length > limit,
        openCount: open.length - sending,
        sendingCount: sending,
      };
    },
    'charges.export': async (filter) => ({
      fileName: `charges-${filter.environment ?? core.services.environment}-${new Date().toISOString().slice(0, 10)}.csv`,
      mimeType: 'text/csv' as const,
      content: journalCsv(await journalViews(filter, 1_000_000)),
    }),
    'charges.reconcile': async ({ id }) => {
      const results = await reconcileCharges(core, id);
      events.publish({ type: 'charges.changed' });
      // While the team database is away there is no true count; the answers themselves are kept (the outbox).
      const stillOpen = await unknownCount(core.services.environment).catch((err: unknown) => {
        if (isUnreachable(err)) return undefined;
        throw err;
      });
      return { results: results.map((r) => chargeResult(r, senderOf)), ...(stillOpen !== undefined ? { stillOpen } : {}) };
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
    'charges.batch.run': ({ batchId, environment, reason }) =>
      batchCall(async () => {
        const planned = sameEnvironment(environment);
        const owner = core.sessions.person();
        const job = await batches.run(
          batchId,
          planned,
          () => (core.services.environment === planned ? core.services.charges : undefined),
          (plan) =>
            core.services.approvals.batchGate(
              { id: plan.fileHash, charges: plan.charges },
              core.chargeLimits.thresholds(planned),
              reason || undefined,
            ),
          owner && { id: owner.id, sessionsEnded: owner.sessionsEnded },
        );
        if (job.awaiting) events.publish({ type: 'approvals.changed' });
        return batchStatus(job);
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
