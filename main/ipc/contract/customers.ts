/**
 * Customers: found by a client ID's beginning or a card's first six or last four digits, one opened with
 * their stored cards, and a batch-charge file of their cards. The search text is never a way to send a
 * card number anywhere: it is read only against what the app keeps (masked).
 */
import { z } from 'zod';
import type { CustomerSearch, CustomerSummary } from '../../services/customerViews.js';
import type { StoredCardView } from './cards.js';
import { reads, type Declarations, clientId, printable, type ExportFile } from './shared.js';

export type { CustomerSearch, CustomerSearchedBy, CustomerSummary, LastOrder } from '../../services/customerViews.js';

/** The most customers one batch file is written for (the most one search lists). */
export const MAX_BATCH_CUSTOMERS = 50;

export const customersChannels = {
  // Support finds a customer and sees their cards (masked) and orders; the batch file of their binding IDs is for charging.
  'customers.search': reads(
    'support',
    z.strictObject({ text: printable(255).trim().min(1, 'input.customerSearch') }),
  ).answers<CustomerSearch>(),
  'customers.get': reads('support', z.strictObject({ clientId })).answers<CustomerView>(),
  /** The batch-charge template; rows: how many cards it lists. */
  'customers.exportBatch': reads('finance', z.strictObject({ clientIds: z.array(clientId).min(1).max(MAX_BATCH_CUSTOMERS) })).answers<
    ExportFile & { readonly rows: number }
  >(),
} satisfies Declarations;

/** One customer opened: what the app keeps of them, and their stored cards as the gateway lists them now. */
export interface CustomerView extends CustomerSummary {
  readonly cards: readonly StoredCardView[];
}
