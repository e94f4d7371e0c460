/**
 * Stored cards (the gateway's bindings): found by client, binding or card number, disabled, enabled and
 * extended. A card number searched with is never sent back whole.
 */
import { z } from 'zod';
import { luhnValid } from '../../domain/cardNumbers.js';
import { reads, writes, type Declarations, bindingId, clientId } from './shared.js';

/** A whole card number, to search with only: it is never echoed back (messages here never quote input). */
const cardNumber = z
  .string()
  .regex(/^\d{12,19}$/, 'card.number')
  .refine(luhnValid, 'card.checkDigit');

/** The current month as YYYYMM (UTC), the earliest expiry a card may be extended to. */
export const currentYearMonth = (now = Date.now()): string => new Date(now).toISOString().slice(0, 7).replace('-', '');
const newExpiry = z
  .string()
  .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'card.expiryFormat')
  .refine((m) => m >= currentYearMonth(), 'card.expiryPast');
const bindingsFind = z
  .strictObject({
    clientId: clientId.optional(),
    bindingId: bindingId.optional(),
    cardNumber: cardNumber.optional(),
    /** Expired cards too (the gateway leaves them out unless asked). */
    showExpired: z.boolean().optional(),
  })
  .refine((f) => [f.clientId, f.bindingId, f.cardNumber].filter((v) => v !== undefined).length === 1, {
    message: 'card.findOne',
  });

export const cardsChannels = {
  'cards.find': reads('finance', bindingsFind).answers<StoredCardsFound>(),
  'cards.disable': writes('finance', z.strictObject({ bindingId })).answers<StoredCardChanged>(),
  'cards.enable': writes('finance', z.strictObject({ bindingId })).answers<StoredCardChanged>(),
  'cards.extend': writes('finance', z.strictObject({ bindingId, newExpiry })).answers<StoredCardChanged>(),
} satisfies Declarations;

export interface StoredCardView {
  readonly bindingId: string;
  /** Known where a search by client showed the card; the gateway's look-ups by card or binding ID do not say. */
  readonly clientId?: string;
  readonly category: 'COMMON' | 'RECURRENT' | 'INSTALLMENT' | 'UNKNOWN';
  /** First 6 and last 4 digits at most. */
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly displayLabel?: string;
  /** YYYYMM; valid to the end of that month. */
  readonly expiry?: string;
  readonly expired: boolean;
  /** Not expired, but ends within expirySoonDays. */
  readonly expiresSoon: boolean;
  /** Disabled cards are not listed by the gateway; the ones shown were disabled from this app. */
  readonly enabled: boolean;
  readonly disabledAt?: number;
}

/** A search's answer, the cards grouped by category; what was searched with a card number is masked. */
export interface StoredCardsFound {
  readonly searchedBy: 'clientId' | 'bindingId' | 'cardNumber';
  readonly query: string;
  readonly showExpired: boolean;
  readonly groups: {
    readonly common: readonly StoredCardView[];
    readonly recurrent: readonly StoredCardView[];
    readonly installment: readonly StoredCardView[];
  };
  /** Cards of a category the app does not know. */
  readonly other: readonly StoredCardView[];
  readonly total: number;
  readonly expirySoonDays: number;
}

export interface StoredCardChanged {
  readonly change: 'disable' | 'enable' | 'extend';
  readonly card: StoredCardView;
  /** Whether the gateway lists the card after the change (a disabled card is not listed). */
  readonly listedByGateway: boolean;
}
