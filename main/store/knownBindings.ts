/**
 * What the app last saw of each stored card (binding), per environment: its client where a search by
 * client showed it, category, masked card, payment system and expiry, and when it was disabled from this
 * app. The gateway does not list a disabled binding at all, so without this a card disabled here could not
 * be shown or re-enabled. Only masked card numbers are kept (first 6 and last 4 at most), and a card
 * number in a client id or a label is masked as it is written; a client is found by that same masked form.
 */
import { maskCardField, maskCardNumbers } from '../domain/cardNumbers.js';
import { read, settled, write, type Db } from './database.js';

export interface KnownBinding {
  readonly environment: string;
  readonly bindingId: string;
  readonly clientId?: string;
  readonly category: string;
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly paymentWay?: string;
  readonly displayLabel?: string;
  readonly expiry?: string;
  readonly seenAt: number;
  /** Set while the binding is disabled from this app (and the gateway no longer lists it). */
  readonly disabledAt?: number;
}

/**
 * The stored cards an installation has seen: in a desk's own file, or (a team's) in its database, where a card
 * disabled at one desk is shown, and can be enabled again, at every other.
 */
export interface KnownBindingStore {
  /**
   * Records what the gateway showed now, as listed (so enabled): a client already known is kept when the
   * search did not say it. Clears a disabled mark, since the gateway lists the binding again.
   */
  seen(b: Omit<KnownBinding, 'disabledAt'>): Promise<void>;
  markDisabled(environment: string, bindingId: string, at: number): Promise<void>;
  markEnabled(environment: string, bindingId: string): Promise<void>;
  get(environment: string, bindingId: string): Promise<KnownBinding | undefined>;
  /** The client's bindings disabled from this app, oldest first. */
  disabledOf(environment: string, clientId: string): Promise<KnownBinding[]>;
}

/** A known_bindings row as both engines read it. */
export interface Row {
  environment: string;
  binding_id: string;
  client_id: string | null;
  category: string;
  masked_pan: string | null;
  payment_system: string | null;
  payment_way: string | null;
  display_label: string | null;
  expiry: string | null;
  seen_at: number;
  disabled_at: number | null;
}

export const toRecord = (r: Row): KnownBinding => ({
  environment: r.environment,
  bindingId: r.binding_id,
  ...(r.client_id !== null ? { clientId: r.client_id } : {}),
  category: r.category,
  ...(r.masked_pan !== null ? { maskedPan: r.masked_pan } : {}),
  ...(r.payment_system !== null ? { paymentSystem: r.payment_system } : {}),
  ...(r.payment_way !== null ? { paymentWay: r.payment_way } : {}),
  ...(r.display_label !== null ? { displayLabel: r.display_label } : {}),
  ...(r.expiry !== null ? { expiry: r.expiry } : {}),
  seenAt: r.seen_at,
  ...(r.disabled_at !== null ? { disabledAt: r.disabled_at } : {}),
});

/** The card as its first six and last four digits at most: a whole card number is never stored. */
const safeMasked = (masked: string | undefined) => (masked !== undefined ? maskCardField(masked) : null);
const masked = (text: string | undefined) => (text !== undefined ? maskCardNumbers(text) : null);

/** A card seen, as both engines write it (`?` placeholders; the team's store numbers them). */
export const SEEN_SQL = `INSERT INTO known_bindings (environment, binding_id, client_id, category, masked_pan, payment_system, payment_way,
     display_label, expiry, seen_at, disabled_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
   ON CONFLICT (environment, binding_id) DO UPDATE SET
     client_id = coalesce(excluded.client_id, known_bindings.client_id), category = excluded.category, masked_pan = excluded.masked_pan,
     payment_system = excluded.payment_system, payment_way = excluded.payment_way, display_label = excluded.display_label,
     expiry = excluded.expiry, seen_at = excluded.seen_at, disabled_at = NULL`;

/** SEEN_SQL's values: masked as they are written, whoever wrote the binding. */
export const seenValues = (b: Omit<KnownBinding, 'disabledAt'>) => [
  b.environment,
  b.bindingId,
  masked(b.clientId),
  b.category,
  safeMasked(b.maskedPan),
  masked(b.paymentSystem),
  masked(b.paymentWay),
  masked(b.displayLabel),
  b.expiry ?? null,
  b.seenAt,
];

export const DISABLED_OF_SQL =
  'SELECT * FROM known_bindings WHERE environment = ? AND client_id = ? AND disabled_at IS NOT NULL ORDER BY disabled_at';

/** This desk's file's known cards. */
export class SqliteKnownBindings implements KnownBindingStore {
  constructor(private readonly db: Db) {}

  seen(b: Omit<KnownBinding, 'disabledAt'>): Promise<void> {
    return settled(() => {
      write(this.db, () => this.db.prepare(SEEN_SQL).run(...seenValues(b)));
    });
  }

  markDisabled(environment: string, bindingId: string, at: number): Promise<void> {
    return settled(() => {
      write(this.db, () =>
        this.db
          .prepare('UPDATE known_bindings SET disabled_at = ? WHERE environment = ? AND binding_id = ?')
          .run(at, environment, bindingId),
      );
    });
  }

  markEnabled(environment: string, bindingId: string): Promise<void> {
    return settled(() => {
      write(this.db, () =>
        this.db
          .prepare('UPDATE known_bindings SET disabled_at = NULL WHERE environment = ? AND binding_id = ?')
          .run(environment, bindingId),
      );
    });
  }

  get(environment: string, bindingId: string): Promise<KnownBinding | undefined> {
    return settled(() =>
      read(this.db, () => {
        const r = this.db.prepare('SELECT * FROM known_bindings WHERE environment = ? AND binding_id = ?').get(environment, bindingId) as
          Row | undefined;
        return r && toRecord(r);
      }),
    );
  }

  disabledOf(environment: string, clientId: string): Promise<KnownBinding[]> {
    return settled(() =>
      read(this.db, () => (this.db.prepare(DISABLED_OF_SQL).all(environment, maskCardNumbers(clientId)) as Row[]).map(toRecord)),
    );
  }
}
