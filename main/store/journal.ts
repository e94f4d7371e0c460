/**
 * The charge journal: a manual charge is written here as PENDING, and committed, before its first byte
 * goes to the gateway. A definite answer settles it (PAID, DECLINED, FAILED); a lost answer marks it
 * UNKNOWN until the reconciler learns what the gateway did. Settled rows never change again.
 *
 * A row's reason is a phrase (main/phrases), kept as JSON in its TEXT column and read back through
 * storedPhrase(): a reason an earlier version wrote as plain text reads back as that text, quoted.
 */
import { maskCardField, maskCardNumbers } from '../domain/cardNumbers.js';
import { read, write, type Db } from './database.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { StoreError } from './errors.js';
import { storedPhrase, storeSaid } from './storedSaid.js';
import { claimOpen, type Claim } from './claims.js';

import type { ChargeCategory, ChargeState, OpenState, SettledState } from '../domain/charge.js';

export type { ChargeCategory, ChargeState, OpenState, SettledState } from '../domain/charge.js';

export interface NewCharge {
  readonly environment: string;
  readonly orderNumber: string;
  /** Minor units of the currency, a positive integer. */
  readonly amount: number;
  readonly currency: string;
  readonly bindingId: string;
  readonly clientId: string;
  readonly category: ChargeCategory;
  readonly description?: string;
  /** The card as the gateway showed it (first 6 and last 4 digits at most). */
  readonly maskedPan?: string;
  readonly operator: string;
  readonly at: number;
}

export interface JournalFilter {
  readonly environment?: string;
  readonly state?: ChargeState;
  /** Any of these states; takes the place of `state`. */
  readonly states?: readonly ChargeState[];
  /** Creation time, ms since the epoch, both ends included. */
  readonly from?: number;
  readonly to?: number;
  readonly text?: string;
  readonly limit?: number;
  /**
   * Charges being sent now (kept in memory by the charge service, not here): `only` keeps just the PENDING
   * rows among them, `exclude` leaves those out.
   */
  readonly sending?: { readonly ids: readonly number[]; readonly keep: 'only' | 'exclude' };
}

export interface Settlement {
  readonly state: SettledState;
  readonly orderId?: string;
  readonly orderStatus?: number;
  readonly actionCode?: number;
  /** The gateway's own words for a decline, or what refused the charge (stored as JSON: storedPhrase.ts). */
  readonly reason?: Phrase;
  readonly at: number;
}

export interface ChargeRow extends NewCharge {
  readonly id: number;
  readonly state: ChargeState;
  readonly orderId?: string;
  readonly orderStatus?: number;
  readonly actionCode?: number;
  /** A row written before reasons were phrases reads back as app.quoted (storedPhrase.ts). */
  readonly reason?: Phrase;
  readonly updatedAt: number;
}

interface Row {
  id: number;
  environment: string;
  order_number: string;
  amount: number;
  currency: string;
  binding_id: string;
  client_id: string;
  category: ChargeCategory;
  description: string | null;
  masked_pan: string | null;
  operator: string;
  state: ChargeState;
  order_id: string | null;
  order_status: number | null;
  action_code: number | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

const opt = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  value === null ? {} : ({ [key]: value } as { [P in K]: V });

const toCharge = (r: Row): ChargeRow => ({
  id: r.id,
  environment: r.environment,
  orderNumber: r.order_number,
  amount: r.amount,
  currency: r.currency,
  bindingId: r.binding_id,
  clientId: r.client_id,
  category: r.category,
  operator: r.operator,
  state: r.state,
  at: r.created_at,
  updatedAt: r.updated_at,
  ...opt('description', r.description),
  ...opt('maskedPan', r.masked_pan),
  ...opt('orderId', r.order_id),
  ...opt('orderStatus', r.order_status),
  ...opt('actionCode', r.action_code),
  ...opt('reason', r.reason === null ? null : storedPhrase(r.reason)),
});

export const isOpen = (state: ChargeState): state is OpenState => state === 'PENDING' || state === 'UNKNOWN';

/** What begin() did: journalled the charge, or left it out because its guard refused it. */
export type BeginOutcome<R> =
  { readonly kind: 'journalled'; readonly charge: ChargeRow } | { readonly kind: 'refused'; readonly refusal: R };

export class ChargeJournal {
  constructor(private readonly db: Db) {}

