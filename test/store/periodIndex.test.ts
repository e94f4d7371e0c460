/**
 * The amount sorts' deep pages (store/periodIndex.ts), read in the index's own amount order rather than
 * ranked in a heap: the same pages, for amounts of every size the gateway can send.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PeriodIndex } from '../../main/store/periodIndex.js';

interface Row {
  readonly rowid: number;
  readonly orderId: string;
  readonly registeredAt: number;
  readonly amount: number;
}

/** Amounts across every digit of the radix sort: zero, digit edges, past 32 bits, up to the largest safe integer. */
const amount = fc.oneof(
  fc.constantFrom(0, 1, 2047, 2048, 2 ** 22, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 44, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 0, max: 5000 }),
  fc.maxSafeNat(),
);
const rows = fc
  .array(fc.record({ registeredAt: fc.integer({ min: 0, max: 50 }), amount, id: fc.integer({ min: 0, max: 99 }) }), { maxLength: 80 })
  .map((rs) => rs.map((r, i): Row => ({ rowid: i + 1, orderId: `o-${r.id}-${i}`, registeredAt: r.registeredAt, amount: r.amount })));

const newestFirst = (a: Row, b: Row) => b.registeredAt - a.registeredAt || (a.orderId < b.orderId ? 1 : -1);

function indexOf(rs: readonly Row[], rankedInHeapUpTo: number): PeriodIndex {
  const index = new PeriodIndex(rankedInHeapUpTo);
  for (const r of rs)
    index.put(r.rowid, r.orderId, r.orderId, 2, r.amount, 0, r.amount, 0, 'RUB', r.registeredAt, null, null, null, null, null);
  return index;
}

describe('pages of an amount sort far from the top', () => {
  it('are the pages a full sort gives, largest or smallest first, equal amounts newest first', () => {
    fc.assert(
      fc.property(rows, fc.boolean(), fc.nat(90), (rs, descending, offset) => {
        const expected = [...rs]
          .sort((a, b) => (descending ? b.amount - a.amount : a.amount - b.amount) || newestFirst(a, b))
          .slice(offset, offset + 10)
          .map((r) => r.rowid);
        const q = { from: 0, to: 100 };
        const options = { sort: descending ? ('amountDesc' as const) : ('amountAsc' as const), offset, limit: 10 };
        expect(indexOf(rs, 0).query(q, options).rowids).toEqual(expected);
        expect(indexOf(rs, 1000).query(q, options).rowids).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('follows orders added and amounts changed after the order was built', () => {
    const index = indexOf(
      [1, 2, 3, 4, 5].map((n) => ({ rowid: n, orderId: `o-${n}`, registeredAt: n, amount: n * 100 })),
      0,
    );
    const page = () => index.query({ from: 0, to: 100 }, { sort: 'amountDesc', limit: 10 }).rowids;
    expect(page()).toEqual([5, 4, 3, 2, 1]);
    index.put(6, 'o-6', 'o-6', 2, 300, 0, 300, 0, 'RUB', 6, null, null, null, null, null);
    // Equal to order 3's amount, and newer: before it.
    expect(page()).toEqual([5, 4, 6, 3, 2, 1]);
    index.put(1, 'o-1', 'o-1', 2, 2 ** 40, 0, 0, 0, 'RUB', 1, null, null, null, null, null);
    expect(page()).toEqual([1, 5, 4, 6, 3, 2]);
  });

  it('keeps no order sorted step by step from amounts changed between the steps', () => {
    const index = indexOf(
      [1, 2, 3].map((n) => ({ rowid: n, orderId: `o-${n}`, registeredAt: n, amount: n * 100 })),
      0,
    );
    const steps = index.makingReady();
    steps.next();
    // Between two steps of a load, a sync's page makes the smallest order the largest.
    index.put(1, 'o-1', 'o-1', 2, 1000, 0, 1000, 0, 'RUB', 1, null, null, null, null, null);
    for (let step = steps.next(); !step.done; step = steps.next());
    expect(index.query({ from: 0, to: 100 }, { sort: 'amountDesc', limit: 10 }).rowids).toEqual([1, 3, 2]);
  });
});

describe('text in order numbers across a large index', () => {
  it('finds every number containing the text, in any block, after numbers are added and renamed', () => {
    const numbers = Array.from({ length: 70_000 }, (_, i) => `Shop-${i}`);
    const index = new PeriodIndex();
    const put = (i: number) => index.put(i + 1, `o-${i}`, numbers[i]!, 2, 100, 0, 100, 0, 'RUB', i, null, null, null, null, null);
    numbers.forEach((_, i) => put(i));
    const found = (text: string) => index.query({ from: 0, to: 100_000, text }, { sort: 'oldest', limit: 100 });
    const expected = (text: string) => numbers.flatMap((n, i) => (n.toLowerCase().includes(text.toLowerCase()) ? [i + 1] : []));
    for (const text of ['shop-6999', 'SHOP-6553', '-69999', 'p-1'])
      expect(found(text)).toEqual(expect.objectContaining({ total: expected(text).length, rowids: expected(text).slice(0, 100) }));
    // A number renamed in the first block and one added to the second: both blocks are read again.
    numbers[5] = 'Renamed-Kettle';
    put(5);
    numbers.push('Kettle-New');
    put(70_000);
    expect(found('kettle').rowids).toEqual([6, 70_001]);
    expect(found('shop-5').total).toBe(expected('shop-5').length);
  });
});
