/**
 * Where the Orders workspace is (the list, a client, one order, the batch look-up) as entries of the
 * window's history, so that Back returns to where one came from: the browser's Back button in browser mode,
 * and in both the app's Back control, Alt+Left and the mouse's back button. The entry's state is the place
 * (no URL of its own: the page's address carries the browser-mode token's fragment, and a reload keeps the
 * history's state anyway); the list's own view is kept in uiStore, so coming back finds it as it was.
 */
import { useEffect } from 'react';
import { useUi, type OrdersPlace } from './uiStore';

/** A history entry this app made: the place, and the kind of place it was opened from (for the Back control's words). */
interface Entry {
  readonly backoffice: 1;
  readonly orders: OrdersPlace;
  readonly from?: OrdersPlace['mode'];
}

const isEntry = (state: unknown): state is Entry =>
  typeof state === 'object' && state !== null && (state as Partial<Entry>).backoffice === 1 && typeof (state as Entry).orders === 'object';

/** Opens a place of the Orders workspace as a new history entry (what Back leaves). */
export function goTo(orders: OrdersPlace): void {
  const { ordersPlace } = useUi.getState();
  if (JSON.stringify(ordersPlace) === JSON.stringify(orders)) return;
  const entry: Entry = { backoffice: 1, orders, from: ordersPlace.mode };
  history.pushState(entry, '');
  useUi.getState().showPlace(orders, ordersPlace.mode);
}

/** Goes back to the entry before, where the app made one; otherwise (a page opened on this place) to the list. */
export function goBack(): void {
  if (isEntry(history.state) && history.state.from !== undefined) history.back();
  else {
    history.replaceState({ backoffice: 1, orders: { mode: 'list' } } satisfies Entry, '');
    useUi.getState().showPlace({ mode: 'list' }, undefined);
  }
}

/** The keys that go back, as aria-keyshortcuts names them. */
export const BACK_KEYS = 'Alt+ArrowLeft';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Follows the window's history: the place of the entry shown (after Back, Forward, or a reload, which keeps
 * the entry's state), and the back and forward keys and mouse buttons, which an Electron window does not
 * turn into history moves by itself. A browser would; the app's handling stops the browser's (preventDefault),
 * so each press moves one entry either way.
 */
export function useHistoryPlaces(): void {
  useEffect(() => {
    const follow = (state: unknown) => {
      if (!isEntry(state)) return false;
      const ui = useUi.getState();
      ui.showPlace(state.orders, state.from);
      if (ui.workspace !== 'orders') ui.open('orders');
      return true;
    };
    // A reload comes back to the place it was on; a fresh page starts an entry for the list.
    if (!follow(history.state)) history.replaceState({ backoffice: 1, orders: useUi.getState().ordersPlace } satisfies Entry, '');
    const onPop = (e: PopStateEvent) => void follow(e.state);
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typing(e.target)) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        if (e.key === 'ArrowLeft') history.back();
        else history.forward();
      }
    };
    const onMouse = (e: MouseEvent) => {
      if (e.button !== 3 && e.button !== 4) return;
      e.preventDefault();
      if (e.button === 3) history.back();
      else history.forward();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mouseup', onMouse);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mouseup', onMouse);
    };
  }, []);
}
