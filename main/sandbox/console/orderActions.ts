/**
 * The developer console moving an order through its life (POST /sandbox/orders/:orderId/actions), always
 * through the engine functions the gateway endpoints use, so that the order, its history and the callbacks
 * it sends are what the gateway would produce. Each step is put down to the console in the order's history.
 *
 * A state that does not allow the action is refused in plain words (409), before the engine is asked; what
 * the engine itself still refuses (a second reversal, an amount larger than held) keeps its own words.
 */
import { z } from 'zod';
import { GatewayError } from '../errors.js';
import { TEST_CARDS, cardRecord } from '../engine/cards.js';
import { actingAs, type Core } from '../engine/core.js';
import { deposit, expireSession, isWaitingForPayment, refund, requirePaymentEmail, reverse } from '../engine/lifecycle.js';
import { authorize } from '../engine/payment.js';
import { OrderStatus, type Order, type PaymentAttempt } from '../state/model.js';

export const ORDER_ACTIONS = ['pay', 'hold', 'decline', 'deposit', 'reverse', 'refund', 'expire'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The actions that move an amount, and so may be given one. */
const WITH_AMOUNT: ReadonlySet<OrderAction> = new Set(['deposit', 'reverse', 'refund']);

export const orderActionInput = z
  .object({
    action: z.enum(ORDER_ACTIONS),
    /** Minor units; the whole hold (deposit, reverse) or what is left (refund) when absent. */
    amount: z.number().int().positive().optional(),
  })
  .refine((a) => a.amount === undefined || WITH_AMOUNT.has(a.action), {
    message: 'amount applies only to deposit, reverse and refund',
    path: ['amount'],
  });
export type OrderActionInput = z.output<typeof orderActionInput>;

/** Why an action was refused: 409 for the order's state, 400 for the amount. */
export class OrderActionRefused extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_WORDS: Record<OrderStatus, string> = {
  [OrderStatus.REGISTERED]: 'registered and not paid',
  [OrderStatus.HELD]: 'held',
  [OrderStatus.DEPOSITED]: 'deposited',
  [OrderStatus.REVERSED]: 'reversed',
  [OrderStatus.REFUNDED]: 'refunded',
  [OrderStatus.ACS_STARTED]: 'waiting at the ACS',
  [OrderStatus.DECLINED]: 'declined',
};

/** The sandbox's test card for an outcome: approved without 3-D Secure, or declined by the issuer. */
function testCardAttempt(core: Core, profile: 'noThreeDS' | 'declined'): PaymentAttempt {
  const pan = TEST_CARDS.find((c) => c.profile === profile)!.pan;
  return { card: cardRecord(pan, '203012', 'SANDBOX CONSOLE', core.fingerprint), paymentWay: 'CARD' };
}

function requireState(order: Order, allowed: boolean, only: string): void {
  if (!allowed) throw new OrderActionRefused(409, `Order ${order.orderNumber} is ${STATUS_WORDS[order.status]}; ${only}`);
}

/** Applies the action to an order whose clock events are already applied; the order is changed in place. */
export function applyOrderAction(gatewayCore: Core, order: Order, input: OrderActionInput): void {
  const core = actingAs(gatewayCore, 'console');
  const waiting = isWaitingForPayment(order);
  const unpaid = 'only a registered order, or one waiting at the ACS,';
  try {
    switch (input.action) {
      case 'pay':
        requireState(order, waiting, `${unpaid} can be paid`);
        requirePaymentEmail(order.email, 'en');
        // The issuer decides as for a gateway payment: a one-phase order is charged, a two-phase one held.
        return authorize(core, order, testCardAttempt(core, 'noThreeDS'));
      case 'hold':
        requireState(order, waiting, `${unpaid} can be held`);
        if (!order.twoPhase) {
          throw new OrderActionRefused(
            409,
            `Order ${order.orderNumber} is one-phase; only a two-phase order can be held (pay charges it at once)`,
          );
        }
        requirePaymentEmail(order.email, 'en');
        return authorize(core, order, testCardAttempt(core, 'noThreeDS'));
      case 'decline':
        requireState(order, waiting, `${unpaid} can be declined`);
        return authorize(core, order, testCardAttempt(core, 'declined'));
      case 'expire':
        requireState(order, waiting, `${unpaid} can expire`);
        return expireSession(core, order);
      case 'deposit':
        requireState(order, order.status === OrderStatus.HELD, 'only a held order can be deposited');
        return deposit(core, order, input.amount ?? 0, 'en');
      case 'reverse':
        requireState(
          order,
          order.status === OrderStatus.HELD || order.status === OrderStatus.DEPOSITED,
          'only a held order (or a charge on its own day) can be reversed',
        );
        return reverse(core, order, input.amount, 'en');
      case 'refund':
        requireState(order, order.status === OrderStatus.DEPOSITED, 'only a deposited order with an amount left can be refunded');
        refund(core, order, { amount: input.amount ?? 0 }, 'en');
        return;
    }
  } catch (err) {
    // The engine's own refusals: 7 is the order's state, anything else (5) the amount or the data.
    if (err instanceof GatewayError) throw new OrderActionRefused(err.code === 7 ? 409 : 400, `Order ${order.orderNumber}: ${err.message}`);
    throw err;
  }
}
