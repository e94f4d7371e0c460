/**
 * The charge journal: a manual charge is written here as PENDING, and committed, before its first byte
 * goes to the gateway. A definite answer settles it (PAID, DECLINED, FAILED); a lost answer marks it
 * UNKNOWN until the reconciler learns what the gateway did. Settled rows never change again.
 *
 * A row's reason is a phrase (main/phrases), kept as JSON in its TEXT column and read back through
 * storedPhrase(): a reason an earlier version wrote as plain text reads back as that text, quoted.
 */
import { chargeLimitKeys } from './settings.js';
import { maskCardField, maskCardNumbers } from '../domain/cardNumbers.js';
import { read, settled, write, type Db } from './database.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { StoreError } from './errors.js';
import { storedPhrase, storeSaid } from './storedSaid.js';
import { claimOpen, type Claim } from './claims.js';
import { AuditRepository, type AuditedBy } from './audit.js';
import {
  batchFactsIn,
  decideBegin,
  fileRequest,
  markApproved,
  readForBegin,
  type ApprovalOutcome,
  type ApprovalStep,
  type MovedMoney,
} from './approvals.js';

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
  /** The batch file that charges it (its id), whose approval and threshold its rows together answer to. */
  readonly batchId?: string;
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
  /** The desk that journalled it (absent on rows from before desks were named). */
  readonly desk?: string;
  /**
   * The desk (its id: store/postgres/desks.ts) sending or reconciling it now, and until when its claim holds
   * (the team database's clock); with `elsewhere`, the name of that desk where it is not the one reading.
   */
  readonly claim?: { readonly deskId: string; readonly until: number; readonly elsewhere?: string };
}

/** A charge_journal row as both engines read it (the team database's BIGINTs are parsed to numbers). */
export interface ChargeJournalRow {
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
  desk: string | null;
  claimed_by: string | null;
  claim_expires_at: number | null;
  /** The claiming desk's name (the team database's desks table; absent in a desk's own file). */
  claimed_by_name?: string | null;
}

export const opt = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  value === null ? {} : ({ [key]: value } as { [P in K]: V });

/**
 * The row as the app uses it, read by the desk `deskId` of a team: a claim another desk holds names that
 * desk (ChargeRow.claim.elsewhere).
 */
export const chargeReader =
  (deskId?: string) =>
  (r: ChargeJournalRow): ChargeRow => ({
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
    ...opt('desk', r.desk),
    ...(r.claimed_by !== null && r.claim_expires_at !== null
      ? {
          claim: {
            deskId: r.claimed_by,
            until: r.claim_expires_at,
            ...(deskId !== undefined && r.claimed_by !== deskId ? { elsewhere: r.claimed_by_name ?? r.claimed_by } : {}),
          },
        }
      : {}),
  });

/** The row as the app uses it, read in a desk's own file (whose claims are all its own). */
export const toCharge = chargeReader();

export const isOpen = (state: ChargeState): state is OpenState => state === 'PENDING' || state === 'UNKNOWN';

/** What begin() did: journalled the charge, left it out because its guard refused it, or what approvals made of it. */
export type BeginOutcome<R> =
  { readonly kind: 'journalled'; readonly charge: ChargeRow } | { readonly kind: 'refused'; readonly refusal: R } | ApprovalOutcome;

/** The money a charge moves, as approvals see it (store/approvals.ts). */
export const chargeMoney = (c: NewCharge): MovedMoney => ({
  environment: c.environment,
  what: {
    action: 'charge',
    bindingId: c.bindingId,
    clientId: c.clientId,
    orderNumber: c.orderNumber,
    category: c.category,
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(c.maskedPan !== undefined ? { maskedPan: c.maskedPan } : {}),
  },
  amount: c.amount,
  currency: c.currency,
});

/** The card, amount and reference a charge's guard asks about. */
export type GuardQuery = Pick<NewCharge, 'environment' | 'orderNumber' | 'bindingId' | 'amount' | 'currency'>;

/**
 * What a charge's guard reads: the rows as they are inside the transaction that journals the charge, after
 * it took the card's lock, so no other charge on the card (from this desk or another) can change them
 * before the guard's answer is written.
 */
export interface GuardFacts {
  /** The time the guard's windows end at: the desk's clock, or the team database's, which every desk shares. */
  readonly now: number;
  /** Charges on this card (environment and binding) whose outcome is not known yet. */
  readonly openOnCard: readonly ChargeRow[];
  /** The latest charge under this orderNumber, of any state. */
  readonly underReference: ChargeRow | undefined;
  /** Charges of this card, amount and currency that did not fail, created within the look-back, oldest first. */
  readonly similar: readonly ChargeRow[];
  /**
   * The environment's accepted currencies and per-charge maximums as kept now (JSON text by key:
   * store/settings.ts chargeLimitKeys): a maximum an administrator lowered a moment ago holds for this charge.
   */
  readonly settings: ReadonlyMap<string, string>;
}

