/**
 * chargeStanding's rules where the sandbox cannot take a manual charge there (merchant-initiated payments
 * are one-phase in it): a hold deposited in part, a refund of "all that is left", a look-up older than an
 * operation, and a charge whose outcome is not known, which says nothing of money.
 */
import { describe, expect, it } from 'vitest';
import { chargeStanding } from '../../main/services/chargeStanding.js';
import type { OrderView } from '../../main/services/views.js';
import type { ChargeRow } from '../../main/store/journal.js';
import type { OperationRow } from '../../main/store/operations.js';
import { phrase } from '../../main/phrases/phrase.js';

const charge = (over: Partial<ChargeRow> = {}): ChargeRow => ({
  id: 1,
  environment: 'sandbox',
  orderNumber: 'INV-1',
  orderId: 'o-1',
  amount: 10_000,
  currency: '643',
  bindingId: 'b',
  clientId: 'c',
  category: 'COMMON',
  operator: 'finance',
  at: 100,
  state: 'PAID',
  orderStatus: 2,
  updatedAt: 100,
  ...over,
});

const op = (id: number, kind: OperationRow['kind'], at: number, amount?: number): OperationRow => ({
  id,
  environment: 'sandbox',
  orderId: 'o-1',
  kind,
  ...(amount !== undefined ? { amount } : {}),
  operator: 'finance',
  state: 'DONE',
  createdAt: at - 1,
  updatedAt: at,
});

describe('chargeStanding', () => {
  it('follows a hold deposited in part, then refunded in full with "all that is left"', () => {
    const held = charge({ orderStatus: 1 });
    expect(chargeStanding(held, undefined, [])).toMatchObject({ charged: 0, held: 10_000, net: 0, words: phrase('charge.standing.held') });
    const deposited = chargeStanding(held, undefined, [op(1, 'deposit', 200, 6_000)]);
    expect(deposited).toMatchObject({
      charged: 6_000,
      held: 0,
      net: 6_000,
      orderStatus: 2,
      words: phrase('charge.standing.chargedInPart'),
    });
    const refunded = chargeStanding(held, undefined, [op(2, 'refund', 300, 0), op(1, 'deposit', 200, 6_000)]);
    expect(refunded).toMatchObject({
      charged: 6_000,
      refunded: 6_000,
      net: 0,
      orderStatus: 4,
      words: phrase('charge.standing.refundedInFull'),
      asOf: 300,
    });
  });

  it('applies only the operations settled after the look-up it starts from', () => {
    const view = { status: 2, amount: 10_000, approvedAmount: 10_000, depositedAmount: 10_000, refundedAmount: 2_000 } as OrderView;
    const cached = { orderId: 'o-1', orderNumber: 'INV-1', view, fetchedAt: 250 };
    // The refund at 200 is already in the look-up at 250; the one at 300 is not.
    const s = chargeStanding(charge(), cached, [
      op(1, 'refund', 200, 2_000),
      op(2, 'refund', 300, 1_000),
      { ...op(3, 'refund', 400, 5_000), state: 'REFUSED' },
    ]);
    expect(s).toMatchObject({
      charged: 10_000,
      refunded: 3_000,
      net: 7_000,
      source: 'operation',
      words: phrase('charge.standing.chargedPartlyRefunded'),
    });
  });

  it('says nothing of money while the outcome is not known', () => {
    expect(chargeStanding(charge({ state: 'UNKNOWN' }), undefined, [])).toBeUndefined();
    expect(chargeStanding(charge({ state: 'DECLINED', orderStatus: 6 }), undefined, [])).toMatchObject({
      charged: 0,
      net: 0,
      words: phrase('charge.state.declined'),
    });
  });
});
