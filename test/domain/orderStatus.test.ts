/** The order status's names and the questions asked of it, for every status a gateway may send. */
import { describe, expect, it } from 'vitest';
import {
  isOrderStatus,
  isPaid,
  ORDER_STATUSES,
  OrderStatus,
  PAID_STATUSES,
  wasAuthorised,
  wasCaptured,
} from '../../main/domain/orderStatus.js';

const ANY = [undefined, -1, ...ORDER_STATUSES, 7, 8, 99];

describe('order status', () => {
  it('names the seven documented statuses by their numbers', () => {
    expect(ORDER_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ANY.filter(isOrderStatus)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('is paid only held or charged; a newer or unknown status is not paid', () => {
    expect(ANY.filter(isPaid)).toEqual([OrderStatus.HELD, OrderStatus.DEPOSITED]);
    expect(PAID_STATUSES).toEqual([1, 2]);
  });

  it('was captured when charged or refunded, authorised when held, charged, reversed or refunded', () => {
    expect(ANY.filter(wasCaptured)).toEqual([2, 4]);
    expect(ANY.filter(wasAuthorised)).toEqual([1, 2, 3, 4]);
  });
});