/** A guard: undefined lets the charge be journalled; anything else is why not, and nothing is written. */
export type ChargeGuard<R> = (facts: GuardFacts) => R | undefined;

/**
 * The charge journal, on either engine: this desk's SQLite file (SqliteChargeJournal) or the team's
 * PostgreSQL (store/postgres/chargeJournal.ts). Both keep the same rows, run the same guard, and hold the
 * same promise: a charge is committed PENDING before its first byte goes to the gateway, and its guard
 * decides on the rows as they are in that very transaction.
 */
export interface ChargeJournal {
  /**
   * Writes the charge as PENDING and commits it, if its guard lets it: the guard is given the facts read
   * inside the same write transaction, under a lock every writer of this card takes, and the row is
   * written before the lock is let go. `lookBackMs` is how far back `similar` reaches. With `claims`, the
   * new row is claimed for its sender in the same turn (store/claims.ts), before anything else can read it.
   * Approvals are decided in the same transaction (decideBegin, store/approvals.ts): a live request on the
   * card holds it; a charge over its threshold becomes a request when `step` asks, and with an `approve` step
   * the request is approved by the row.
   */
  begin<R>(c: NewCharge, lookBackMs: number, guard: ChargeGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOutcome<R>>;
  /** The guard's facts as they are now, outside any charge: what a batch's dry run shows; a preview only. */
  facts(q: GuardQuery, at: number, lookBackMs: number): Promise<GuardFacts>;
  /** The answer was lost: the charge stays open until reconciled. Only an open charge can be marked. */
  markUnknown(id: number, reason: Phrase, at: number, audited?: AuditedBy<ChargeRow>): Promise<boolean>;
  /**
   * Settles an open charge; a settled one is never changed again (returns false). With `audited`, the charge's
   * audit entry, made from the row as settled, is written in the same transaction (and not when nothing changed);
   * markUnknown likewise.
   */
  settle(id: number, s: Settlement, audited?: AuditedBy<ChargeRow>): Promise<boolean>;
  /** Records the gateway's orderId as soon as it is known (after register.do), without settling. */
  attachOrder(id: number, orderId: string, at: number): Promise<void>;
  get(id: number): Promise<ChargeRow | undefined>;
  /**
   * The latest charge under an orderNumber. A reference whose charge failed may be charged again, so one
   * orderNumber can have several rows: failed attempts, then at most one that did not fail.
   */
  byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined>;
  /**
   * Claims an open charge for sending, on the row as it is now (store/claims.ts); a settled one never is,
   * nor one another sender holds (in the team database, another desk, until its claim expires).
   */
  claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>>;
  /**
   * The row, if it is open and this sender's claim on it still holds, which it renews: asked just before
   * each payment request, so that no request goes out on a row settled or taken over meanwhile.
   */
  renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined>;
  /** Every charge whose outcome is not known yet, oldest first: what the reconciler works through on start-up. */
  open(environment?: string): Promise<ChargeRow[]>;
  /**
   * Charges journalled on any of these bindings at or after a time of this journal's clock (now()): what
   * makes a batch's dry run stale.
   */
  journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]>;
  /**
   * Newest first, by environment, state(s), creation time (both ends included) and a text found in the
   * orderNumber, orderId, bindingId or clientId.
   */
  list(filter?: JournalFilter): Promise<ChargeRow[]>;
  /**
   * The time by the clock the journal writes rows' times with, for a desk whose clock says `at`: a question
   * about what was journalled since a moment must ask with that moment on the same clock.
   */
  now(at: number): Promise<number>;
}

/** The amount every engine refuses before anything is written: a positive whole number of minor units. */
export function assertChargeAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new StoreError('other', phrase('storage.badAmount', { amount: String(amount) }));
}

/** The columns of a new row, as both engines write them: a whole card number is never kept. */
export const newChargeColumns = (c: NewCharge, desk: string | undefined) =>
  [
    c.environment,
    c.orderNumber,
    c.amount,
    c.currency,
    c.bindingId,
    c.clientId,
    c.category,
    // ChargeService refuses a description holding a card number; whatever else calls, none is kept whole.
    c.description === undefined ? null : maskCardNumbers(c.description),
    c.maskedPan === undefined ? null : maskCardField(c.maskedPan),
    c.operator,
    // A desk's name is the host's or an administrator's; whatever it holds, no card number is kept whole.
    desk === undefined ? null : maskCardNumbers(desk),
    c.batchId ?? null,
  ] as const;

