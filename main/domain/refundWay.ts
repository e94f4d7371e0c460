/**
 * How money on a charge goes back to the customer: reversed where the gateway allows it (no refund fee, the
 * customer's bank shows no charge at all), refunded otherwise. Main decides, at send time, on the order as
 * the gateway reports it then (services/orderOperations.ts); the order view's dialog uses the same rule to
 * say beforehand which it will be. Shared with the renderer (tsconfig.web.json); imports nothing.
 *
 * The gateway's rule (docs/gateway-facts.md, "Operations after payment"): a charge (status 2) may be reversed on
 * the day it was authorised, by the gateway's clock in UTC, once per order, never after a refund, and only whole.
 */

export type RefundWay = 'reverse' | 'refund';

/** Why a charge is refunded rather than reversed; 'today' when it can be reversed. */
export type ReversalChance = 'today' | 'earlierDay' | 'refundedBefore' | 'reversalTried' | 'notCharged';

/** What the gateway reports of a charge, and what this app journalled on its order, for the rule. */
export interface ChargeToReturn {
  readonly status: number | undefined;
  /** When the charge was authorised (epoch ms), if the gateway said. */
  readonly authorisedAt: number | undefined;
  readonly captured: number;
  readonly refunded: number;
  /** Whether a reversal of the order was journalled already, whatever became of it: one attempt per order. */
  readonly reversalTried: boolean;
}

const DEPOSITED = 2;

const utcDay = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** Whether the charge can be reversed at `now` (epoch ms, UTC days), and if not, why. */
export function reversalChance(c: ChargeToReturn, now: number): ReversalChance {
  if (c.status !== DEPOSITED || c.captured <= 0) return 'notCharged';
  if (c.refunded > 0) return 'refundedBefore';
  if (c.reversalTried) return 'reversalTried';
  if (c.authorisedAt === undefined || utcDay(c.authorisedAt) !== utcDay(now)) return 'earlierDay';
  return 'today';
}

/**
 * The way an amount goes back. A reversal cancels the whole charge: `reversible` is that amount when the
 * charge can be reversed now; any other amount (part of the charge) is refunded.
 */
export function refundWay(reversible: number | undefined, amount: number): RefundWay {
  return reversible !== undefined && amount === reversible ? 'reverse' : 'refund';
}
