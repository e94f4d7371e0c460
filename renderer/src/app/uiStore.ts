/**
 * UI state only (which workspace is open, the theme, the toasts on screen, the Orders list as it was left):
 * never anything that comes from main, which lives in TanStack Query's cache. The theme and the list's
 * view survive a restart in localStorage.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ListView } from '../../../main/ipc/contract';

/** The workspaces in the side navigation's order; their names are the common catalogue's `nav` words. */
export const WORKSPACES = [
  { id: 'orders' },
  { id: 'cards' },
  { id: 'charges' },
  { id: 'keys' },
  { id: 'audit' },
  { id: 'settings' },
  // Last, so that Alt+1..6 keep opening what they did before it came.
  { id: 'reconciliation' },
  { id: 'customers' },
  // Administrators' only; Alt+9.
  { id: 'people' },
  // Finance's and administrators'; Alt+0.
  { id: 'approvals' },
] as const;
export type WorkspaceId = (typeof WORKSPACES)[number]['id'];

export type Theme = 'light' | 'dark';

/**
 * The stored card picked with "Charge this card" in Stored cards, for the charge form to start from. The
 * environment it was found in is kept so that a charge form can refuse it after a switch.
 */
export interface ChargeDraft {
  readonly environment: string;
  readonly bindingId: string;
  /** Unknown when the card was found by binding ID or card number and never seen in a client's list. */
  readonly clientId?: string;
  readonly category: 'COMMON' | 'RECURRENT' | 'INSTALLMENT';
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly expiry?: string;
}

export type ChargesTab = 'charge' | 'batch' | 'journal';

/** Where the Orders workspace is: its list, a client, one order (the look-up asked), or the batch look-up. */
export type OrdersPlace =
  | { readonly mode: 'list' }
  | { readonly mode: 'client'; readonly clientId: string }
  | { readonly mode: 'single'; readonly query?: string }
  | { readonly mode: 'batch' };

export interface Toast {
  readonly id: number;
  readonly tone: 'info' | 'success' | 'error';
  readonly text: string;
  /** The technical account behind an error, shown behind "Details". */
  readonly detail?: string;
}

/** The Orders list as it opens the first time: today's orders, newest first, nothing filtered. */
export const FIRST_LIST_VIEW: ListView = { period: { preset: 'today' }, filters: {}, sort: 'newest' };

/** Toasts on screen at once: more would cover the work they report on. */
export const MAX_TOASTS = 3;

interface UiState {
  workspace: WorkspaceId;
  theme: Theme;
  toasts: readonly Toast[];
  /** The batch look-up on screen, if any. */
  batchId?: string;
  /** The card "Charge this card" picked; read by the Charges workspace. */
  chargeDraft?: ChargeDraft;
  chargesTab: ChargesTab;
  /** The batch charge file on screen (its dry run), kept while the operator looks elsewhere. */
  chargeBatchId?: string;
  /** An order another workspace asked Orders to look up; Orders takes it and clears it. */
  orderQuery?: string;
  open(workspace: WorkspaceId): void;
  toggleTheme(): void;
  toast(tone: Toast['tone'], text: string, detail?: string): void;
  dismiss(id: number): void;
  showBatch(batchId: string | undefined): void;
  /** Puts a card into the charge draft and opens the Charges workspace. */
  chargeCard(draft: ChargeDraft): void;
  clearChargeDraft(): void;
  openChargesTab(tab: ChargesTab): void;
  showChargeBatch(batchId: string | undefined): void;
  /** Opens Orders and looks the order up there. */
  showOrder(query: string): void;
  takeOrderQuery(): string | undefined;
  /** A client another workspace asked Orders to open (a client ID clicked in Stored cards). */
  clientQuery?: string;
  /** Opens Orders on the client: their stored cards and their orders of the list's period. */
  showClient(clientId: string): void;
  takeClientQuery(): string | undefined;
  /**
   * The Orders list's filters and its breakdown (totals per state, the chart) shown or folded away: folded,
   * the first rows of the list fit a 1280x720 window. Kept across restarts, as the user left them.
   */
  listFiltersOpen: boolean;
  listBreakdownOpen: boolean;
  toggleListFilters(): void;
  toggleListBreakdown(): void;
  /**
   * The Orders list's period (relative where it was chosen so), filters and sort: kept while an order is
   * open and across restarts, and what a saved view restores.
   */
  listView: ListView;
  /** How far the list's table was scrolled (px), for coming back to the same rows. */
  listScroll: number;
  showListView(view: ListView): void;
  keepListScroll(px: number): void;
  /** Where Orders is, and the kind of place it was opened from (app/history.ts keeps both in the window's history). */
  ordersPlace: OrdersPlace;
  ordersFrom?: OrdersPlace['mode'] | undefined;
  showPlace(place: OrdersPlace, from: OrdersPlace['mode'] | undefined): void;
  /**
   * Forgets what the person who left had on screen (their toasts, a card picked to charge, a batch, an order
   * asked for): whoever signs in next starts from none of it. The list's view and the theme stay: the desk's.
   */
  forgetThePerson(): void;
}

