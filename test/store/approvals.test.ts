/**
 * Four-eyes approvals in the store, on every engine: a request is filed, held, approved, withdrawn and declined
 * in the journals' own write transactions, so that whatever path calls them (a screen, a crafted call, another
 * desk) the rules hold on the rows as they are then.
 */
import { expect, it } from 'vitest';
import { REQUEST_LIFETIME_MS, thresholdsKey } from '../../main/domain/approvals.js';
import { phrase } from '../../main/phrases/phrase.js';
import type { ApprovalStep, RequestPerson } from '../../main/store/approvals.js';
import type { NewCharge } from '../../main/store/journal.js';
import type { NewOperation } from '../../main/store/operations.js';
import { ENGINES, twoDesksOn } from './journalEngines.js';

const ANNA: RequestPerson = { id: '00000000-0000-4000-8000-00000000000a', login: 'anna', name: 'Anna Finance' };
const BORIS: RequestPerson = { id: '00000000-0000-4000-8000-00000000000b', login: 'boris', name: 'Boris Finance' };
const ask = (by: RequestPerson, reason?: string): ApprovalStep => ({ kind: 'ask', by, ...(reason ? { reason } : {}) });
const approve = (requestId: number, by: RequestPerson): ApprovalStep => ({ kind: 'approve', requestId, by });

let n = 0;
/** A refund that gives back `amount` of RUB on an order of its own unless the test names one. */
const refund = (amount: number, extra: Partial<NewOperation> = {}): NewOperation => ({
  environment: 'test',
  orderId: `order-${++n}`,
  kind: 'refund',
  amount,
  operator: 'os-user',
  at: Date.now(),
  givesBack: { amount, currency: '643' },
  ...extra,
});

const charge = (amount: number, extra: Partial<NewCharge> = {}): NewCharge => ({
  environment: 'test',
  orderNumber: `BO-${++n}`,
  amount,
  currency: '643',
  bindingId: `binding-${n}`,
  clientId: 'client-1',
  category: 'COMMON',
  operator: 'os-user',
  at: Date.now(),
  ...extra,
});

const allow = () => undefined;

