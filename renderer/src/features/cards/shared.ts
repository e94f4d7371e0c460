/** What the parts of the Stored cards workspace share: how a search is made and said, the groups, a card in words. */
import type { StoredCardChanged, StoredCardsFound, StoredCardView } from '../../../../main/ipc/contract';
import { i18n } from '../../i18n';

export type SearchBy = 'clientId' | 'bindingId' | 'cardNumber';

export const SEARCH_BY: readonly SearchBy[] = ['clientId', 'bindingId', 'cardNumber'];

export const GROUPS = ['common', 'recurrent', 'installment'] as const;

export const cardWords = (c: StoredCardView) =>
  `${c.paymentSystem ? `${c.paymentSystem} ` : ''}${c.maskedPan ?? i18n.t('cards:bindingName', { bindingId: c.bindingId })}`;

export const describeSearch = (found: StoredCardsFound): string => i18n.t(`cards:searched.${found.searchedBy}`, { query: found.query });

export type Confirming = { readonly action: StoredCardChanged['change']; readonly card: StoredCardView };

/** The current month as YYYYMM in UTC, as main's contract reckons it: the earliest expiry a card may get. */
export const currentYearMonth = (): string => new Date().toISOString().slice(0, 7).replace('-', '');
