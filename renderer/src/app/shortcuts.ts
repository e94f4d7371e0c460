/**
 * Keyboard shortcuts: Ctrl/⌘+K (or "/" outside a text box) focuses the order search; Alt+1..6 opens the
 * workspaces in the order of the navigation.
 */
import { useEffect } from 'react';
import { WORKSPACES, useUi } from './uiStore';

export const SEARCH_INPUT_ID = 'order-search';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { open } = useUi.getState();
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing(e.target))) {
        e.preventDefault();
        open('orders');
        // After the workspace renders.
        requestAnimationFrame(() => document.getElementById(SEARCH_INPUT_ID)?.focus());
        return;
      }
      if (e.altKey && !e.ctrlKey && !e.metaKey && /^[1-9]$/.test(e.key)) {
        const workspace = WORKSPACES[Number(e.key) - 1];
        if (workspace) {
          e.preventDefault();
          open(workspace.id);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
