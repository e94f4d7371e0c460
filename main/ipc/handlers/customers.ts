/**
 * The Customers channels: a search over what the app keeps, one customer with their stored cards as the
 * gateway lists them, and the batch-charge file of the customers' cards.
 */
import { CustomerService } from '../../services/customers.js';
import { StoredCards } from '../../services/storedCards.js';
import type { customersChannels } from '../contract.js';
import { storedCardView } from './cards.js';
import type { HandlerContext, HandlersOf } from './context.js';

export function customersHandlers({ core }: HandlerContext): HandlersOf<typeof customersChannels> {
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
      return { ...summary, cards: cards.map(storedCardView) };
    },
    'customers.exportBatch': async ({ clientIds }) => {
      const { csv, rows } = await customers().batchFile(clientIds);
      return { fileName: `batch-charges-${new Date().toISOString().slice(0, 10)}.csv`, mimeType: 'text/csv' as const, content: csv, rows };
    },
  };
}
