/**
 * The operations journal's contract, on every engine the team may run it on: what an operation's row is,
 * how it settles, and what the guard's lock holds when two processes or two desks operate on one order.
 */
import { expect, it } from 'vitest';
import { phrase } from '../../main/phrases/phrase.js';
import type { NewOperation, OperationGuard } from '../../main/store/operations.js';
import { ENGINES, twoDesksOn } from './journalEngines.js';
import { beginOperationUnguarded } from './unguarded.js';

let n = 0;
/** A refund of RUB 12.50 on an order of its own unless the test names one: the journal keeps one open operation per order. */
const operation = (extra: Partial<NewOperation> = {}): NewOperation => ({
  environment: 'sandbox',
  orderId: `order-${++n}`,
  kind: 'refund',
  amount: 1_250,
  operator: 'finance@desk-1',
  at: 1_000_000 + n,
  ...extra,
});

/** The guard of an open operation on the order: what makes a second operation wait, then stop. */
const onceGuard: OperationGuard<string> = (f) =>
  f.onOrder.some((o) => o.state === 'PENDING' || o.state === 'UNKNOWN') ? 'order has an open operation' : undefined;

for (const engine of ENGINES) {
  engine.describe(`operations journal on ${engine.name}`, () => {
    const desks = twoDesksOn(engine);

    it('commits a PENDING row that another connection sees at once, a refund with an externalRefundId of its own', async () => {
      const refund = await beginOperationUnguarded(desks.desk.operations, operation({ operatorReason: 'goods returned' }));
      expect(await desks.other.exec('SELECT state, amount, kind FROM order_operations WHERE id = ?', [refund.id])).toEqual([
        { state: 'PENDING', amount: 1_250, kind: 'refund' },
      ]);
      expect(await desks.other.operations.get(refund.id)).toEqual(refund);
      expect(refund).toMatchObject({
        operator: 'finance@desk-1',
        operatorReason: 'goods returned',
        externalRefundId: expect.stringMatching(/^BO-/),
      });
      const another = await beginOperationUnguarded(desks.other.operations, operation());
      expect(another.externalRefundId).not.toBe(refund.externalRefundId);
      const deposit = await beginOperationUnguarded(desks.desk.operations, operation({ kind: 'deposit', amount: 0 }));
      expect(deposit).toMatchObject({ kind: 'deposit', amount: 0 });
      expect(deposit.externalRefundId).toBeUndefined();
      const reversal = await beginOperationUnguarded(desks.desk.operations, operation({ kind: 'reverse', amount: undefined }));
      expect(reversal.amount).toBeUndefined();
    });

    it('settles an open operation once; a settled operation never changes again', async () => {
      const { operations } = desks.desk;
      const row = await beginOperationUnguarded(operations, operation());
      expect(await operations.settle(row.id, 'UNKNOWN', 2_000_000, phrase('gateway.noAnswer.timedOut'))).toBe(true);
      expect(await desks.other.operations.settle(row.id, 'DONE', 2_000_001)).toBe(true);
      const done = await operations.get(row.id);
      expect(done).toMatchObject({ state: 'DONE' });
      expect(done?.reason).toBeUndefined();
      for (const state of ['REFUSED', 'UNKNOWN', 'DONE'] as const)
        expect(await desks.other.operations.settle(row.id, state, 2_000_002, phrase('operation.inStatus', { status: 3 }))).toBe(false);
      expect(await operations.get(row.id)).toEqual(done);
    });

    it('keeps a reason as a phrase, and reads a reason written before phrases as that text, quoted', async () => {
      const { operations } = desks.desk;
      const said = phrase('operation.inStatus', { status: 3 });
      const now = await beginOperationUnguarded(operations, operation());
      await operations.settle(now.id, 'REFUSED', 2_100_000, said);
      expect(await desks.desk.exec('SELECT reason FROM order_operations WHERE id = ?', [now.id])).toEqual([
        { reason: JSON.stringify(said) },
      ]);
      expect((await operations.get(now.id))?.reason).toEqual(said);
      // Rows an earlier version wrote hold plain English (or the gateway's words): never lost, never shown as JSON.
      for (const text of ['The gateway refused the request: too much (error code 7).', '{not json', '{"code":"no.such"}']) {
        const legacy = await beginOperationUnguarded(operations, operation());
        await desks.desk.exec("UPDATE order_operations SET state = 'REFUSED', reason = ? WHERE id = ?", [text, legacy.id]);
        expect((await operations.get(legacy.id))?.reason).toEqual(phrase('app.quoted', { text }));
      }
    });

    it('keeps no whole card number in an operator’s reason', async () => {
      const row = await beginOperationUnguarded(
        desks.desk.operations,
        operation({ operatorReason: 'card 4111 1111 1111 1111 was charged twice' }),
      );
      expect(row.operatorReason).toBe('card 4111 11** **** 1111 was charged twice');
      expect(await desks.other.exec('SELECT operator_reason FROM order_operations WHERE id = ?', [row.id])).toEqual([
        { operator_reason: 'card 4111 11** **** 1111 was charged twice' },
      ]);
    });

    it('lists the open operations the reconciler must settle, oldest first, of one environment', async () => {
      const { operations } = desks.desk;
      const a = await beginOperationUnguarded(operations, operation({ environment: 'recon' }));
      const b = await beginOperationUnguarded(desks.other.operations, operation({ environment: 'recon', kind: 'deposit' }));
      await operations.settle(b.id, 'UNKNOWN', 3_000_000, phrase('gateway.noAnswer.timedOut'));
      const c = await beginOperationUnguarded(operations, operation({ environment: 'recon' }));
      await operations.settle(c.id, 'REFUSED', 3_000_001);
      await beginOperationUnguarded(operations, operation({ environment: 'elsewhere' }));
      expect((await desks.other.operations.open('recon')).map((r) => [r.id, r.state])).toEqual([
        [a.id, 'PENDING'],
        [b.id, 'UNKNOWN'],
      ]);
    });

    it('reads an order’s operations oldest first, many orders’ by order as asked, and the orders operated in a period', async () => {
      const { operations } = desks.desk;
      // Each at its own time, set behind the store's back: PostgreSQL writes its own clock's.
      const at = async (t: number, orderId: string, kind: NewOperation['kind'] = 'refund') => {
        const row = await beginOperationUnguarded(operations, operation({ environment: 'period', orderId, kind }));
        await desks.desk.exec('UPDATE order_operations SET created_at = ? WHERE id = ?', [t, row.id]);
        return row;
      };
      const first = await at(10_000, 'P-1', 'deposit');
      await operations.settle(first.id, 'DONE', 10_001);
      const second = await at(10_500, 'P-1');
      await at(9_000, 'P-2');
      await at(10_200, 'P-3');
      await at(20_000, 'P-4');
      expect((await desks.other.operations.forOrder('period', 'P-1')).map((o) => o.id)).toEqual([first.id, second.id]);
      expect(await desks.other.operations.forOrder('sandbox', 'P-1')).toEqual([]);
      const found = await desks.other.operations.forOrders('period', ['P-3', 'nothing', 'P-1', 'P-3']);
      expect([...found].map(([id, ops]) => [id, ops.map((o) => o.id)])).toEqual([
        ['P-3', [expect.any(Number)]],
        ['P-1', [first.id, second.id]],
      ]);
      expect(await desks.other.operations.forOrders('period', [])).toEqual(new Map());
      // [from, to): the end is not part of it; each order once, in the order of its first operation in the period.
      expect(await desks.other.operations.operatedIn('period', { from: 10_000, to: 20_000 })).toEqual(['P-1', 'P-3']);
    });

    it('refuses a second open operation on an order even without the guard; settled, the order takes another', async () => {
      const first = await beginOperationUnguarded(desks.desk.operations, operation({ orderId: 'CASE-1' }));
      await expect(
        beginOperationUnguarded(desks.other.operations, operation({ orderId: 'CASE-1', kind: 'deposit' })),
      ).rejects.toMatchObject({
        problem: 'duplicate',
      });
      expect((await beginOperationUnguarded(desks.other.operations, operation({ orderId: 'CASE-1', environment: 'test' }))).state).toBe(
        'PENDING',
      );
      await desks.desk.operations.settle(first.id, 'UNKNOWN', 4_000_000);
      await expect(beginOperationUnguarded(desks.other.operations, operation({ orderId: 'CASE-1' }))).rejects.toMatchObject({
        problem: 'duplicate',
      });
      await desks.desk.operations.settle(first.id, 'DONE', 4_000_001);
      expect((await beginOperationUnguarded(desks.other.operations, operation({ orderId: 'CASE-1' }))).state).toBe('PENDING');
      expect((await desks.desk.operations.forOrder('sandbox', 'CASE-1')).map((o) => o.state)).toEqual(['DONE', 'PENDING']);
    });

    it('gives the guard the order’s operations, oldest first, and the time; writes that time', async () => {
      const settledFirst = await beginOperationUnguarded(desks.desk.operations, operation({ orderId: 'CASE-2', kind: 'deposit' }));
      await desks.desk.operations.settle(settledFirst.id, 'DONE', 5_000_000);
      const open = await beginOperationUnguarded(desks.desk.operations, operation({ orderId: 'CASE-2' }));
      await beginOperationUnguarded(desks.desk.operations, operation({ orderId: 'CASE-2', environment: 'test' }));
      const before = Date.now();
      const seen: { now: number; ids: number[] }[] = [];
      const outcome = await desks.other.operations.begin(operation({ orderId: 'CASE-2', at: 42 }), (f) => {
        seen.push({ now: f.now, ids: f.onOrder.map((o) => o.id) });
        return 'looked';
      });
      expect(outcome).toEqual({ kind: 'refused', refusal: 'looked' });
      expect(seen.map((s) => s.ids)).toEqual([[settledFirst.id, open.id]]);
      // On SQLite the desk's clock says when (the operation's own time); on PostgreSQL the database's, which is now.
      if (engine.name === 'SQLite') expect(seen[0]!.now).toBe(42);
      else expect(seen[0]!.now).toSatisfy((t: number) => t >= before - 1_000 && t <= Date.now() + 1_000);
      const written = await desks.other.operations.begin(operation({ at: 43 }), () => undefined);
      if (written.kind !== 'journalled') throw new Error('an empty guard refused nothing');
      if (engine.name === 'SQLite') expect(written.operation).toMatchObject({ createdAt: 43, updatedAt: 43 });
      else expect(written.operation.createdAt).toSatisfy((t: number) => t >= before - 1_000 && t <= Date.now() + 1_000);
    });

    it('tells beforehand the time its guard will decide at, even to a desk whose clock is a day behind', async () => {
      const behind = Date.now() - 86_400_000;
      const told = await desks.other.operations.now(behind);
      const seen: number[] = [];
      await desks.other.operations.begin(operation({ at: behind }), (f) => {
        seen.push(f.now);
        return 'looked';
      });
      expect(Math.abs(told - seen[0]!)).toBeLessThan(1_000);
      // On SQLite the desk's clock is the guard's; on PostgreSQL the database's is, whatever the desk's says.
      if (engine.name === 'SQLite') expect(told).toBe(behind);
      else expect(Math.abs(told - Date.now())).toBeLessThan(1_000);
    });

    it('writes nothing for a refusal: the order stays as it was', async () => {
      const refused = await desks.desk.operations.begin(operation({ orderId: 'CASE-3' }), () => 'no');
      expect(refused).toEqual({ kind: 'refused', refusal: 'no' });
      expect(await desks.other.operations.forOrder('sandbox', 'CASE-3')).toEqual([]);
    });

    it('keeps amounts as exact whole minor units and refuses anything else, writing nothing', async () => {
      expect((await beginOperationUnguarded(desks.desk.operations, operation({ amount: 999_999_999_999 }))).amount).toBe(999_999_999_999);
      for (const amount of [-1, 12.5]) {
        await expect(beginOperationUnguarded(desks.desk.operations, operation({ orderId: 'CASE-4', amount }))).rejects.toMatchObject({
          problem: expect.any(String),
        });
      }
      expect(await desks.other.operations.forOrder('sandbox', 'CASE-4')).toEqual([]);
    });

    it('lets one of many operations on one order through from two connections at once; the guard refuses the others', async () => {
      for (let round = 0; round < 10; round++) {
        const orderId = `CASE-CONTENDED-${round}`;
        const attempts = Array.from({ length: 16 }, (_, i) =>
          (i % 2 ? desks.other : desks.desk).operations.begin(operation({ orderId, kind: i % 3 ? 'refund' : 'deposit' }), onceGuard),
        );
        // Every attempt ends in an outcome: none is a thrown duplicate, which the index would raise had the guard let two through.
        const outcomes = await Promise.all(attempts);
        expect(outcomes.filter((o) => o.kind === 'journalled')).toHaveLength(1);
        expect(outcomes.filter((o) => o.kind === 'refused').map((o) => (o.kind === 'refused' ? o.refusal : ''))).toEqual(
          Array(15).fill('order has an open operation'),
        );
        expect(await desks.desk.operations.forOrder('sandbox', orderId)).toHaveLength(1);
      }
    });

    it('claims an open operation for one sender only, and never a settled one', async () => {
      const claims = new Set<number>();
      const journalled = await desks.desk.operations.begin(operation(), () => undefined, claims);
      if (journalled.kind !== 'journalled') throw new Error('an empty guard refused nothing');
      const { id } = journalled.operation;
      // begin() claims what it journals, before anything else can see it open.
      expect(claims.has(id)).toBe(true);
      expect((await desks.desk.operations.claim(id, claims)).kind).toBe('sending');
      claims.delete(id);
      expect(await desks.desk.operations.claim(id, claims)).toMatchObject({ kind: 'claimed', row: { id, state: 'PENDING' } });
      await desks.desk.operations.settle(id, 'DONE', 6_000_000);
      expect(await desks.desk.operations.claim(id, new Set())).toMatchObject({ kind: 'settled', row: { id, state: 'DONE' } });
      expect((await desks.desk.operations.claim(-1, new Set())).kind).toBe('missing');
    });
  });
}
