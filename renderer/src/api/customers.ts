/**
 * Customers: a search (by the beginning of a client ID, a card's digits or a name) and one customer's
 * detail, which lists their stored cards as the gateway has them now. Both are read afresh whenever a
 * screen shows them; a change to a stored card marks them stale too (storedCards.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { call } from './client';

export const customerKeys = {
  all: ['customers'] as const,
  /** Keyed by the environment too: the same text finds other customers in another one. */
  search: (environment: string | undefined, text: string | undefined) => ['customers', environment, text] as const,
  detail: (clientId: string) => ['customers', 'detail', clientId] as const,
};

/** Customers matching a text; nothing is asked while there is none. */
export const useCustomerSearch = (environment: string | undefined, text: string | undefined) =>
  useQuery({
    queryKey: customerKeys.search(environment, text),
    queryFn: () => call('customers.search', { text: text! }),
    enabled: text !== undefined,
    staleTime: 0,
    retry: false,
  });

export const useCustomer = (clientId: string) =>
  useQuery({
    queryKey: customerKeys.detail(clientId),
    queryFn: () => call('customers.get', { clientId }),
    staleTime: 0,
    retry: false,
  });
