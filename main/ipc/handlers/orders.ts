/** Orders: look-ups, money moved on one order (deposit, reverse, refund), and batch look-ups. */
import type { OperationOutcome } from '../../services/orderOperations.js';
import { askedView } from '../../services/approvals.js';
import { BatchInputError } from '../../services/batchInput.js';
import { BatchRetryError, UnknownBatchError, type BatchLine } from '../../services/batchLookups.js';
import { phrase } from '../../phrases/phrase.js';
import type { BatchRow, EnvironmentName, OperationResult, ordersChannels } from '../contract.js';
import { confirmedEnvironment } from '../confirmedEnvironment.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';

function batchRow({ line, result: r }: BatchLine): BatchRow {
  if (r.kind === 'failed') return { line, query: r.query, result: r.kind, reason: r.reason, ...(r.detail ? { detail: r.detail } : {}) };
  if (r.kind !== 'found') return { line, query: r.query, result: r.kind };
  const o = r.order;
  return {
    line,
    query: r.query,
    result: r.kind,
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    ...(o.status !== undefined ? { status: o.status } : {}),
    statusWords: o.statusWords,
    paid: o.paid,
    amount: o.amount,
    exponent: o.exponent,
    currency: o.currencyAlpha ?? o.currency,
    ...(o.card?.maskedPan ? { maskedPan: o.card.maskedPan } : {}),
    ...(o.registeredAt !== undefined ? { registeredAt: o.registeredAt } : {}),
    // The gateway's reason matters where something did not go through; "processed successfully" is noise.
    ...(o.actionCodeDescription && o.actionCode !== 0
      ? { reason: [phrase('batch.gatewayReason', { reason: o.actionCodeDescription })] }
      : {}),
  };
}

/** Failures of the batch layer in the contract's terms. */
function batchCall<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof UnknownBatchError) throw new IpcFailure('notFound', err.said);
    if (err instanceof BatchInputError || err instanceof BatchRetryError) throw new IpcFailure('invalidInput', err.said);
    throw err;
  }
}

/** An operation's outcome as the screens read it. */
export async function operationResult(
  { core, events }: Pick<HandlerContext, 'core' | 'events'>,
  kind: OperationResult['operation'],
  outcome: OperationOutcome,
  orderId: string,
): Promise<OperationResult> {
  if (outcome.kind === 'notSent') return { operation: kind, outcome: 'notSent', reason: outcome.reason };
  if (outcome.kind === 'awaitingApproval') {
    events.publish({ type: 'approvals.changed' });
    return { operation: kind, outcome: 'awaitingApproval', reason: outcome.why, request: askedView(outcome.request) };
  }
  if (outcome.kind === 'wayChanged') {
    const { chance, reversible } = outcome.plan;
    const way = kind === 'reverse' ? 'refund' : 'reverse';
    return { operation: kind, outcome: 'wayChanged', plan: { way, chance, ...(reversible !== undefined ? { reversible } : {}) } };
  }
  if (outcome.kind === 'needsConfirmation') {
    return {
      operation: kind,
      outcome: 'needsConfirmation',
      earlier: outcome.earlier.map((o) => ({ at: o.createdAt, amount: o.amount ?? 0, operator: o.operator })),
    };
  }
  const op = outcome.operation;
  // The order as it is now, so the screen shows the new state. Unreadable now, the screen gets the cached
  // view marked as such (never the view from before the operation shown as live, with its money actions).
  const now = await core.services.orders.current(orderId).catch(() => undefined);
  return {
    operation: kind,
    outcome: outcome.kind,
    ...(op.amount !== undefined ? { amount: op.amount } : {}),
    ...(op.reason ? { reason: op.reason } : {}),
    ...(now?.kind === 'found' ? { order: now.order } : {}),
    ...(now?.kind === 'cached'
      ? { cached: { order: now.order, fetchedAt: now.fetchedAt, reason: now.reason, ...(now.detail ? { detail: now.detail } : {}) } }
      : {}),
  };
}

export function ordersHandlers({ core, events }: HandlerContext): HandlersOf<typeof ordersChannels> {
  const batches = core.batchLookups;
  const operation = async (
    kind: OperationResult['operation'],
    confirmedIn: EnvironmentName,
    run: () => Promise<OperationOutcome>,
    orderId: string,
  ): Promise<OperationResult> => {
    confirmedEnvironment(core.services.environment, confirmedIn, phrase('charge.notDone.sent'));
    return operationResult({ core, events }, kind, await run(), orderId);
  };

  return {
    'orders.lookup': ({ query, again }) => core.services.orders.lookup(query, again ? { again } : {}),
    'orders.search': ({ text }) => core.services.orders.searchOffline(text),
    'orders.history': ({ limit }) => core.services.orders.history(limit),
    'orders.deposit': ({ environment, orderId, amount, reason }) =>
      operation('deposit', environment, () => core.services.operations.deposit(orderId, amount, reason ? { reason } : {}), orderId),
    'orders.reverse': ({ environment, orderId, reason }) =>
      operation('reverse', environment, () => core.services.operations.reverse(orderId, reason ? { reason } : {}), orderId),
    'orders.refund': ({ environment, orderId, amount, way, confirmRepeat, reason }) =>
      operation(
        way ?? 'refund',
        environment,
        () =>
          core.services.operations.refund(orderId, amount, {
            confirmRepeat: confirmRepeat ?? false,
            ...(way ? { way } : {}),
            ...(reason ? { reason } : {}),
          }),
        orderId,
      ),
    'orders.refundPlan': async ({ orderId }) => {
      const plan = await core.services.operations.refundPlan(orderId);
      return 'kind' in plan ? { chance: 'unreadable' } : plan;
    },
    'orders.batch.start': ({ text }) =>
      batchCall(() => {
        const { batchId, input } = batches.start(text);
        return { batchId, total: input.queries.length, duplicates: input.duplicates, skipped: input.skipped };
      }),
    'orders.batch.cancel': ({ batchId }) => batchCall(() => ({ batchId, state: batches.cancel(batchId) })),
    'orders.batch.results': ({ batchId, from = 0 }) =>
      batchCall(() => {
        const { state, progress, lines } = batches.read(batchId, from);
        return { batchId, state, progress, from, rows: lines.map(batchRow) };
      }),
    'orders.batch.retry': ({ batchId }) => batchCall(() => batches.retry(batchId)),
    'orders.batch.export': ({ batchId, result, status }) =>
      batchCall(() => ({
        fileName: `lookup-${batchId}${result ? `-${result}` : ''}${status !== undefined ? `-status${status}` : ''}.csv`,
        mimeType: 'text/csv' as const,
        content: batches.csv(batchId, { ...(result ? { result } : {}), ...(status !== undefined ? { status } : {}) }),
      })),
  };
}