for (const engine of ENGINES) {
  engine.describe(`approvals on ${engine.name}`, () => {
    const desks = twoDesksOn(engine);
    const thresholds = (json: string) => desks.desk.setting(thresholdsKey('test'), json);
    const operationsOn = async (orderId: string) =>
      desks.desk.exec('SELECT state FROM order_operations WHERE order_id = ? ORDER BY id', [orderId]);

    it('journals what is under its threshold, and files a request, writing no row, for what is over it', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 10_000, charge: 50_000 } }));
      expect((await desks.desk.operations.begin(refund(10_000), allow, undefined, ask(ANNA))).kind).toBe('journalled');
      const over = refund(10_001);
      const asked = await desks.desk.operations.begin(over, allow, undefined, ask(ANNA, 'goods back, card 4111 1111 1111 1111'));
      expect(asked).toMatchObject({
        kind: 'requested',
        why: phrase('approval.needed', { threshold: { minor: 10_000, currency: '643' } }),
        request: {
          environment: 'test',
          what: { action: 'refund', orderId: over.orderId },
          amount: 10_001,
          currency: '643',
          requestedBy: ANNA,
          state: 'pending',
          reason: 'goods back, card 4111 11** **** 1111',
        },
      });
      if (asked.kind !== 'requested') throw new Error('not asked');
      expect(asked.request.expiresAt - asked.request.createdAt).toBe(REQUEST_LIFETIME_MS);
      expect(await operationsOn(over.orderId)).toEqual([]);
      // A charge has its own threshold.
      expect((await desks.desk.journal.begin(charge(50_000), 0, allow, undefined, ask(ANNA))).kind).toBe('journalled');
      const bigCharge = charge(50_001, { description: 'invoice 7' });
      expect(await desks.other.journal.begin(bigCharge, 0, allow, undefined, ask(BORIS))).toMatchObject({
        kind: 'requested',
        request: {
          what: { action: 'charge', bindingId: bigCharge.bindingId, orderNumber: bigCharge.orderNumber, clientId: 'client-1' },
          amount: 50_001,
          requestedBy: BORIS,
        },
      });
      expect(await desks.desk.exec('SELECT id FROM charge_journal WHERE order_number = ?', [bigCharge.orderNumber])).toEqual([]);
    });

    it('refuses what is over its threshold when nobody asks, and fails closed on thresholds it cannot read', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      expect(await desks.desk.operations.begin(refund(101), allow)).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.needed', { threshold: { minor: 100, currency: '643' } }),
      });
      // Another currency, or an operation that gives nothing back (a deposit), needs nobody.
      expect((await desks.desk.operations.begin(refund(101, { givesBack: { amount: 101, currency: '978' } }), allow)).kind).toBe(
        'journalled',
      );
      expect((await desks.desk.operations.begin(refund(0, { kind: 'deposit', givesBack: undefined }), allow)).kind).toBe('journalled');
      // Counted with what was given back on the order before: parts each under the threshold do not pass together.
      expect(await desks.desk.operations.begin(refund(60, { givesBack: { amount: 60, currency: '643', before: 50 } }), allow)).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.neededTogether', { threshold: { minor: 100, currency: '643' }, before: { minor: 50, currency: '643' } }),
      });
      // A refund whose caller did not say what it gives back, or an amount not known: refused, even with someone to ask.
      for (const unsaid of [refund(5, { givesBack: undefined }), refund(0, { givesBack: { amount: 0, currency: '643' } })])
        expect(await desks.desk.operations.begin(unsaid, allow, undefined, ask(ANNA))).toEqual({
          kind: 'approvalRefused',
          reason: phrase('approval.currencyUnknown'),
        });
      // A currency the gateway did not say: no threshold can be told not to apply.
      expect(await desks.desk.operations.begin(refund(5, { givesBack: { amount: 5, currency: '' } }), allow)).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.currencyUnknown'),
      });
      await thresholds('{"643": {"refund": "lots"}}');
      expect(await desks.desk.operations.begin(refund(1), allow)).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.damaged', { environment: 'test' }),
      });
      expect((await desks.desk.operations.begin(refund(1), allow, undefined, ask(ANNA))).kind).toBe('requested');
    });

    it('holds the order or the card while a request is pending: nothing else is journalled or asked there, from any desk', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100, charge: 100 } }));
      const first = refund(500);
      const asked = await desks.desk.operations.begin(first, allow, undefined, ask(ANNA));
      if (asked.kind !== 'requested') throw new Error('not asked');
      for (const other of [
        refund(50, { orderId: first.orderId }),
        refund(0, { orderId: first.orderId, kind: 'deposit', givesBack: undefined }),
        refund(900, { orderId: first.orderId }),
      ]) {
        // With no guard at all: the store holds the order itself.
        expect(await desks.other.operations.begin(other, allow, undefined, ask(BORIS))).toEqual({
          kind: 'awaiting',
          request: asked.request,
        });
      }
      const card = charge(500);
      const chargeAsked = await desks.desk.journal.begin(card, 0, allow, undefined, ask(ANNA));
      if (chargeAsked.kind !== 'requested') throw new Error('not asked');
      expect(await desks.other.journal.begin(charge(10, { bindingId: card.bindingId }), 0, allow, undefined, ask(BORIS))).toEqual({
        kind: 'awaiting',
        request: chargeAsked.request,
      });
      expect(await operationsOn(first.orderId)).toEqual([]);
    });

    it('approves only by another person, for this very action, once; the request then names the row it journalled', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      const op = refund(700);
      const asked = await desks.desk.operations.begin(op, allow, undefined, ask(ANNA));
      if (asked.kind !== 'requested') throw new Error('not asked');
      const id = asked.request.id;
      expect(await desks.desk.operations.begin(op, allow, undefined, approve(id, ANNA))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.own'),
      });
      expect(
        await desks.other.operations.begin(
          { ...op, amount: 701, givesBack: { amount: 701, currency: '643' } },
          allow,
          undefined,
          approve(id, BORIS),
        ),
      ).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.otherAction'),
      });
      expect(await desks.other.operations.begin(refund(700), allow, undefined, approve(id, BORIS))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.otherAction'),
      });
      expect(await desks.other.operations.begin(op, allow, undefined, approve(id + 1_000, BORIS))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.notFound'),
      });
      // The guard is asked again at approval: what it refuses now is refused, and the request stays pending.
      expect(await desks.other.operations.begin(op, () => 'refunded meanwhile', undefined, approve(id, BORIS))).toEqual({
        kind: 'refused',
        refusal: 'refunded meanwhile',
      });
      const approved = await desks.other.operations.begin(op, allow, undefined, approve(id, BORIS));
      if (approved.kind !== 'journalled') throw new Error(`not approved: ${JSON.stringify(approved)}`);
      expect(await desks.desk.approvals.get(id)).toMatchObject({
        state: 'approved',
        decidedBy: BORIS,
        journalId: approved.operation.id,
      });
      expect(await desks.other.operations.begin(op, allow, undefined, approve(id, BORIS))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.is.approved', { by: BORIS.name }),
      });
      expect(await operationsOn(op.orderId)).toEqual([{ state: 'PENDING' }]);
    });

    it('approves a charge by another person, journalling it at once; the card is held until then', async () => {
      await thresholds(JSON.stringify({ '643': { charge: 100 } }));
      const c = charge(1_000);
      const asked = await desks.desk.journal.begin(c, 0, allow, undefined, ask(ANNA));
      if (asked.kind !== 'requested') throw new Error('not asked');
      const approved = await desks.other.journal.begin({ ...c, at: Date.now() }, 0, allow, new Set(), approve(asked.request.id, BORIS));
      if (approved.kind !== 'journalled') throw new Error(`not approved: ${JSON.stringify(approved)}`);
      expect(approved.charge).toMatchObject({ state: 'PENDING', amount: 1_000, orderNumber: c.orderNumber });
      expect((await desks.desk.approvals.get(asked.request.id))?.journalId).toBe(approved.charge.id);
    });

    it('cannot approve an expired request; a new one may then be asked on the order', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      const op = refund(300);
      const asked = await desks.desk.operations.begin(op, allow, undefined, ask(ANNA));
      if (asked.kind !== 'requested') throw new Error('not asked');
      // A day has passed, as the store keeps it.
      await desks.desk.exec('UPDATE approval_requests SET expires_at = ? WHERE id = ?', [op.at - 1, asked.request.id]);
      expect(await desks.other.operations.begin(op, allow, undefined, approve(asked.request.id, BORIS))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.is.expired'),
      });
      expect((await desks.desk.approvals.list({ environment: 'test', live: true }, Date.now())).map((r) => r.id)).not.toContain(
        asked.request.id,
      );
      const again = await desks.other.operations.begin(refund(300, { orderId: op.orderId }), allow, undefined, ask(BORIS));
      expect(again.kind).toBe('requested');
      expect((await desks.desk.approvals.get(asked.request.id))?.state).toBe('expired');
      expect(await operationsOn(op.orderId)).toEqual([]);
    });

    it('is withdrawn only by its requester and declined only by another; either ends it for good', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      const op = refund(400);
      const asked = await desks.desk.operations.begin(op, allow, undefined, ask(ANNA));
      if (asked.kind !== 'requested') throw new Error('not asked');
      const id = asked.request.id;
      expect(await desks.other.approvals.end(id, 'test', 'withdrawn', BORIS, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.notYours'),
      });
      expect(await desks.desk.approvals.end(id, 'test', 'declined', ANNA, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.own'),
      });
      // Only from the environment it was asked in.
      expect(await desks.desk.approvals.end(id, 'production', 'withdrawn', ANNA, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.otherEnvironment', { environment: 'test' }),
      });
      expect(await desks.desk.approvals.end(id, 'test', 'withdrawn', ANNA, Date.now())).toMatchObject({
        kind: 'changed',
        request: { state: 'withdrawn', decidedBy: ANNA },
      });
      expect(await desks.other.operations.begin(op, allow, undefined, approve(id, BORIS))).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.is.withdrawn'),
      });
      expect(await desks.other.approvals.end(id, 'test', 'declined', BORIS, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.is.withdrawn'),
      });
      // The order is free again.
      const next = await desks.other.operations.begin(refund(400, { orderId: op.orderId }), allow, undefined, ask(BORIS));
      if (next.kind !== 'requested') throw new Error('not asked');
      expect(await desks.desk.approvals.end(next.request.id, 'test', 'declined', ANNA, Date.now())).toMatchObject({
        kind: 'changed',
        request: { state: 'declined', decidedBy: ANNA },
      });
    });

    it('lets one of an approval and a withdrawal made at once win, never both', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      for (let i = 0; i < 5; i++) {
        const op = refund(250);
        const asked = await desks.desk.operations.begin(op, allow, undefined, ask(ANNA));
        if (asked.kind !== 'requested') throw new Error('not asked');
        const [approved, withdrawn] = await Promise.all([
          desks.other.operations.begin(op, allow, undefined, approve(asked.request.id, BORIS)),
          desks.desk.approvals.end(asked.request.id, 'test', 'withdrawn', ANNA, Date.now()),
        ]);
        const state = (await desks.desk.approvals.get(asked.request.id))?.state;
        if (approved.kind === 'journalled') {
          expect(withdrawn.kind).toBe('refused');
          expect(state).toBe('approved');
          expect(await operationsOn(op.orderId)).toEqual([{ state: 'PENDING' }]);
        } else {
          expect(withdrawn.kind).toBe('changed');
          expect(state).toBe('withdrawn');
          expect(await operationsOn(op.orderId)).toEqual([]);
        }
      }
    });

    it('journals one row when two people approve the same request at once', async () => {
      await thresholds(JSON.stringify({ '643': { refund: 100 } }));
      const CAROL: RequestPerson = { id: '00000000-0000-4000-8000-00000000000c', login: 'carol', name: 'Carol' };
      for (let i = 0; i < 5; i++) {
        const op = refund(260);
        const asked = await desks.desk.operations.begin(op, allow, undefined, ask(ANNA));
        if (asked.kind !== 'requested') throw new Error('not asked');
        const both = await Promise.all([
          desks.desk.operations.begin(op, allow, undefined, approve(asked.request.id, BORIS)),
          desks.other.operations.begin(op, allow, undefined, approve(asked.request.id, CAROL)),
        ]);
        expect(both.filter((b) => b.kind === 'journalled')).toHaveLength(1);
        expect(await operationsOn(op.orderId)).toEqual([{ state: 'PENDING' }]);
      }
    });

    it("answers a batch's rows together to the batch threshold, and lets them through its approval by another person up to its totals", async () => {
      await thresholds(JSON.stringify({ '643': { charge: 1_000, batch: 2_500 } }));
      const batchId = `batch${++n}`.padEnd(12, '0');
      const row = (amount: number) => charge(amount, { batchId });
      expect((await desks.desk.journal.begin(row(1_000), 0, allow)).kind).toBe('journalled');
      expect((await desks.other.journal.begin(row(1_000), 0, allow)).kind).toBe('journalled');
      const rowNeeds = (before: number) =>
        phrase('approval.batchRowNeeded', { threshold: { minor: 2_500, currency: '643' }, before: { minor: before, currency: '643' } });
      // The third row would take the batch over its threshold, at either desk; a row of another file is its own batch.
      expect(await desks.desk.journal.begin(row(1_000), 0, allow)).toEqual({ kind: 'approvalRefused', reason: rowNeeds(2_000) });
      expect((await desks.desk.journal.begin(charge(1_000, { batchId: 'other0000000' }), 0, allow)).kind).toBe('journalled');
      // Over the per-charge threshold, a row is refused as a manual charge is with nobody to ask.
      expect(await desks.desk.journal.begin(charge(1_500, { batchId: 'third0000000' }), 0, allow)).toEqual({
        kind: 'approvalRefused',
        reason: phrase('approval.needed', { threshold: { minor: 1_000, currency: '643' } }),
      });

      const why = phrase('approval.batchNeeded', { threshold: { minor: 2_500, currency: '643' } });
      const asking = {
        environment: 'test',
        what: { action: 'batch', batchId, charges: 5, totals: { '643': 5_000 } },
        amount: 5_000,
        currency: '643',
        by: ANNA,
        reason: 'monthly fees',
      } as const;
      const asked = await desks.desk.approvals.askBatch(asking, why, Date.now());
      expect(asked).toMatchObject({ kind: 'requested', why, request: { what: asking.what, requestedBy: ANNA, state: 'pending' } });
      const { id } = asked.request;
      // One live request per batch, whichever desk asks.
      expect(await desks.other.approvals.askBatch({ ...asking, by: BORIS }, why, Date.now())).toMatchObject({
        kind: 'awaiting',
        request: { id },
      });
      // Its requester cannot approve it; a refund's or a charge's request is approved only by journalling it.
      expect(await desks.other.approvals.end(id, 'test', 'approved', ANNA, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.own'),
      });
      const single = await desks.desk.journal.begin(charge(1_001), 0, allow, undefined, ask(ANNA));
      if (single.kind !== 'requested') throw new Error('not asked');
      expect(await desks.other.approvals.end(single.request.id, 'test', 'approved', BORIS, Date.now())).toEqual({
        kind: 'refused',
        reason: phrase('approval.onlyBatch'),
      });
      expect(await desks.other.approvals.end(id, 'test', 'approved', BORIS, Date.now())).toMatchObject({
        kind: 'changed',
        request: { id, state: 'approved', decidedBy: BORIS },
      });
      expect(await desks.desk.approvals.ofBatch('test', batchId)).toMatchObject({ id, state: 'approved' });

      // Approved for 5,000: its rows pass up to that, over the per-charge threshold too, and not a minor unit more.
      expect((await desks.desk.journal.begin(row(1_500), 0, allow)).kind).toBe('journalled');
      expect((await desks.other.journal.begin(row(1_500), 0, allow)).kind).toBe('journalled');
      expect(await desks.desk.journal.begin(row(1), 0, allow)).toEqual({ kind: 'approvalRefused', reason: rowNeeds(5_000) });
      expect(await desks.desk.exec('SELECT amount FROM charge_journal WHERE batch_id = ? ORDER BY id', [batchId])).toEqual([
        { amount: 1_000 },
        { amount: 1_000 },
        { amount: 1_500 },
        { amount: 1_500 },
      ]);
    });
  });
}
