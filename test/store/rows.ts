/** Rows as tests journal and cache them: a plain charge and a plain order, each changed only where a test says. */
import type { PeriodOrder } from '../../main/domain/periodOrder.js';
import type { NewCharge } from '../../main/store/journal.js';

/** A RUB 12.50 charge of a common card, by finance at a fixed time. */
export const newCharge = (orderNumber: string, change: Partial<NewCharge> = {}): NewCharge => ({
  environment: 'sandbox',
  orderNumber,
  amount: 1_250,
  currency: '643',
  bindingId: 'b-1',
  clientId: 'c-1',
  category: 'COMMON',
  operator: 'finance@desk-1',
  at: 1_700_000_000_000,
  ...change,
});

/** A registered order of one kopeck, nothing moved on it. */
export const periodOrder = (orderId: string, registeredAt: number, change: Partial<PeriodOrder> = {}): PeriodOrder => ({
  orderId,
  orderNumber: `N-${orderId}`,
  status: 0,
  amount: 1,
  held: 0,
  captured: 0,
  refunded: 0,
  currency: '643',
  registeredAt,
  ...change,
});