  /**
   * Writes the charge as PENDING and commits it, if its guard lets it: the guard reads the journal inside
   * the same write transaction, under SQLite's write lock, so no other charge, from this process or
   * another on the same file, can be journalled between its checks and this row. Every rule against
   * charging twice lives in a guard (ChargeService's), never in a screen or a plan. The table itself also
   * refuses a second attempt under an orderNumber whose earlier attempt has not failed. With `claims`,
   * the new row is claimed for its sender (claim()) in the same turn, before anything else can read it.
   */
  begin<R>(c: NewCharge, guard: (journal: ChargeJournal) => R | undefined, claims?: Set<number>): BeginOutcome<R> {
    if (!Number.isSafeInteger(c.amount) || c.amount <= 0)
      throw new StoreError('other', phrase('storage.badAmount', { amount: String(c.amount) }));
    const outcome = write(this.db, (): { refusal: R } | { id: number } => {
      const refusal = guard(this);
      if (refusal !== undefined) return { refusal };
      return {
        id: Number(
          this.db
            .prepare(
              `INSERT INTO charge_journal (environment, order_number, amount, currency, binding_id, client_id, category, description, masked_pan, operator, state, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
            )
            .run(
              c.environment,
              c.orderNumber,
              c.amount,
              c.currency,
              c.bindingId,
              c.clientId,
              c.category,
              // ChargeService refuses a description holding a card number; a whole card number is never kept.
              c.description === undefined ? null : maskCardNumbers(c.description),
              c.maskedPan === undefined ? null : maskCardField(c.maskedPan),
              c.operator,
              c.at,
              c.at,
            ).lastInsertRowid,
        ),
      };
    });
    if ('refusal' in outcome) return { kind: 'refused', refusal: outcome.refusal };
    // Claimed by its sender as it is journalled (claim() says why), before anything else can see it open.
    claims?.add(outcome.id);
    return { kind: 'journalled', charge: this.get(outcome.id)! };
  }

  /** The answer was lost: the charge stays open until reconciled. Only an open charge can be marked. */
  markUnknown(id: number, reason: Phrase, at: number): boolean {
    return write(
      this.db,
      () =>
        this.db
          .prepare(
            "UPDATE charge_journal SET state = 'UNKNOWN', reason = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')",
          )
          .run(storeSaid(reason), at, id).changes === 1,
    );
  }

  /** Settles an open charge; a settled one is never changed again (returns false). */
  settle(id: number, s: Settlement): boolean {
    return write(
      this.db,
      () =>
        this.db
          .prepare(
            `UPDATE charge_journal SET state = ?, order_id = COALESCE(?, order_id), order_status = ?, action_code = ?, reason = ?, updated_at = ?
           WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')`,
          )
          .run(s.state, s.orderId ?? null, s.orderStatus ?? null, s.actionCode ?? null, s.reason ? storeSaid(s.reason) : null, s.at, id)
          .changes === 1,
    );
  }

  /** Records the gateway's orderId as soon as it is known (after register.do), without settling. */
  attachOrder(id: number, orderId: string, at: number): void {
    write(this.db, () => {
      this.db
        .prepare("UPDATE charge_journal SET order_id = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')")
        .run(orderId, at, id);
    });
  }

  get(id: number): ChargeRow | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM charge_journal WHERE id = ?').get(id) as Row | undefined;
      return r && toCharge(r);
    });
  }

