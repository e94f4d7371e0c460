/**
 * The Customers channels: a search over what the app keeps, one customer with their stored cards as the
 * gateway lists them, and the batch-charge file of the customers' cards.
 */
import { CustomerService } from '../services/customers.js';
import { StoredCards, type StoredCard } from '../services/storedCards.js';
import type { StoredCardView } from './contract.js';
import type { Handlers } from './dispatcher.js';
import type { HandlerContext } from './handlers.js';

type CustomerChannels = 'customers.search' | 'customers.get' | 'customers.exportBatch';

/** `cardView` shapes a stored card for the renderer as the Cards workspace's channels do. */
export function createCustomerHandlers(
  { core }: HandlerContext,
  cardView: (card: StoredCard) => StoredCardView,
): Pick<Handlers, CustomerChannels> {
  const customers = () => {
    const environment = core.services.environment;
    return new CustomerService({
      environment,
      directory: core.customers,
      storedCards: () => new StoredCards({ environment, bindings: core.services.bindings, known: core.knownBindings }),
    });
  };
  return {
    'customers.search': ({ text }) => customers().search(text),
    'customers.get': async ({ clientId }) => {
      const { cards, ...summary } = await customers().detail(clientId);
      return { ...summary, cards: cards.map(cardView) };
    },
    'customers.exportBatch': async ({ clientIds }) => {
      const { csv, rows } = await customers().batchFile(clientIds);
      return { fileName: `batch-charges-${new Date().toISOString().slice(0, 10)}.csv`, mimeType: 'text/csv' as const, content: csv, rows };
    },
  };
}