export const NEW_CHARGE_COLUMNS =
  'environment, order_number, amount, currency, binding_id, client_id, category, description, masked_pan, operator, desk, batch_id';

/**
 * The charge journal in this desk's SQLite file, where BEGIN IMMEDIATE is the lock every writer takes. Its
 * claims are the process's own (store/claims.ts): the data folder's lock keeps any other process off the file.
 */
export class SqliteChargeJournal implements ChargeJournal {
  /** `desk`: this desk's name, kept on each charge it journals. */
  /** `audit`: this file's log, where an action's entry is written in the action's transaction. */
  constructor(
    private readonly db: Db,
    private readonly desk?: string,
    private readonly audit: AuditRepository = new AuditRepository(db),
  ) {}

  begin<R>(c: NewCharge, lookBackMs: number, guard: ChargeGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOutcome<R>> {
    return settled(() => {
      assertChargeAmount(c.amount);
      // SQLite's write lock is the file's: taken before the facts are read, by every process on the file.
      const outcome = write(this.db, (): BeginOutcome<R> | { id: number } => {
        const facts = this.factsNow(c, c.at, lookBackMs);
        const decided = decideBegin({
          step,
          money: chargeMoney(c),
          ...readForBegin(this.db, { bindingId: c.bindingId }, c.environment, step, c.at),
          thresholds: facts.settings.get(chargeLimitKeys(c.environment).approvals),
          now: c.at,
          guard: () => guard(facts),
          ...(this.desk !== undefined ? { desk: this.desk } : {}),
          ...(c.batchId !== undefined ? { batch: batchFactsIn(this.db, c.environment, c.batchId, c.currency, c.at) } : {}),
        });
        if (decided.kind === 'ask')
          return { kind: 'requested', request: fileRequest(this.db, decided.request, c.at, this.audit, step?.audited), why: decided.why };
        if (decided.kind !== 'journal') return decided;
        const id = Number(
          this.db
            .prepare(
              `INSERT INTO charge_journal (${NEW_CHARGE_COLUMNS}, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
            )
            .run(...newChargeColumns(c, this.desk), c.at, c.at).lastInsertRowid,
        );
        if (decided.approving) markApproved(this.db, decided.approving, id, c.at, this.audit, step?.audited);
        return { id };
      });
      if (!('id' in outcome)) return outcome;
      claims?.add(outcome.id);
      return { kind: 'journalled', charge: this.row(outcome.id)! };
    });
  }

  facts(q: GuardQuery, at: number, lookBackMs: number): Promise<GuardFacts> {
    return settled(() => read(this.db, () => this.factsNow(q, at, lookBackMs)));
  }

  private factsNow(q: GuardQuery, now: number, lookBackMs: number): GuardFacts {
    const rows = (sql: string, ...args: (string | number)[]) => (this.db.prepare(sql).all(...args) as ChargeJournalRow[]).map(toCharge);
    return {
      now,
      openOnCard: rows(
        "SELECT * FROM charge_journal WHERE environment = ? AND binding_id = ? AND state IN ('PENDING', 'UNKNOWN') ORDER BY id",
        q.environment,
        q.bindingId,
      ),
      underReference: rows(
        'SELECT * FROM charge_journal WHERE environment = ? AND order_number = ? ORDER BY id DESC LIMIT 1',
        q.environment,
        q.orderNumber,
      )[0],
      similar: rows(
        "SELECT * FROM charge_journal WHERE environment = ? AND binding_id = ? AND amount = ? AND currency = ? AND created_at >= ? AND state != 'FAILED' ORDER BY id",
        q.environment,
        q.bindingId,
        q.amount,
        q.currency,
        now - lookBackMs,
      ),
      settings: new Map(
        this.db
          .prepare(
            `SELECT key, value FROM settings WHERE key IN (${Object.keys(chargeLimitKeys(''))
              .map(() => '?')
              .join(', ')})`,
          )
          .raw(true)
          .all(...Object.values(chargeLimitKeys(q.environment))) as [string, string][],
      ),
    };
  }

  markUnknown(id: number, reason: Phrase, at: number, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    return this.answer(id, audited, () =>
      this.db
        .prepare("UPDATE charge_journal SET state = 'UNKNOWN', reason = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')")
        .run(storeSaid(reason), at, id),
    );
  }

  settle(id: number, s: Settlement, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    return this.answer(id, audited, () =>
      this.db
        .prepare(
          `UPDATE charge_journal SET state = ?, order_id = COALESCE(?, order_id), order_status = ?, action_code = ?, reason = ?, updated_at = ?
           WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')`,
        )
        .run(s.state, s.orderId ?? null, s.orderStatus ?? null, s.actionCode ?? null, s.reason ? storeSaid(s.reason) : null, s.at, id),
    );
  }

  /** An answer written to an open row, and its audit entry with it, in one write transaction; false when nothing changed. */
  private answer(id: number, audited: AuditedBy<ChargeRow> | undefined, update: () => { changes: number }): Promise<boolean> {
    return settled(() =>
      write(this.db, () => {
        const changed = update().changes === 1;
        if (changed && audited) this.audit.write(audited(this.row(id)!));
        return changed;
      }),
    );
  }

  attachOrder(id: number, orderId: string, at: number): Promise<void> {
    return settled(() => {
      write(this.db, () => {
        this.db
          .prepare("UPDATE charge_journal SET order_id = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')")
          .run(orderId, at, id);
      });
    });
  }

  get(id: number): Promise<ChargeRow | undefined> {
    return settled(() => this.row(id));
  }

  private row(id: number): ChargeRow | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM charge_journal WHERE id = ?').get(id) as ChargeJournalRow | undefined;
      return r && toCharge(r);
    });
  }

  byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    return settled(() =>
      read(this.db, () => {
        const r = this.db
          .prepare('SELECT * FROM charge_journal WHERE environment = ? AND order_number = ? ORDER BY id DESC LIMIT 1')
          .get(environment, orderNumber) as ChargeJournalRow | undefined;
        return r && toCharge(r);
      }),
    );
  }

  claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    return settled(() => claimOpen(this.db, id, claims, (i) => this.row(i)));
  }

  renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    return settled(() => {
      const row = this.row(id);
      return row && isOpen(row.state) && claims.has(id) ? row : undefined;
    });
  }

  open(environment?: string): Promise<ChargeRow[]> {
    return settled(() =>
      read(this.db, () => {
        const sql = `SELECT * FROM charge_journal WHERE state IN ('PENDING', 'UNKNOWN') ${environment ? 'AND environment = ?' : ''} ORDER BY id`;
        return (this.db.prepare(sql).all(...(environment ? [environment] : [])) as ChargeJournalRow[]).map(toCharge);
      }),
    );
  }

  /** The desk's own time: its rows are written at the charge's time (c.at), which the desk's clock gives. */
  now(at: number): Promise<number> {
    return Promise.resolve(at);
  }

  journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]> {
    return settled(() => {
      if (bindingIds.length === 0) return [];
      return read(this.db, () => {
        const list = bindingIds.map(() => '?').join(', ');
        return (
          this.db
            .prepare(`SELECT * FROM charge_journal WHERE environment = ? AND created_at >= ? AND binding_id IN (${list}) ORDER BY id`)
            .all(environment, since, ...bindingIds) as ChargeJournalRow[]
        ).map(toCharge);
      });
    });
  }

  list(filter: JournalFilter = {}): Promise<ChargeRow[]> {
    return settled(() =>
      read(this.db, () => {
        const { where, args } = journalWhere(filter, () => '?', 'instr');
        const sql = `SELECT * FROM charge_journal ${where} ORDER BY id DESC LIMIT ?`;
        return (this.db.prepare(sql).all(...args, filter.limit ?? 1000) as ChargeJournalRow[]).map(toCharge);
      }),
    );
  }
}

/** The filter of list() as SQL, for both engines: `param` numbers the placeholders, `position` finds a text. */
export function journalWhere(
  filter: JournalFilter,
  param: () => string,
  position: 'instr' | 'strpos',
): { where: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const arg = (v: string | number): string => {
    args.push(v);
    return param();
  };
  if (filter.environment) where.push(`environment = ${arg(filter.environment)}`);
  const states = filter.states ?? (filter.state ? [filter.state] : undefined);
  if (states) where.push(`state IN (${states.map((s) => arg(s)).join(', ') || 'NULL'})`);
  if (filter.from !== undefined) where.push(`created_at >= ${arg(filter.from)}`);
  if (filter.to !== undefined) where.push(`created_at <= ${arg(filter.to)}`);
  if (filter.text) {
    // A position, not LIKE: the text is matched as typed, with no wildcard characters of its own.
    const t = filter.text;
    where.push(
      `(${position}(order_number, ${arg(t)}) > 0 OR ${position}(coalesce(order_id, ''), ${arg(t)}) > 0 OR ${position}(binding_id, ${arg(t)}) > 0 OR ${position}(client_id, ${arg(t)}) > 0)`,
    );
  }
  if (filter.sending) {
    const ids = filter.sending.ids.map((i) => arg(i)).join(', ') || 'NULL';
    where.push(filter.sending.keep === 'only' ? `(state = 'PENDING' AND id IN (${ids}))` : `NOT (state = 'PENDING' AND id IN (${ids}))`);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}
