/** Stored cards (the gateway's bindings): found, disabled, enabled and extended; masked cards only. */
import { maskCardField, maskCardNumbers } from '../../domain/cardNumbers.js';
import { EXPIRY_SOON_DAYS } from '../../services/bindings.js';
import { StoredCards, type StoredCard, type StoredCardChange } from '../../services/storedCards.js';
import type { StoredCardChanged, StoredCardsFound, StoredCardView, cardsChannels } from '../contract.js';
import type { HandlerContext, HandlersOf } from './context.js';

/** One stored card in the contract's terms: the masked card only, never more. */
export function storedCardView(c: StoredCard): StoredCardView {
  return {
    bindingId: c.bindingId,
    ...(c.clientId !== undefined ? { clientId: c.clientId } : {}),
    category: c.category,
    // The gateway masks card numbers; masked once more in case a gateway ever sends more.
    ...(c.maskedPan ? { maskedPan: maskCardField(c.maskedPan) } : {}),
    ...(c.paymentSystem ? { paymentSystem: c.paymentSystem } : {}),
    ...(c.displayLabel ? { displayLabel: maskCardNumbers(c.displayLabel) } : {}),
    ...(c.expiry ? { expiry: c.expiry } : {}),
    expired: c.expired,
    expiresSoon: c.expiresSoon,
    enabled: c.enabled,
    ...(c.disabledAt !== undefined ? { disabledAt: c.disabledAt } : {}),
  };
}

function storedCardsFound(
  searchedBy: StoredCardsFound['searchedBy'],
  query: string,
  showExpired: boolean,
  cards: StoredCard[],
): StoredCardsFound {
  const views = cards.map(storedCardView);
  return {
    searchedBy,
    query,
    showExpired,
    groups: {
      common: views.filter((c) => c.category === 'COMMON'),
      recurrent: views.filter((c) => c.category === 'RECURRENT'),
      installment: views.filter((c) => c.category === 'INSTALLMENT'),
    },
    other: views.filter((c) => c.category === 'UNKNOWN'),
    total: views.length,
    expirySoonDays: EXPIRY_SOON_DAYS,
  };
}

const storedCardChanged = (change: StoredCardChanged['change'], r: StoredCardChange): StoredCardChanged => ({
  change,
  card: storedCardView(r.card),
  listedByGateway: r.listedByGateway,
});

export function cardsHandlers({ core }: HandlerContext): HandlersOf<typeof cardsChannels> {
  const storedCards = () =>
    new StoredCards({ environment: core.services.environment, bindings: core.services.bindings, known: core.knownBindings });

  return {
    'cards.find': async ({ clientId, bindingId, cardNumber, showExpired = false }) => {
      if (clientId !== undefined)
        return storedCardsFound('clientId', clientId, showExpired, await storedCards().find({ clientId }, showExpired));
      if (bindingId !== undefined)
        return storedCardsFound('bindingId', bindingId, showExpired, await storedCards().find({ bindingId }, showExpired));
      // The contract lets exactly one through; the card number goes to the gateway and comes back masked only.
      const pan = cardNumber ?? '';
      return storedCardsFound('cardNumber', maskCardField(pan), showExpired, await storedCards().find({ cardNumber: pan }, showExpired));
    },
    'cards.disable': async ({ bindingId }) => storedCardChanged('disable', await storedCards().disable(bindingId)),
    'cards.enable': async ({ bindingId }) => storedCardChanged('enable', await storedCards().enable(bindingId)),
    'cards.extend': async ({ bindingId, newExpiry }) => storedCardChanged('extend', await storedCards().extend(bindingId, newExpiry)),
  };
}
