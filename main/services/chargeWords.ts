/** A charge's words: a card's category in a sentence, and a charge's state as finance says it. */
import { OrderStatus } from '../domain/orderStatus.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { ChargeRow } from '../store/journal.js';

const CATEGORIES = {
  COMMON: phrase('charge.category.COMMON'),
  RECURRENT: phrase('charge.category.RECURRENT'),
  INSTALLMENT: phrase('charge.category.INSTALLMENT'),
} as const;

/** A card's category in a sentence ("recurrent"); one the app does not know in lower case. */
export const categoryWords = (category: string): Phrase | string =>
  Object.hasOwn(CATEGORIES, category) ? CATEGORIES[category as keyof typeof CATEGORIES] : category.toLowerCase();

/** A charge's state as it was settled, in the words finance uses: held and charged are both paid, and say which. */
export function stateWords(c: Pick<ChargeRow, 'state' | 'orderStatus'>): Phrase {
  switch (c.state) {
    case 'PAID':
      return phrase(
        c.orderStatus === OrderStatus.HELD
          ? 'charge.state.held'
          : c.orderStatus === OrderStatus.REVERSED
            ? 'charge.state.heldReversed'
            : c.orderStatus === OrderStatus.REFUNDED
              ? 'charge.state.chargedRefunded'
              : 'charge.state.charged',
      );
    case 'DECLINED':
      return phrase('charge.state.declined');
    case 'FAILED':
      return phrase('charge.state.failed');
    case 'UNKNOWN':
      return phrase('charge.state.unknown');
    case 'PENDING':
      return phrase('charge.state.sending');
  }
}
