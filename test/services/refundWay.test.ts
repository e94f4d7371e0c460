/**
 * Money back on a charge is one action: reversed where the gateway allows it (status 2 on the day it was
 * authorised by the gateway's clock in UTC, once, never after a refund), refunded otherwise; decided when
 * it is sent, on the order as the gateway reports it then, against the sandbox over HTTP with a real
 * journal in SQLite and in PostgreSQL.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { english } from '../../main/phrases/english.js';
import { control, paidOrder, status } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { ENGINES, type Engine } from '../store/journalEngines.js';
import { operationsOfFile } from './operationsOfFile.js';

const DAY = 86_400_000;
const NOON = Date.UTC(2030, 2, 14, 12, 0, 0);
const NEXT_DAY = Date.UTC(2030, 2, 15, 0, 0, 30);

const sb = sandboxOfFile();
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', timeoutMs: 2_000 }),
);
/** The app's clock on the desk's own file: the sandbox's, unless a test lets them part. */
let appNow = NOON;

/** Sets the sandbox's clock, and the app's with it unless told otherwise (only the file's is the test's to set). */
async function setClock(epochMs: number, app = true): Promise<void> {
  await control(sb, 'POST', '/clock', { setEpochMs: epochMs });
  if (app) appNow = epochMs;
}

/**
 * "Today" by the app's clock, with the sandbox's set to it. On the desk's own file the test sets it: noon of a
 * fixed day, so the day never ends by chance. On the team's database the app reads the server's clock, the real
 * time, which no test moves: the sandbox's is set to it, away from midnight (waiting a few seconds for it to pass).
 */
async function today(engine: Engine): Promise<number> {
  if (engine.name === 'SQLite') {
    await setClock(NOON);
    return NOON;
  }
  const toMidnight = DAY - (Date.now() % DAY);
  if (toMidnight < 10_000) await new Promise((r) => setTimeout(r, toMidnight + 1_000));
  const now = Date.now();
  await setClock(now, false);
  return now;
}

// The same on each engine: the operations journal in the desk's own file, and in the team's database.
for (const engine of ENGINES)
  engine.describe(`refund or reverse: one action, decided when sent (${engine.name})`, () => {
    const desk = operationsOfFile('refund-way-test-', client, { now: () => appNow }, engine);
    let noon: number;
    beforeEach(async () => {
      noon = await today(engine);
    });

    /** An order paid the day before the app's today, by the gateway's clock. */
    async function paidYesterday(): Promise<string> {
      await setClock(noon - DAY, false);
      const orderId = await paidOrder(sb);
      await setClock(noon, false);
      return orderId;
    }

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
      const orderId = await paidYesterday();
      expect(await desk.ops.refundPlan(orderId)).toEqual({ chance: 'earlierDay' });
      expect(await desk.ops.refund(orderId, 10_000, { way: 'refund' })).toMatchObject({ kind: 'done', operation: { kind: 'refund' } });
      expect((await status(sb, { orderId })).orderStatus).toBe(4);
    });

    it('sends nothing when a reversal is confirmed on a charge of an earlier day, and says it would now refund', async () => {
      const orderId = await paidYesterday();
      expect(await desk.ops.refund(orderId, 10_000, { way: 'reverse' })).toEqual({ kind: 'wayChanged', plan: { chance: 'earlierDay' } });
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
      await setClock(noon + DAY, false);
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

// The app's own clock passing midnight between the dialog and the confirmation: on the desk's file, where the
// test moves the app's clock. On the team's database that clock is the server's; what it decides from is the
// same (the day of the charge against the day now), confirmed there on a charge of an earlier day above.
describe('refund or reverse when the app’s clock passes midnight (SQLite)', () => {
  const desk = operationsOfFile('refund-way-midnight-', client, { now: () => appNow });
  beforeEach(() => setClock(NOON));

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
});
