/**
 * Keyboard shortcuts: Ctrl/⌘+K (or "/" outside a text box) focuses the order search; Alt+1..9, then Alt+0, open
 * the workspaces in the order of the navigation, those the signed-in person's role allows only. A workspace keeps
 * its number whatever the role, so a shortcut never opens something else than it did before.
 */
import { useEffect, useRef } from 'react';
import { WORKSPACES, useUi, type WorkspaceId } from './uiStore';

export const SEARCH_INPUT_ID = 'order-search';

/** The digit that opens the workspace at this place of the navigation: 1 to 9, then 0 for the tenth. */
export const shortcutDigit = (index: number): string => String((index + 1) % 10);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useShortcuts(allowed: ReadonlySet<WorkspaceId>, paused = false): void {
  // Read when a key is pressed, so that the listener is added once and still follows the role and the lock.
  const allowedNow = useRef(allowed);
  const pausedNow = useRef(paused);
  useEffect(() => {
    allowedNow.current = allowed;
    pausedNow.current = paused;
  }, [allowed, paused]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Under the lock screen, a key opens nothing: the workspace and its typed form stay as they were.
      if (pausedNow.current) return;
      const { open } = useUi.getState();
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing(e.target))) {
        e.preventDefault();
        open('orders');
        // After the workspace renders.
        requestAnimationFrame(() => document.getElementById(SEARCH_INPUT_ID)?.focus());
        return;
      }
      if (e.altKey && !e.ctrlKey && !e.metaKey && /^[0-9]$/.test(e.key)) {
        const workspace = WORKSPACES.find((_, i) => shortcutDigit(i) === e.key);
        if (workspace && allowedNow.current.has(workspace.id)) {
          e.preventDefault();
          open(workspace.id);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
