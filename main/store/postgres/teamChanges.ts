/**
 * What other desks change in the team database, heard as it commits (LISTEN/NOTIFY; the triggers of
 * migration 24 announce every write to the shared journals, those of migration 30 the orders each write
 * touched). A notification sent while this desk was disconnected is lost, so after every reconnection the
 * listener says "everything" ('*'), and whoever listens reads again what it shows.
 */
import pg from 'pg';
import type { OrderRef } from '../../domain/orderRef.js';
import type { TeamDatabase } from './teamDatabase.js';

export const CHANGES_CHANNEL = 'backoffice_changes';
export const ORDERS_CHANNEL = 'backoffice_orders';
/** How long a listener that lost the database waits before it tries again. */
export const RELISTEN_MS = 1_000;

/**
 * A table of the team database that changed, or '*' after a reconnection: anything may have; or the orders
 * a write touched ('*': too many to name in one notification).
 */
export type TeamChange = string | { readonly orders: readonly OrderRef[] | '*' };

/** The orders a notification names; anything but the trigger's JSON is read as "any order". */
function ordersOf(payload: string): { readonly orders: readonly OrderRef[] | '*' } {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (Array.isArray(parsed) && parsed.every((o) => Array.isArray(o) && o.length === 2 && o.every((x) => typeof x === 'string')))
      return { orders: (parsed as [string, string][]).map(([environment, orderId]) => ({ environment, orderId })) };
  } catch {
    // '*', or a payload this version does not know
  }
  return { orders: '*' };
}

export interface ChangeListener {
  close(): Promise<void>;
}

export function listenForChanges(db: TeamDatabase, onChange: (change: TeamChange) => void, retryMs = RELISTEN_MS): ChangeListener {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Whether anything may have been missed: the first connection failed, or one was lost. */
  let missed = false;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    // Its own connection, not the pool's: a LISTEN lasts as long as the session that made it.
    const c = new pg.Client(db.pool.options);
    client = c;
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = undefined;
      missed = true;
      retry();
    });
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL) onChange(n.payload ?? '*');
      else if (n.channel === ORDERS_CHANNEL) onChange(ordersOf(n.payload ?? '*'));
    });
    try {
      await db.ready();
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${ORDERS_CHANNEL}`);
      if (closed) return void (await c.end());
      // What was written while this desk was not listening was never heard: say everything may have changed.
      if (missed) onChange('*');
      missed = false;
    } catch {
      missed = true;
      if (client === c) client = undefined;
      await c.end().catch(() => undefined);
      retry();
    }
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
