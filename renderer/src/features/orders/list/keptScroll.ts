/**
 * Keeps how far the list's table was scrolled (uiStore's listScroll, kept across restarts) and scrolls it
 * there again when the list is shown again: after an order was opened and Back pressed, or a restart. The
 * table is virtualised and owns its scrolling element (PeriodTable.tsx, which scrolls to the top for every
 * new query), so the list follows that element's scroll events from its own section, in the capture phase
 * (scroll events do not bubble), and sets the kept position once the table's rows are there.
 */
import { useCallback, useEffect, useRef, type UIEvent } from 'react';
import { useUi } from '../../../app/uiStore';

/** The table's scrolling element (PeriodTable.tsx). */
const SCROLLER = '[data-testid="period-scroller"]';
/** Frames to wait for the table to appear once its first page was read, before giving the kept place up. */
const FRAMES = 120;

export function useKeptScroll(queryKey: string, ready: boolean) {
  const ref = useRef<HTMLElement>(null);
  /** Where to scroll once the table is there: what was kept when the list was last left. */
  const wanted = useRef(useUi.getState().listScroll);
  const restored = useRef(false);
  const shownKey = useRef(queryKey);

  // Another query starts at the top: what was kept belonged to the one before.
  useEffect(() => {
    if (shownKey.current === queryKey) return;
    shownKey.current = queryKey;
    restored.current = true;
    useUi.getState().keepListScroll(0);
  }, [queryKey]);

  useEffect(() => {
    if (!ready || restored.current) return;
    let frames = 0;
    let handle = 0;
    const restore = () => {
      const scroller = ref.current?.querySelector<HTMLElement>(SCROLLER);
      if (!scroller && ++frames < FRAMES) {
        handle = requestAnimationFrame(restore);
        return;
      }
      if (scroller) scroller.scrollTop = wanted.current;
      restored.current = true;
    };
    restore();
    return () => cancelAnimationFrame(handle);
  }, [ready]);

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    // Before the kept place is restored, the scrolls are the table's own start at the top.
    if (!restored.current || !(e.target instanceof HTMLElement) || !e.target.matches(SCROLLER)) return;
    useUi.getState().keepListScroll(e.target.scrollTop);
  }, []);

  return { ref, onScroll };
}
