/**
 * Stored cards (the gateway's bindings), read and changed through one key scheme: every view of a card
 * (Stored cards, a client's view in Orders, the charge form's picker, a customer's detail) is read under
 * storedCardKeys.all or the customers' keys, and a change made anywhere marks all of them stale, so no
 * screen shows a card enabled after it was disabled.
 *
 * A search by card number is keyed by a number the search is given, never by the card number itself:
 * the cache keeps no card number, however long a screen stays open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Input, StoredCardChanged } from '../../../main/ipc/contract';
import { auditKeys } from './audit';
import { call } from './client';
import { customerKeys } from './customers';

type Find = Input<'cards.find'>;

/** What a screen looks for: by client ID or binding ID (kept in the key), or by a card number (keyed by `searchId`). */
export type StoredCardSearch =
  | { readonly by: 'clientId' | 'bindingId'; readonly value: string }
  | { readonly by: 'cardNumber'; readonly value: string; readonly searchId: number };

export const storedCardKeys = {
  all: ['storedCards'] as const,
  find: (search: StoredCardSearch, showExpired: boolean) =>
    ['storedCards', search.by, search.by === 'cardNumber' ? search.searchId : search.value, showExpired] as const,
};

/** The keys of every other view that shows stored cards: a customer's detail lists theirs. */
const alsoShowingCards = [customerKeys.all] as const;

/** A search of stored cards; nothing is asked while `search` is undefined or `enabled` is false. */
export function useStoredCards(
  search: StoredCardSearch | undefined,
  options: { readonly showExpired?: boolean; readonly enabled?: boolean } = {},
) {
  const showExpired = options.showExpired ?? false;
  return useQuery({
    queryKey: search ? storedCardKeys.find(search, showExpired) : [...storedCardKeys.all, 'none'],
    queryFn: () => call('cards.find', { [search!.by]: search!.value, showExpired } as Find),
    enabled: search !== undefined && (options.enabled ?? true),
    // What the gateway lists now: read again whenever a screen shows it.
    staleTime: 0,
    retry: false,
  });
}

/** Marks every view of stored cards stale (after a change, or for a fresh search). */
export function useStoredCardsStale(): () => void {
  const queries = useQueryClient();
  return () => {
    void queries.invalidateQueries({ queryKey: storedCardKeys.all });
    for (const queryKey of alsoShowingCards) void queries.invalidateQueries({ queryKey });
  };
}

export type StoredCardChange =
  | { readonly action: 'disable' | 'enable'; readonly bindingId: string }
  | { readonly action: 'extend'; readonly bindingId: string; readonly newExpiry: string };

/** Disables, re-enables or extends a card; every view of stored cards is read again after it, and the audit. */
export function useStoredCardChange(onSuccess?: (changed: StoredCardChanged) => void) {
  const queries = useQueryClient();
  const stale = useStoredCardsStale();
  return useMutation({
    ...(onSuccess ? { onSuccess } : {}),
    mutationFn: (change: StoredCardChange) =>
      change.action === 'extend'
        ? call('cards.extend', { bindingId: change.bindingId, newExpiry: change.newExpiry })
        : call(change.action === 'disable' ? 'cards.disable' : 'cards.enable', { bindingId: change.bindingId }),
    onSettled: () => {
      stale();
      void queries.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
