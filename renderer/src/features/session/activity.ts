/**
 * The person at work, told to main: a key or a click in the window starts main's idle time again, at most
 * once every 30 seconds (the idle time is counted in minutes). Only a person's own input counts: the screens'
 * reads and polling never do, or a desk left with a running batch would never lock.
 */
import { useEffect } from 'react';
import { reportActivity } from '../../api/session';

/** How often at most the person's activity is told to main. */
export const ACTIVITY_EVERY_MS = 30_000;

export function useActivityReports(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    // Signing in was the last activity main knows of.
    let last = Date.now();
    const seen = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_EVERY_MS) return;
      last = now;
      // A refusal (the desk locked meanwhile) needs no word: the lock screen says it.
      reportActivity().catch(() => undefined);
    };
    window.addEventListener('keydown', seen, { capture: true, passive: true });
    window.addEventListener('pointerdown', seen, { capture: true, passive: true });
    return () => {
      window.removeEventListener('keydown', seen, { capture: true });
      window.removeEventListener('pointerdown', seen, { capture: true });
    };
  }, [active]);
}