let toastIds = 0;

const preferredTheme = (): Theme =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

export const useUi = create<UiState>()(
  persist(
    (set, get) => ({
      workspace: 'orders',
      theme: preferredTheme(),
      toasts: [],
      open: (workspace) => set({ workspace }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'light' ? 'dark' : 'light' })),
      toast: (tone, text, detail) => {
        const id = ++toastIds;
        // Newest first; the oldest beyond three give way.
        set((s) => ({ toasts: [{ id, tone, text, ...(detail ? { detail } : {}) }, ...s.toasts].slice(0, MAX_TOASTS) }));
        // Errors stay until dismissed: they may need reading twice.
        if (tone !== 'error') setTimeout(() => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), 6000);
      },
      dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
      showBatch: (batchId) => set({ batchId }),
      chargesTab: 'charge',
      chargeCard: (chargeDraft) => set({ chargeDraft, workspace: 'charges', chargesTab: 'charge' }),
      clearChargeDraft: () => set({ chargeDraft: undefined }),
      openChargesTab: (chargesTab) => set({ chargesTab }),
      showChargeBatch: (chargeBatchId) => set({ chargeBatchId }),
      showOrder: (orderQuery) => set({ orderQuery, workspace: 'orders' }),
      takeOrderQuery: () => {
        const query = get().orderQuery;
        if (query !== undefined) set({ orderQuery: undefined });
        return query;
      },
      showClient: (clientQuery) => set({ clientQuery, workspace: 'orders' }),
      takeClientQuery: () => {
        const clientId = get().clientQuery;
        if (clientId !== undefined) set({ clientQuery: undefined });
        return clientId;
      },
      listFiltersOpen: false,
      listBreakdownOpen: false,
      toggleListFilters: () => set((s) => ({ listFiltersOpen: !s.listFiltersOpen })),
      toggleListBreakdown: () => set((s) => ({ listBreakdownOpen: !s.listBreakdownOpen })),
      listView: FIRST_LIST_VIEW,
      listScroll: 0,
      showListView: (listView) => set({ listView }),
      keepListScroll: (listScroll) => set({ listScroll }),
      ordersPlace: { mode: 'list' },
      showPlace: (ordersPlace, ordersFrom) => set({ ordersPlace, ordersFrom }),
      forgetThePerson: () =>
        set({
          toasts: [],
          batchId: undefined,
          chargeDraft: undefined,
          chargesTab: 'charge',
          chargeBatchId: undefined,
          orderQuery: undefined,
          clientQuery: undefined,
          ordersPlace: { mode: 'list' },
          ordersFrom: undefined,
        }),
    }),
    {
      name: 'backoffice.ui',
      partialize: (s) => ({
        theme: s.theme,
        listFiltersOpen: s.listFiltersOpen,
        listBreakdownOpen: s.listBreakdownOpen,
        listView: s.listView,
        listScroll: s.listScroll,
      }),
    },
  ),
);