  /**
   * The latest charge under an orderNumber. A reference whose charge failed may be charged again, so one
   * orderNumber can have several rows: failed attempts, then at most one that did not fail.
   */
  byOrderNumber(environment: string, orderNumber: string): ChargeRow | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare('SELECT * FROM charge_journal WHERE environment = ? AND order_number = ? ORDER BY id DESC LIMIT 1')
        .get(environment, orderNumber) as Row | undefined;
      return r && toCharge(r);
    });
  }

  /** Claims an open charge for sending, on the row as it is now (store/claims.ts); a settled one never is. */
  claim(id: number, claims: Set<number>): Claim<ChargeRow> {
    return claimOpen(this.db, id, claims, (i) => this.get(i));
  }

  /** Every charge whose outcome is not known yet, oldest first: what the reconciler works through on start-up. */
  open(environment?: string): ChargeRow[] {
    return read(this.db, () => {
      const sql = `SELECT * FROM charge_journal WHERE state IN ('PENDING', 'UNKNOWN') ${environment ? 'AND environment = ?' : ''} ORDER BY id`;
      return (this.db.prepare(sql).all(...(environment ? [environment] : [])) as Row[]).map(toCharge);
    });
  }

  /** Charges journalled on any of these bindings at or after a time: what makes a batch's dry run stale. */
  journalledSince(environment: string, bindingIds: readonly string[], since: number): ChargeRow[] {
    if (bindingIds.length === 0) return [];
    return read(this.db, () => {
      const list = bindingIds.map(() => '?').join(', ');
      return (
        this.db
          .prepare(`SELECT * FROM charge_journal WHERE environment = ? AND created_at >= ? AND binding_id IN (${list}) ORDER BY id`)
          .all(environment, since, ...bindingIds) as Row[]
      ).map(toCharge);
    });
  }

  /** Charges of the same binding and amount since a time, not failed: the basis of the "charged twice?" question. */
  similarSince(environment: string, bindingId: string, amount: number, currency: string, since: number): ChargeRow[] {
    return read(this.db, () => {
      return (
        this.db
          .prepare(
            "SELECT * FROM charge_journal WHERE environment = ? AND binding_id = ? AND amount = ? AND currency = ? AND created_at >= ? AND state != 'FAILED' ORDER BY id",
          )
          .all(environment, bindingId, amount, currency, since) as Row[]
      ).map(toCharge);
    });
  }

  /**
   * Newest first, by environment, state(s), creation time (both ends included) and a text found in the
   * orderNumber, orderId, bindingId or clientId.
   */
  list(filter: JournalFilter = {}): ChargeRow[] {
    return read(this.db, () => {
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (filter.environment) {
        where.push('environment = ?');
        args.push(filter.environment);
      }
      const states = filter.states ?? (filter.state ? [filter.state] : undefined);
      if (states) {
        where.push(`state IN (${states.map(() => '?').join(', ') || 'NULL'})`);
        args.push(...states);
      }
      if (filter.from !== undefined) {
        where.push('created_at >= ?');
        args.push(filter.from);
      }
      if (filter.to !== undefined) {
        where.push('created_at <= ?');
        args.push(filter.to);
      }
      if (filter.text) {
        // instr, not LIKE: the text is matched as typed, with no wildcard characters of its own.
        where.push(
          "(instr(order_number, ?) > 0 OR instr(coalesce(order_id, ''), ?) > 0 OR instr(binding_id, ?) > 0 OR instr(client_id, ?) > 0)",
        );
        args.push(filter.text, filter.text, filter.text, filter.text);
      }
      if (filter.sending) {
        const ids = filter.sending.ids.map(() => '?').join(', ') || 'NULL';
        where.push(
          filter.sending.keep === 'only' ? `(state = 'PENDING' AND id IN (${ids}))` : `NOT (state = 'PENDING' AND id IN (${ids}))`,
        );
        args.push(...filter.sending.ids);
      }
      const sql = `SELECT * FROM charge_journal ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
      return (this.db.prepare(sql).all(...args, filter.limit ?? 1000) as Row[]).map(toCharge);
    });
  }
}
