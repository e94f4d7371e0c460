/**
 * A money confirmation is cancelled when the desk locks, never sent: whoever signs in at the locked desk
 * finds the form as it was typed, and must review and confirm again. One already sending is left to finish:
 * its request is out, and its answer belongs on screen.
 */
import { useEffect, useRef } from 'react';
import { useSession } from '../../api/session';

export function useCancelledOnLock(cancel: () => void, sending: boolean): void {
  const locked = useSession().data?.state === 'locked';
  // Read when the desk locks, so that the effect follows the lock alone.
  const latest = useRef({ cancel, sending });
  useEffect(() => {
    latest.current = { cancel, sending };
  });
  useEffect(() => {
    if (locked && !latest.current.sending) latest.current.cancel();
  }, [locked]);
}
