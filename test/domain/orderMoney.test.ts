import { describe, expect, it } from 'vitest';
import { netOf, orderMoney } from '../../main/domain/orderMoney.js';

describe('orderMoney: what moved on one order', () => {
  it('a hold partly captured is the part captured, the rest released', () => {
    const money = orderMoney({ status: 2, amount: 80_000, approvedAmount: 80_000, depositedAmount: 60_000, refundedAmount: 0 });
    expect(money).toEqual({ held: 0, captured: 60_000, refunded: 0, released: 20_000 });
  });

  it('a charge partly refunded keeps its charge and counts its refunds', () => {
    const money = orderMoney({ status: 2, amount: 100_000, approvedAmount: 100_000, depositedAmount: 100_000, refundedAmount: 75_000 });
    expect(money).toMatchObject({ captured: 100_000, refunded: 75_000 });
    expect(netOf(money)).toBe(25_000);
  });

  it('a hold is held, not captured', () => {
    expect(orderMoney({ status: 1, amount: 249_900, approvedAmount: 249_900, depositedAmount: 0, refundedAmount: 0 })).toEqual({
      held: 249_900,
      captured: 0,
      refunded: 0,
      released: 0,
    });
  });

  it('declined, registered and reversed orders moved nothing, whatever amounts they carry', () => {
    for (const status of [0, 3, 5, 6, 7, 8]) {
      expect(orderMoney({ status, amount: 5_000, approvedAmount: 5_000, depositedAmount: 5_000, refundedAmount: 0 })).toEqual({
        held: 0,
        captured: 0,
        refunded: 0,
        released: 0,
      });
    }
  });

  it('amounts the gateway leaves out are read as the state implies, and no more is refunded than captured', () => {
    expect(orderMoney({ status: 4, amount: 1_000 })).toMatchObject({ captured: 1_000, refunded: 1_000 });
    expect(orderMoney({ status: 2, amount: 1_000 })).toMatchObject({ captured: 1_000, refunded: 0 });
    expect(orderMoney({ status: 2, amount: 1_000, depositedAmount: 1_000, refundedAmount: 5_000 }).refunded).toBe(1_000);
  });
});
