/**
 * Money back on a charge is one action: reversed where the gateway allows it (status 2 on the day it was
 * authorised by the gateway's clock in UTC, once, never after a refund), refunded otherwise; decided when
 * it is sent, on the order as the gateway reports it then, against the sandbox over HTTP with a real
 * SQLite journal. The sandbox's clock is set to noon of a fixed day, so the day never ends by chance.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { english } from '../../main/phrases/english.js';
import { control, paidOrder, status } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { operationsOfFile } from './operationsOfFile.js';

const NOON = Date.UTC(2030, 2, 14, 12, 0, 0);
const NEXT_DAY = Date.UTC(2030, 2, 15, 0, 0, 30);

const sb = sandboxOfFile();
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', timeoutMs: 2_000 }),
);
/** The app's clock: the sandbox's, unless a test lets them part. */
let appNow: number;
const desk = operationsOfFile('refund-way-test-', client, { now: () => appNow });

/** Sets the sandbox's clock, and the app's with it unless told otherwise. */
async function setClock(epochMs: number, app = true): Promise<void> {
  await control(sb, 'POST', '/clock', { setEpochMs: epochMs });
  if (app) appNow = epochMs;
}

beforeEach(() => setClock(NOON));

describe('refund or reverse: one action, decided when sent', () => {
  it('reverses a charge of today in full: no refund, the order reversed', async () => {
    const orderId = await paidOrder(sb);
    expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'today', reversible: 10_000 });
    const r = await desk.ops.refund(orderId, 10_000, { way: 'reverse' });
    expect(r).toMatchObject({ kind: 'done', operation: { kind: 'reverse', amount: 10_000, state: 'DONE' } });
    const s = await status(sb, { orderId });
    expect(s.orderStatus).toBe(3);
    expect(s.refunds ?? []).toHaveLength(0);
  });

  it('refunds part of a charge of today: only the whole charge is reversed', async () => {
    const orderId = await paidOrder(sb);
    expect(await desk.ops.refund(orderId, 2_500, { way: 'reverse' })).toMatchObject({ kind: 'wayChanged' });
    expect(await desk.journal.forOrder('sandbox', orderId)).toEqual([]);
    expect(await desk.ops.refund(orderId, 2_500, { way: 'refund' })).toMatchObject({ kind: 'done', operation: { kind: 'refund' } });
    // Something was refunded: from now on only refunds.
    expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'refundedBefore' });
  });

  it('refunds a charge of an earlier day', async () => {
    const orderId = await paidOrder(sb);
    await setClock(NEXT_DAY);
    expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'earlierDay' });
    expect(await desk.ops.refund(orderId, 10_000, { way: 'refund' })).toMatchObject({ kind: 'done', operation: { kind: 'refund' } });
    expect((await status(sb, { orderId })).orderStatus).toBe(4);
  });

  it('sends nothing when midnight passes between the dialog and the confirmation, and says it would now refund', async () => {
    const orderId = await paidOrder(sb);
    expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'today', reversible: 10_000 });
    await setClock(NEXT_DAY);
    const r = await desk.ops.refund(orderId, 10_000, { way: 'reverse' });
    expect(r).toEqual({ kind: 'wayChanged', plan: { chance: 'earlierDay' } });
    expect(await desk.journal.forOrder('sandbox', orderId)).toEqual([]);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
    // Told the new way, the operator confirms the refund.
    expect(await desk.ops.refund(orderId, 10_000, { way: 'refund' })).toMatchObject({ kind: 'done' });
    expect((await status(sb, { orderId })).paymentAmountInfo).toMatchObject({ depositedAmount: 10_000, refundedAmount: 10_000 });
  });

  it('a refund the dialog announced is not turned into a reversal either', async () => {
    const orderId = await paidOrder(sb);
    expect(await desk.ops.refund(orderId, 10_000, { way: 'refund' })).toEqual({
      kind: 'wayChanged',
      plan: { chance: 'today', reversible: 10_000 },
    });
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
  });

  it('a reversal the gateway refuses all the same is said in words, and the refund is offered', async () => {
    const orderId = await paidOrder(sb);
    // The gateway's clock is past midnight while the app's is not: the app believes a reversal is possible.
    await setClock(NEXT_DAY, false);
    const r = await desk.ops.refund(orderId, 10_000, { way: 'reverse' });
    expect(r.kind).toBe('refused');
    if (r.kind !== 'refused') return;
    expect(r.operation.reason).toMatchObject({ code: 'operation.reversalRefused' });
    expect(english(r.operation.reason!)).not.toMatch(/error code|status 2/i);
    // The gateway's own words are kept for the audit log.
    expect(desk.audit.query({ objectId: orderId })[0]?.detail).toMatch(/REFUSED .*\[.*/);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
    // One reversal per order: from now on the money goes back as a refund.
    expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'reversalTried' });
    expect(await desk.ops.refund(orderId, 10_000, { way: 'refund' })).toMatchObject({ kind: 'done' });
    expect((await status(sb, { orderId })).orderStatus).toBe(4);
  });

  it('a plain refund (no way told) stays a refund on a charge of today', async () => {
    const orderId = await paidOrder(sb);
    expect(await desk.ops.refund(orderId, 10_000)).toMatchObject({ kind: 'done', operation: { kind: 'refund' } });
  });
});
