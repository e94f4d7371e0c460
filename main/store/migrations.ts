/**
 * Numbered migrations, each run in one transaction that ends by setting `PRAGMA user_version` to its
 * number (as Signal Desktop does), so a database is always at exactly one known version.
 * Append only: a released migration is never edited.
 */
import type Database from 'better-sqlite3';
import { maskCardField, maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { orderMoney } from '../domain/orderMoney.js';
import { MAX_REQUEST_REASON } from '../domain/approvals.js';
import { legacyFacts } from './auditLegacy.js';

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
  /**
   * What SQL cannot say, run after `sql` in the same transaction: rows rewritten by the app's own rules.
   * Returns how many rows it changed.
   */
  readonly run?: (db: Database.Database) => number;
  /**
   * What it rewrites must leave no copy behind: when it changed a row, or the file has free pages (which
   * keep what deleted rows held), the file is rebuilt (VACUUM) and the WAL checkpointed into it and emptied.
   */
  readonly scrub?: boolean;
  /**
   * The same step in the team database's dialect (PostgreSQL), for the tables the team shares; '' where the
   * step changes none of them. The team database's history starts at TEAM_SCHEMA_FROM; the step that brings
   * a table into it creates the table as a desk's file has it then, and every step from there on says both
   * (a test holds them to it).
   */
  readonly postgres?: string;
}

/** A JSON document (a view, an audit entry's facts, a stored phrase) with every card number in its texts masked. */
function maskedJson(text: string): string {
  try {
    return JSON.stringify(maskCardNumbersIn(JSON.parse(text) as unknown));
  } catch {
    // A reason kept as plain text by an earlier version.
    return maskCardNumbers(text);
  }
}

/** Each column of the table rewritten by its function where that changes it; returns the rows changed. */
function maskColumns(db: Database.Database, table: string, columns: Readonly<Record<string, 'text' | 'field' | 'json'>>): number {
  const set = Object.entries(columns).map(([c, kind]) => `${c} = mask_${kind}(${c})`);
  const changed = Object.entries(columns).map(([c, kind]) => `${c} IS NOT mask_${kind}(${c})`);
  return db.prepare(`UPDATE ${table} SET ${set.join(', ')} WHERE ${changed.join(' OR ')}`).run().changes;
}

/**
 * Issue 25: every text column that can hold what a person typed or a gateway answered, masked by the masker
 * that reads every spelling (main/domain/cardNumbers.ts), as every write now masks it.
 */
function maskCardNumbersWrittenBefore(db: Database.Database): number {
  const text = (v: unknown) => (typeof v === 'string' ? maskCardNumbers(v) : v);
  db.function('mask_text', { deterministic: true }, text);
  db.function('mask_field', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? maskCardField(v) : v));
  db.function('mask_json', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? maskedJson(v) : v));
  let changed = 0;
  changed += maskColumns(db, 'period_orders', { order_number: 'text', description: 'text', client_id: 'text', payment_system: 'text' });
  changed += maskColumns(db, 'order_cache', { order_number: 'text', masked_pan: 'field', view: 'json' });
  changed += db
    .prepare('UPDATE lookup_history SET query = mask_text(query), query_masked = 1 WHERE query IS NOT mask_text(query)')
    .run().changes;
  changed += maskColumns(db, 'audit_log', { object_id: 'text', detail: 'text', facts: 'json' });
  changed += maskColumns(db, 'charge_journal', { description: 'text', reason: 'json' });
  changed += maskColumns(db, 'order_operations', { operator_reason: 'text', reason: 'json' });
  changed += maskColumns(db, 'known_bindings', {
    client_id: 'text',
    masked_pan: 'field',
    payment_system: 'text',
    payment_way: 'text',
    display_label: 'text',
  });
  changed += maskColumns(db, 'order_syncs', { error: 'json' });
  return changed;
}

/** Migration 33's table, in the SQL both engines read alike. */
const OPERATORS = `
      CREATE TABLE operators (
        id TEXT PRIMARY KEY,
        login TEXT NOT NULL UNIQUE,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('support', 'finance', 'administrator')),
        password TEXT NOT NULL,
        disabled_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      -- Wrong passwords in a row per login as typed, whether or not an account has it: a login nobody has
      -- waits as one that somebody has, so the wait does not tell which logins exist.
      CREATE TABLE login_attempts (
        login TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure_at BIGINT NOT NULL
      );
    `;

/** Step 37's checks of an approval request: what it is asked for names one subject, and an approval its row. */
const APPROVAL_SUBJECT_CHECK = `CHECK ((action = 'refund') = (order_id IS NOT NULL) AND (action = 'charge') = (binding_id IS NOT NULL)
          AND (action = 'batch') = (batch_id IS NOT NULL))`;
const APPROVED_CHECK = `CHECK (state <> 'approved' OR journal_id IS NOT NULL OR action = 'batch')`;
/** Step 37's indexes, the same in either engine: a batch's rows in the journal, and a batch's one pending request. */
const BATCH_INDEXES = `
      CREATE INDEX charge_journal_batch ON charge_journal (environment, batch_id) WHERE batch_id IS NOT NULL;
      CREATE UNIQUE INDEX approval_requests_one_per_batch ON approval_requests (environment, batch_id) WHERE state = 'pending' AND batch_id IS NOT NULL;
      CREATE INDEX approval_requests_of_batch ON approval_requests (environment, batch_id, id) WHERE batch_id IS NOT NULL;
`;

/**
 * The approval requests' table, the same in either engine but for its id and integer types. At most one
 * pending request per order and per card, in the index as in the journals' transactions (a request expired
 * is marked so there before another is asked).
 */
const approvalRequests = (id: string, int: string) => `
      CREATE TABLE approval_requests (
        id ${id},
        environment TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('refund', 'charge')),
        order_id TEXT,
        binding_id TEXT,
        amount ${int} NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL,
        details TEXT NOT NULL,
        reason TEXT CHECK (reason IS NULL OR length(reason) <= ${MAX_REQUEST_REASON}),
        requested_by TEXT NOT NULL,
        requested_login TEXT NOT NULL,
        requested_name TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'withdrawn', 'declined', 'expired')),
        created_at ${int} NOT NULL,
        expires_at ${int} NOT NULL,
        decided_by TEXT,
        decided_login TEXT,
        decided_name TEXT,
        decided_at ${int},
        journal_id ${int},
        desk TEXT,
        CHECK ((action = 'refund') = (order_id IS NOT NULL) AND (action = 'charge') = (binding_id IS NOT NULL)),
        CHECK (state <> 'approved' OR journal_id IS NOT NULL)
      );
      CREATE UNIQUE INDEX approval_requests_one_per_order ON approval_requests (environment, order_id) WHERE state = 'pending' AND order_id IS NOT NULL;
      CREATE UNIQUE INDEX approval_requests_one_per_card ON approval_requests (environment, binding_id) WHERE state = 'pending' AND binding_id IS NOT NULL;
      CREATE INDEX approval_requests_listed ON approval_requests (environment, state, id);
    `;
/**
 * The approval requests' table from step 37 on, as a desk's file has it: a batch file's charges may be asked for
 * too, by the batch's id, at most one pending per batch; approving a batch journals nothing itself (its rows are
 * journalled as it runs), so only a refund's or a charge's approval names a journal row.
 */
const APPROVAL_REQUESTS_WITH_BATCHES = `
      CREATE TABLE approval_requests_new (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('refund', 'charge', 'batch')),
        order_id TEXT,
        binding_id TEXT,
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL,
        details TEXT NOT NULL,
        reason TEXT CHECK (reason IS NULL OR length(reason) <= ${MAX_REQUEST_REASON}),
        requested_by TEXT NOT NULL,
        requested_login TEXT NOT NULL,
        requested_name TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'withdrawn', 'declined', 'expired')),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        decided_by TEXT,
        decided_login TEXT,
        decided_name TEXT,
        decided_at INTEGER,
        journal_id INTEGER,
        desk TEXT,
        batch_id TEXT,
        ${APPROVAL_SUBJECT_CHECK},
        ${APPROVED_CHECK}
      );
      INSERT INTO approval_requests_new SELECT *, NULL FROM approval_requests;
      DROP TABLE approval_requests;
      ALTER TABLE approval_requests_new RENAME TO approval_requests;
      CREATE UNIQUE INDEX approval_requests_one_per_order ON approval_requests (environment, order_id) WHERE state = 'pending' AND order_id IS NOT NULL;
      CREATE UNIQUE INDEX approval_requests_one_per_card ON approval_requests (environment, binding_id) WHERE state = 'pending' AND binding_id IS NOT NULL;
      CREATE INDEX approval_requests_listed ON approval_requests (environment, state, id);
`;

/** A person's second factor (services/twoFactor.ts), in either engine, in the accounts and in a desk's copy of them. */
const SECOND_FACTOR_COLUMNS = (table: string): string => `
  ALTER TABLE ${table} ADD COLUMN totp_secret TEXT;
  ALTER TABLE ${table} ADD COLUMN recovery_codes TEXT;
  ALTER TABLE ${table} ADD COLUMN totp_step BIGINT;
`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'settings, audit log, charge journal',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        os_user TEXT NOT NULL,
        environment TEXT NOT NULL,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure', 'refused')),
        object_type TEXT,
        object_id TEXT,
        detail TEXT
      ) STRICT;
      CREATE INDEX audit_log_at ON audit_log (at);
      CREATE INDEX audit_log_object ON audit_log (object_type, object_id);

      CREATE TABLE charge_journal (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        order_number TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        binding_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('COMMON', 'RECURRENT', 'INSTALLMENT')),
        description TEXT,
        operator TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'PAID', 'DECLINED', 'FAILED')),
        order_id TEXT,
        order_status INTEGER,
        action_code INTEGER,
        reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (environment, order_number)
      ) STRICT;
      CREATE INDEX charge_journal_open ON charge_journal (state) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX charge_journal_binding ON charge_journal (environment, binding_id, created_at);
    `,
  },
  {
    version: 2,
    description: 'signing keys (metadata and certificates; private keys live in the keychain)',
    sql: `
      CREATE TABLE signing_keys (
        id TEXT PRIMARY KEY,
        environment TEXT NOT NULL,
        subject TEXT NOT NULL,
        fingerprint256 TEXT NOT NULL,
        not_before INTEGER NOT NULL,
        not_after INTEGER NOT NULL,
        certificate_pem TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('inactive', 'active', 'retired')),
        created_at INTEGER NOT NULL,
        UNIQUE (environment, fingerprint256)
      ) STRICT;
      -- At most one key signs for an environment at a time.
      CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys (environment) WHERE state = 'active';
    `,
  },
  {
    version: 3,
    description: 'order cache and look-up history, searchable offline',
    sql: `
      CREATE TABLE order_cache (
        environment TEXT NOT NULL,
        order_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        masked_pan TEXT,
        view TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (environment, order_id)
      ) STRICT;
      CREATE INDEX order_cache_number ON order_cache (environment, order_number);

      CREATE TABLE lookup_history (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        query TEXT NOT NULL,
        order_id TEXT,
        outcome TEXT NOT NULL CHECK (outcome IN ('found', 'notFound', 'failed')),
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX lookup_history_at ON lookup_history (environment, at);
    `,
  },
  {
    version: 4,
    description: 'operations on orders after payment (deposit, reverse, refund)',
    sql: `
      CREATE TABLE order_operations (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        order_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('deposit', 'reverse', 'refund')),
        amount INTEGER CHECK (amount IS NULL OR amount >= 0),
        external_refund_id TEXT,
        operator TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'DONE', 'REFUSED')),
        reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX order_operations_open ON order_operations (state) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX order_operations_order ON order_operations (environment, order_id);
    `,
  },
  {
    version: 5,
    description: 'stored cards seen by the app (masked only), so that a card disabled here can be shown and re-enabled',
    sql: `
      -- The gateway does not list a disabled binding at all; this is what the app last saw of each one, with
      -- the masked card only, and when it was disabled from this app (NULL while the gateway lists it).
      CREATE TABLE known_bindings (
        environment TEXT NOT NULL,
        binding_id TEXT NOT NULL,
        client_id TEXT,
        category TEXT NOT NULL,
        masked_pan TEXT,
        payment_system TEXT,
        payment_way TEXT,
        display_label TEXT,
        expiry TEXT,
        seen_at INTEGER NOT NULL,
        disabled_at INTEGER,
        PRIMARY KEY (environment, binding_id)
      ) STRICT;
      CREATE INDEX known_bindings_client ON known_bindings (environment, client_id);
    `,
  },
  {
    version: 6,
    description: 'the masked card of each charge, as it was when charged',
    sql: `
      -- First 6 and last 4 digits at most; the journal says which card was charged even after it is gone.
      ALTER TABLE charge_journal ADD COLUMN masked_pan TEXT CHECK (masked_pan IS NULL OR masked_pan NOT GLOB '*[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]*');
    `,
  },
  {
    version: 7,
    description: "the operator's reason for a deposit, reversal or refund",
    sql: `
      -- Optional, typed in the operation's dialog; the gateway's own reason stays in the reason column.
      ALTER TABLE order_operations ADD COLUMN operator_reason TEXT CHECK (operator_reason IS NULL OR length(operator_reason) <= 200);
    `,
  },
  {
    version: 8,
    description: 'look-up history: each order once, at most 1,000 entries, and whether a query was kept masked',
    sql: `
      -- 1: the query was a card number and is kept masked, so it is no text to look up again. Rows an older
      -- version masked (any 13 to 19 digits) show a run of asterisks between digits.
      ALTER TABLE lookup_history ADD COLUMN query_masked INTEGER NOT NULL DEFAULT 0 CHECK (query_masked IN (0, 1));
      UPDATE lookup_history SET query_masked = 1 WHERE query GLOB '*[0-9][*][*][*]*[0-9]*';
      -- Each order (or, where nothing was found, each query) once: the newest look-up of it.
      DELETE FROM lookup_history WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY environment, coalesce('o:' || order_id, 'q:' || query) ORDER BY at DESC, id DESC) AS n
          FROM lookup_history
        ) WHERE n > 1
      );
      DELETE FROM lookup_history WHERE id IN (
        SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY environment ORDER BY at DESC, id DESC) AS n FROM lookup_history) WHERE n > 1000
      );
      CREATE INDEX lookup_history_order ON lookup_history (environment, order_id);
      CREATE INDEX lookup_history_query ON lookup_history (environment, query);
    `,
  },
  {
    version: 9,
    description: 'the role profile in use with each audit entry, and the structured values its words are built from',
    sql: `
      -- NULL role: an entry written before roles were recorded. facts: JSON of raw values (amount in minor
      -- units, numeric currency, masked card, order number) from which the screen's words are built.
      ALTER TABLE audit_log ADD COLUMN role TEXT CHECK (role IS NULL OR role IN ('support', 'finance', 'administrator'));
      ALTER TABLE audit_log ADD COLUMN facts TEXT CHECK (facts IS NULL OR json_valid(facts));
    `,
  },
  {
    version: 10,
    description: 'orders of a period, as the gateway lists them, searchable offline',
    sql: `
      -- One row per order and environment, with the columns the Orders list filters, sorts and totals on
      -- (what getLastOrdersForMerchants.do answered last); a later sync that sees the order again replaces
      -- it. Card data: the first six and last four digits only, never more.
      CREATE TABLE period_orders (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        order_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        status INTEGER NOT NULL CHECK (status BETWEEN 0 AND 6),
        amount INTEGER NOT NULL CHECK (amount >= 0),
        deposited_amount INTEGER NOT NULL CHECK (deposited_amount >= 0),
        refunded_amount INTEGER NOT NULL CHECK (refunded_amount >= 0),
        currency TEXT NOT NULL CHECK (currency GLOB '[0-9][0-9][0-9]'),
        registered_at INTEGER NOT NULL,
        operated_at INTEGER,
        first6 TEXT CHECK (first6 IS NULL OR first6 GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]'),
        last4 TEXT CHECK (last4 IS NULL OR last4 GLOB '[0-9][0-9][0-9][0-9]'),
        payment_system TEXT,
        client_id TEXT,
        description TEXT,
        action_code INTEGER,
        synced_at INTEGER NOT NULL,
        UNIQUE (environment, order_id)
      ) STRICT;
      -- The period is in every query: each index starts with it (or with the one value a filter names),
      -- and the first one covers the totals (state, currency, amount) without reading the table.
      CREATE INDEX period_orders_registered ON period_orders (environment, registered_at, status, currency, amount);
      CREATE INDEX period_orders_operated ON period_orders (environment, operated_at);
      CREATE INDEX period_orders_client ON period_orders (environment, client_id, registered_at);
      CREATE INDEX period_orders_last4 ON period_orders (environment, last4, registered_at);
      CREATE INDEX period_orders_number ON period_orders (environment, order_number);
      -- Text search over orderNumber, description and clientId: trigrams find any part of three characters
      -- or more, in any case, which is how people remember an order number or a description.
      CREATE VIRTUAL TABLE period_orders_text USING fts5 (
        order_number, description, client_id, content = 'period_orders', content_rowid = 'id', tokenize = 'trigram'
      );
      CREATE TRIGGER period_orders_text_insert AFTER INSERT ON period_orders BEGIN
        INSERT INTO period_orders_text (rowid, order_number, description, client_id)
        VALUES (new.id, new.order_number, new.description, new.client_id);
      END;
      CREATE TRIGGER period_orders_text_delete AFTER DELETE ON period_orders BEGIN
        INSERT INTO period_orders_text (period_orders_text, rowid, order_number, description, client_id)
        VALUES ('delete', old.id, old.order_number, old.description, old.client_id);
      END;
      -- Only when the text changed: a sync rewrites many rows whose state moved but whose text did not.
      CREATE TRIGGER period_orders_text_update AFTER UPDATE ON period_orders
      WHEN old.order_number IS NOT new.order_number OR old.description IS NOT new.description OR old.client_id IS NOT new.client_id
      BEGIN
        INSERT INTO period_orders_text (period_orders_text, rowid, order_number, description, client_id)
        VALUES ('delete', old.id, old.order_number, old.description, old.client_id);
        INSERT INTO period_orders_text (rowid, order_number, description, client_id)
        VALUES (new.id, new.order_number, new.description, new.client_id);
      END;

      -- Each sync of a window: how far it got (the next page to read), so that one cut short by a crash, a
      -- cancel or a failure goes on where it stopped. date_of says which date the window applies to.
      CREATE TABLE order_syncs (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        date_of TEXT NOT NULL CHECK (date_of IN ('registration', 'operation')),
        from_ms INTEGER NOT NULL,
        to_ms INTEGER NOT NULL CHECK (from_ms < to_ms),
        next_page INTEGER NOT NULL DEFAULT 0 CHECK (next_page >= 0),
        total INTEGER CHECK (total IS NULL OR total >= 0),
        fetched INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'failed')),
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        error TEXT
      ) STRICT;
      CREATE INDEX order_syncs_environment ON order_syncs (environment, state, date_of);
    `,
  },
  {
    version: 11,
    description: 'hourly sums of the cached orders, for the totals of long periods',
    sql: `
      -- Count and sum of the cached orders per hour (epoch ms / 3,600,000), state and currency, by either date:
      -- the totals of a period of months read a few thousand of these instead of every order in it (measured
      -- by bench/order-search.ts). Kept by the triggers below in the transaction that writes the orders.
      CREATE TABLE period_order_sums (
        environment TEXT NOT NULL,
        date_of TEXT NOT NULL CHECK (date_of IN ('registration', 'operation')),
        hour INTEGER NOT NULL,
        status INTEGER NOT NULL,
        currency TEXT NOT NULL,
        count INTEGER NOT NULL CHECK (count >= 0),
        amount INTEGER NOT NULL,
        PRIMARY KEY (environment, date_of, hour, status, currency)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO period_order_sums
        SELECT environment, 'registration', registered_at / 3600000, status, currency, count(*), sum(amount)
        FROM period_orders GROUP BY environment, registered_at / 3600000, status, currency;
      INSERT INTO period_order_sums
        SELECT environment, 'operation', operated_at / 3600000, status, currency, count(*), sum(amount)
        FROM period_orders WHERE operated_at IS NOT NULL GROUP BY environment, operated_at / 3600000, status, currency;
      CREATE TRIGGER period_order_sums_insert AFTER INSERT ON period_orders BEGIN
        INSERT INTO period_order_sums VALUES (new.environment, 'registration', new.registered_at / 3600000, new.status, new.currency, 1, new.amount)
          ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount;
        INSERT INTO period_order_sums
          SELECT new.environment, 'operation', new.operated_at / 3600000, new.status, new.currency, 1, new.amount WHERE new.operated_at IS NOT NULL
          ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount;
      END;
      CREATE TRIGGER period_order_sums_delete AFTER DELETE ON period_orders BEGIN
        UPDATE period_order_sums SET count = count - 1, amount = amount - old.amount
          WHERE environment = old.environment AND date_of = 'registration' AND hour = old.registered_at / 3600000
            AND status = old.status AND currency = old.currency;
        UPDATE period_order_sums SET count = count - 1, amount = amount - old.amount
          WHERE old.operated_at IS NOT NULL AND environment = old.environment AND date_of = 'operation'
            AND hour = old.operated_at / 3600000 AND status = old.status AND currency = old.currency;
      END;
      -- Only when what the sums count changed: a sync rewrites many orders as they were.
      CREATE TRIGGER period_order_sums_update AFTER UPDATE ON period_orders
      WHEN old.environment IS NOT new.environment OR old.status IS NOT new.status OR old.currency IS NOT new.currency
        OR old.amount IS NOT new.amount OR old.registered_at IS NOT new.registered_at OR old.operated_at IS NOT new.operated_at
      BEGIN
        UPDATE period_order_sums SET count = count - 1, amount = amount - old.amount
          WHERE environment = old.environment AND date_of = 'registration' AND hour = old.registered_at / 3600000
            AND status = old.status AND currency = old.currency;
        UPDATE period_order_sums SET count = count - 1, amount = amount - old.amount
          WHERE old.operated_at IS NOT NULL AND environment = old.environment AND date_of = 'operation'
            AND hour = old.operated_at / 3600000 AND status = old.status AND currency = old.currency;
        INSERT INTO period_order_sums VALUES (new.environment, 'registration', new.registered_at / 3600000, new.status, new.currency, 1, new.amount)
          ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount;
        INSERT INTO period_order_sums
          SELECT new.environment, 'operation', new.operated_at / 3600000, new.status, new.currency, 1, new.amount WHERE new.operated_at IS NOT NULL
          ON CONFLICT DO UPDATE SET count = count + 1, amount = amount + excluded.amount;
      END;
      -- The list by the last operation's date totals from the index alone, as it does by registration.
      CREATE INDEX period_orders_operated_totals ON period_orders (environment, operated_at, status, currency, amount);
      DROP INDEX period_orders_operated;
    `,
  },
  {
    version: 12,
    description: 'the Orders list answered from an index in memory; the table keeps a version per written page',
    sql: `
      -- The list's filters, totals and chart are answered by store/periodIndex.ts (it says why): the trigram
      -- index, the hourly sums and the filter indexes cost every page a sync writes and no query reads them.
      DROP TRIGGER period_orders_text_insert;
      DROP TRIGGER period_orders_text_delete;
      DROP TRIGGER period_orders_text_update;
      DROP TABLE period_orders_text;
      DROP TRIGGER period_order_sums_insert;
      DROP TRIGGER period_order_sums_delete;
      DROP TRIGGER period_order_sums_update;
      DROP TABLE period_order_sums;
      DROP INDEX period_orders_operated_totals;
      DROP INDEX period_orders_client;
      DROP INDEX period_orders_last4;
      DROP INDEX period_orders_registered;
      -- The index loads the orders in this order, a slice at a time; the reconciliation reads a period by it.
      CREATE INDEX period_orders_registered ON period_orders (environment, registered_at, order_id);
      -- Each written page takes the next version of its environment's orders: an index reads what is newer
      -- than what it holds, whichever process wrote it. Rows written before this migration are version 0.
      ALTER TABLE period_orders ADD COLUMN version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0);
      CREATE INDEX period_orders_version ON period_orders (environment, version);
    `,
  },
  {
    version: 13,
    description: 'no index of the cached orders by orderNumber',
    sql: `
      -- Every order a sync writes updated this index at a random place (orderNumbers are the shops' own),
      -- which was a third of the cost of a write; the reconciliation, the one reader, finds its
      -- orderNumbers in the Orders list's index in memory instead (store/periodIndex.ts rowidsOf).
      DROP INDEX period_orders_number;
    `,
  },
  {
    version: 14,
    description: 'a reference whose charge failed may be charged again, as a new row under the same orderNumber',
    sql: `
      -- A FAILED charge moved no money, and its reference (the orderNumber) is the business's own: the
      -- operator may charge it again once confirmed. The journal keeps every attempt (a history only grows);
      -- what stays unique is one attempt per orderNumber that has not failed. SQLite cannot drop a table's
      -- UNIQUE constraint, so the table is made again with the same columns and rows.
      CREATE TABLE charge_journal_new (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        order_number TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        binding_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('COMMON', 'RECURRENT', 'INSTALLMENT')),
        description TEXT,
        operator TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'PAID', 'DECLINED', 'FAILED')),
        order_id TEXT,
        order_status INTEGER,
        action_code INTEGER,
        reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        masked_pan TEXT CHECK (masked_pan IS NULL OR masked_pan NOT GLOB '*[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]*')
      ) STRICT;
      INSERT INTO charge_journal_new
        SELECT id, environment, order_number, amount, currency, binding_id, client_id, category, description, operator, state,
               order_id, order_status, action_code, reason, created_at, updated_at, masked_pan
        FROM charge_journal;
      DROP TABLE charge_journal;
      ALTER TABLE charge_journal_new RENAME TO charge_journal;
      CREATE UNIQUE INDEX charge_journal_reference ON charge_journal (environment, order_number) WHERE state != 'FAILED';
      CREATE INDEX charge_journal_order_number ON charge_journal (environment, order_number);
      CREATE INDEX charge_journal_open ON charge_journal (state) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX charge_journal_binding ON charge_journal (environment, binding_id, created_at);
    `,
  },
  {
    version: 15,
    description: 'card numbers masked in the rows written before every spelling of one was read as one',
    sql: '',
    // The order cache, the look-up history, the Orders list, the audit log, the journals, the known cards
    // and the syncs' errors; the charge journal's orderNumber is the app's own reference and is not touched.
    run: maskCardNumbersWrittenBefore,
    scrub: true,
  },
  {
    version: 16,
    description: 'what moved on each cached order (held, captured, refunded), counted once when the row is written',
    sql: `
      -- The list's money figures are sums of what moved (domain/orderMoney.ts), never of an order's amount by
      -- its state: the row keeps what orderMoney() counted, and the gateway's deposited and refunded amounts,
      -- which only that rule reads, are not kept beside it.
      ALTER TABLE period_orders ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0);
      ALTER TABLE period_orders ADD COLUMN captured INTEGER NOT NULL DEFAULT 0 CHECK (captured >= 0);
      ALTER TABLE period_orders ADD COLUMN refunded INTEGER NOT NULL DEFAULT 0 CHECK (refunded >= 0);
    `,
    run: countMoneyOfCachedOrders,
  },
  {
    version: 17,
    description: "the Orders list's saved views, per environment and role profile",
    sql: `
      -- A view is the list's period (relative, such as "7 days", or two calendar days), its filters and its
      -- sort, as the IPC contract checked them (JSON); it belongs to the environment and the role profile it
      -- was saved in. name_key is the name as compared (trimmed, NFKC, lower case), so "USD" and "usd" are one.
      CREATE TABLE saved_views (
        id INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('support', 'finance', 'administrator')),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        name_key TEXT NOT NULL,
        view TEXT NOT NULL CHECK (json_valid(view)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX saved_views_name ON saved_views (environment, role, name_key);
    `,
  },
  {
    version: 18,
    description: 'the name on the card of each listed order, so that Customers finds a customer by it',
    sql: `
      -- As domain/cardholderName.ts keeps it: capitals, one space between words, card numbers masked. Orders
      -- kept before have none until a sync reads them again. No index: a name is looked for by the start of
      -- any of its words (a scan of the environment's orders), and every sync's write would pay for one.
      ALTER TABLE period_orders ADD COLUMN cardholder TEXT CHECK (cardholder IS NULL OR length(cardholder) BETWEEN 1 AND 64);
    `,
  },
  {
    version: 19,
    description:
      'the facts of each audit entry typed by its action: those earlier versions kept only in the detail line, read from it once',
    sql: '',
    run: factsOfEarlierAuditEntries,
  },
  {
    version: 20,
    description: 'one open charge per card, held by the table as well as by the guard; the team database begins here',
    sql: `
      -- The guard refuses a charge on a card with one still open; the index is what holds should any path
      -- ever write without asking it, on this desk or (in the team database) on another.
      CREATE UNIQUE INDEX charge_journal_open_card ON charge_journal (environment, binding_id) WHERE state IN ('PENDING', 'UNKNOWN');
    `,
    postgres: `
      CREATE TABLE charge_journal (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        environment TEXT NOT NULL,
        order_number TEXT NOT NULL,
        amount BIGINT NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        binding_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('COMMON', 'RECURRENT', 'INSTALLMENT')),
        description TEXT,
        operator TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'PAID', 'DECLINED', 'FAILED')),
        order_id TEXT,
        order_status INTEGER,
        action_code INTEGER,
        reason TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        masked_pan TEXT CHECK (masked_pan IS NULL OR masked_pan !~ '[0-9]{11}')
      );
      CREATE UNIQUE INDEX charge_journal_reference ON charge_journal (environment, order_number) WHERE state != 'FAILED';
      CREATE UNIQUE INDEX charge_journal_open_card ON charge_journal (environment, binding_id) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX charge_journal_order_number ON charge_journal (environment, order_number);
      CREATE INDEX charge_journal_open ON charge_journal (state) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX charge_journal_binding ON charge_journal (environment, binding_id, created_at);
    `,
  },
  {
    version: 21,
    description: 'one open operation per order, held by the table as well as by the guard; the operations journal joins the team database',
    sql: `
      -- The guard refuses an operation on an order with one still open; the index is what holds should any
      -- path ever write without asking it, on this desk or (in the team database) on another.
      CREATE UNIQUE INDEX order_operations_open_order ON order_operations (environment, order_id) WHERE state IN ('PENDING', 'UNKNOWN');
    `,
    postgres: `
      CREATE TABLE order_operations (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        environment TEXT NOT NULL,
        order_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('deposit', 'reverse', 'refund')),
        amount BIGINT CHECK (amount IS NULL OR amount >= 0),
        external_refund_id TEXT,
        operator TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'UNKNOWN', 'DONE', 'REFUSED')),
        reason TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        operator_reason TEXT CHECK (operator_reason IS NULL OR length(operator_reason) <= 200)
      );
      CREATE UNIQUE INDEX order_operations_open_order ON order_operations (environment, order_id) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX order_operations_open ON order_operations (state) WHERE state IN ('PENDING', 'UNKNOWN');
      CREATE INDEX order_operations_order ON order_operations (environment, order_id);
      `,
  },
  {
    version: 22,
    description: "the desk's outbox: answers the team database could not take when they came, until it can",
    sql: `
      -- Written with synchronous=FULL like every money write: an answer the gateway gave is never lost
      -- because the team database was away. The team database's name keeps one team's entries from another's.
      CREATE TABLE team_outbox (
        seq INTEGER PRIMARY KEY,
        team_database TEXT NOT NULL,
        journal TEXT NOT NULL CHECK (journal IN ('charge')),
        row_id INTEGER NOT NULL,
        entry TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
    `,
    postgres: '',
  },
  {
    version: 23,
    description: 'each charge names the desk that journalled it, and which desk holds its claim until when; the desks of the team',
    sql: `
      ALTER TABLE charge_journal ADD COLUMN desk TEXT;
      ALTER TABLE charge_journal ADD COLUMN claimed_by TEXT;
      ALTER TABLE charge_journal ADD COLUMN claim_expires_at INTEGER;
      CREATE TABLE desks (
        name TEXT PRIMARY KEY,
        os_user TEXT NOT NULL,
        app_version TEXT NOT NULL,
        last_seen INTEGER NOT NULL
      ) STRICT;
    `,
    postgres: `
      ALTER TABLE charge_journal ADD COLUMN desk TEXT;
      ALTER TABLE charge_journal ADD COLUMN claimed_by TEXT;
      ALTER TABLE charge_journal ADD COLUMN claim_expires_at BIGINT;
      CREATE TABLE desks (
        name TEXT PRIMARY KEY,
        os_user TEXT NOT NULL,
        app_version TEXT NOT NULL,
        last_seen BIGINT NOT NULL
      );
    `,
  },
  {
    version: 24,
    description: 'every change to the team journals is announced to the other desks (LISTEN/NOTIFY)',
    // One desk has no one to tell.
    sql: '',
    postgres: `
      -- A trigger, not the app's statements: whatever path writes a row, the other desks hear of it when its
      -- transaction commits (a notification is sent on commit, and never for a rolled-back one).
      CREATE FUNCTION backoffice_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('backoffice_changes', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER charge_journal_changed AFTER INSERT OR UPDATE ON charge_journal
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
      CREATE TRIGGER order_operations_changed AFTER INSERT OR UPDATE ON order_operations
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 25,
    description: "the team's audit: every desk's entries in one log, each keeping its desk; how far this desk's are written there",
    sql: `
      -- A desk records each entry in its own file first (at once, whatever the team database is doing), and
      -- then writes it to the team's log; this says up to which entry it has, per team database.
      CREATE TABLE team_audit_written (
        team_database TEXT PRIMARY KEY,
        upto INTEGER NOT NULL
      ) STRICT;
    `,
    postgres: `
      -- A desk's entry once: (desk_id, desk_entry) is its own log's id, so writing it again changes nothing.
      CREATE TABLE team_audit (
        id BIGSERIAL PRIMARY KEY,
        desk_id TEXT NOT NULL,
        desk TEXT NOT NULL,
        desk_entry BIGINT NOT NULL,
        at BIGINT NOT NULL,
        os_user TEXT NOT NULL,
        environment TEXT NOT NULL,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure', 'refused')),
        object_type TEXT,
        object_id TEXT,
        detail TEXT,
        role TEXT,
        facts TEXT,
        UNIQUE (desk_id, desk_entry)
      );
      CREATE INDEX team_audit_at ON team_audit (at, id);
      CREATE INDEX team_audit_object ON team_audit (object_type, object_id);
      CREATE TRIGGER team_audit_changed AFTER INSERT ON team_audit
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 26,
    description: 'a desk is its id, which two desks of one name do not share; its name is what people read',
    // Only who was seen when: each desk says it again when it opens. A claim held under a desk's name by an
    // earlier version is held by no desk now, and lapses as any claim does.
    sql: `
      DROP TABLE desks;
      CREATE TABLE desks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        os_user TEXT NOT NULL,
        app_version TEXT NOT NULL,
        last_seen INTEGER NOT NULL
      ) STRICT;
    `,
    postgres: `
      DROP TABLE desks;
      CREATE TABLE desks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        os_user TEXT NOT NULL,
        app_version TEXT NOT NULL,
        last_seen BIGINT NOT NULL
      );
    `,
  },
  {
    version: 27,
    description:
      "the team's settings (each environment's connection but its secrets, currencies, per-charge maximums), and each desk's copy of them",
    sql: `
      -- What the desk last read of a team database's settings, to run on while it is away, and what it
      -- changed there that the team's has yet to get (pending = 1).
      CREATE TABLE team_settings_copy (
        team_database TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        pending INTEGER NOT NULL CHECK (pending IN (0, 1)),
        PRIMARY KEY (team_database, key)
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE team_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        desk TEXT NOT NULL
      );
      CREATE TRIGGER team_settings_changed AFTER INSERT OR UPDATE ON team_settings
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 28,
    description:
      "which desk holds the claim on an open order operation, until when (as on a charge); the desk's outbox keeps operations' answers too",
    sql: `
      ALTER TABLE order_operations ADD COLUMN claimed_by TEXT;
      ALTER TABLE order_operations ADD COLUMN claim_expires_at INTEGER;
      CREATE TABLE team_outbox_new (
        seq INTEGER PRIMARY KEY,
        team_database TEXT NOT NULL,
        journal TEXT NOT NULL CHECK (journal IN ('charge', 'operation')),
        row_id INTEGER NOT NULL,
        entry TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO team_outbox_new SELECT seq, team_database, journal, row_id, entry, at FROM team_outbox;
      DROP TABLE team_outbox;
      ALTER TABLE team_outbox_new RENAME TO team_outbox;
    `,
    postgres: `
      ALTER TABLE order_operations ADD COLUMN claimed_by TEXT;
      ALTER TABLE order_operations ADD COLUMN claim_expires_at BIGINT;
    `,
  },
  {
    version: 29,
    description: "a row moved from a desk's own file to the team database names where it came from (desk id/row id), once",
    sql: `
      ALTER TABLE charge_journal ADD COLUMN moved_from TEXT;
      ALTER TABLE order_operations ADD COLUMN moved_from TEXT;
      CREATE UNIQUE INDEX charge_journal_moved_from ON charge_journal (moved_from) WHERE moved_from IS NOT NULL;
      CREATE UNIQUE INDEX order_operations_moved_from ON order_operations (moved_from) WHERE moved_from IS NOT NULL;
    `,
    postgres: `
      ALTER TABLE charge_journal ADD COLUMN moved_from TEXT;
      ALTER TABLE order_operations ADD COLUMN moved_from TEXT;
      CREATE UNIQUE INDEX charge_journal_moved_from ON charge_journal (moved_from) WHERE moved_from IS NOT NULL;
      CREATE UNIQUE INDEX order_operations_moved_from ON order_operations (moved_from) WHERE moved_from IS NOT NULL;
    `,
  },
  {
    version: 30,
    description: 'which orders a write to the team journals touched is announced too, so that other desks read those orders again',
    // One desk has no one to tell.
    sql: '',
    postgres: `
      -- Once per statement, as migration 24's: the orders (environment, orderId) its rows name, as JSON, or
      -- '*' when they are too many for one notification (its payload is at most 8000 bytes).
      CREATE FUNCTION backoffice_notify_orders() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        orders text;
      BEGIN
        SELECT json_agg(json_build_array(environment, order_id))::text INTO orders
          FROM (SELECT DISTINCT environment, order_id FROM changed WHERE order_id IS NOT NULL) AS touched;
        IF orders IS NOT NULL THEN
          PERFORM pg_notify('backoffice_orders', CASE WHEN length(orders) > 7000 THEN '*' ELSE orders END);
        END IF;
        RETURN NULL;
      END
      $$;
      -- A trigger with a transition table has one event: one for inserts and one for updates.
      CREATE TRIGGER charge_journal_orders_inserted AFTER INSERT ON charge_journal
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_orders();
      CREATE TRIGGER charge_journal_orders_updated AFTER UPDATE ON charge_journal
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_orders();
      CREATE TRIGGER order_operations_orders_inserted AFTER INSERT ON order_operations
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_orders();
      CREATE TRIGGER order_operations_orders_updated AFTER UPDATE ON order_operations
        REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_orders();
    `,
  },
  {
    version: 31,
    description: 'the stored cards the team has seen, and those it disabled (which the gateway no longer lists), for every desk',
    // A desk's file has had the table since migration 5.
    sql: '',
    postgres: `
      CREATE TABLE known_bindings (
        environment TEXT NOT NULL,
        binding_id TEXT NOT NULL,
        client_id TEXT,
        category TEXT NOT NULL,
        masked_pan TEXT CHECK (masked_pan IS NULL OR masked_pan !~ '[0-9]{11}'),
        payment_system TEXT,
        payment_way TEXT,
        display_label TEXT,
        expiry TEXT,
        seen_at BIGINT NOT NULL,
        disabled_at BIGINT,
        PRIMARY KEY (environment, binding_id)
      );
      CREATE INDEX known_bindings_client ON known_bindings (environment, client_id);
    `,
  },
  {
    version: 32,
    description:
      "the team's signing keys: each key's certificate and which one signs, seen by every desk (each keeps its private keys in its own keychain)",
    // A desk's file has had the table since migration 2.
    sql: '',
    postgres: `
      CREATE TABLE signing_keys (
        id TEXT PRIMARY KEY,
        environment TEXT NOT NULL,
        subject TEXT NOT NULL,
        fingerprint256 TEXT NOT NULL,
        not_before BIGINT NOT NULL,
        not_after BIGINT NOT NULL,
        certificate_pem TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('inactive', 'active', 'retired')),
        created_at BIGINT NOT NULL,
        UNIQUE (environment, fingerprint256)
      );
      CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys (environment) WHERE state = 'active';
    `,
  },
  {
    version: 33,
    description:
      'the people who use the app: a named account each, with a login, a role and a password kept as an scrypt hash; wrong passwords counted per login',
    // The same table in either engine: a desk's file keeps its own people, a team's database everyone's.
    sql: OPERATORS,
    postgres: `${OPERATORS}
      -- Other desks hear of a change to a person (a name, a role, disabled or enabled), not of a sign-in's count.
      CREATE TRIGGER operators_changed AFTER INSERT OR UPDATE OF display_name, role, disabled_at ON operators
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 34,
    description:
      "a desk's copy of its team's people, which signs them in while the team database is away; a person's sessions ended by an administrator, and a new password, announced to every desk; the person signed in with each audit entry",
    // Counted, not timed: a session remembers the count it began under, so no desk's clock decides whether it ended.
    sql: `
      ALTER TABLE operators ADD COLUMN sessions_ended INTEGER NOT NULL DEFAULT 0;
      -- The login of the person signed in when an entry was recorded: the audit by person.
      ALTER TABLE audit_log ADD COLUMN person TEXT;
      CREATE INDEX audit_log_person ON audit_log (person, at);
      CREATE TABLE team_people (
        team_database TEXT NOT NULL,
        id TEXT NOT NULL,
        login TEXT NOT NULL,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('support', 'finance', 'administrator')),
        password TEXT NOT NULL,
        disabled_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        sessions_ended INTEGER NOT NULL,
        PRIMARY KEY (team_database, id),
        UNIQUE (team_database, login)
      );
    `,
    // Each desk's copy has the hash a password change wrote, or a desk away when it changed would sign in with the old one.
    postgres: `
      ALTER TABLE operators ADD COLUMN sessions_ended INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE team_audit ADD COLUMN person TEXT;
      CREATE INDEX team_audit_person ON team_audit (person, at);
      DROP TRIGGER operators_changed ON operators;
      CREATE TRIGGER operators_changed AFTER INSERT OR UPDATE OF display_name, role, disabled_at, password, sessions_ended ON operators
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 35,
    description:
      'four-eyes approvals: money asked for above a threshold waits here for a second person, beside the journal it would be journalled in',
    sql: approvalRequests('INTEGER PRIMARY KEY', 'INTEGER'),
    postgres: `${approvalRequests('BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', 'BIGINT')}
      -- Every desk's list and badge hear of a request asked, approved, withdrawn or declined as it commits.
      CREATE TRIGGER approval_requests_changed AFTER INSERT OR UPDATE ON approval_requests
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 36,
    description:
      "two-factor sign-in: each person's TOTP secret sealed under the team key, their recovery codes' hashes and the last TOTP step used, in the desk's copy of its team's people too; an enrolment announced to every desk",
    sql: `
      ${SECOND_FACTOR_COLUMNS('operators')}
      ${SECOND_FACTOR_COLUMNS('team_people')}
    `,
    // A desk's copy must have a new secret or a spent recovery code, or a desk away when it changed would sign in
    // with the old. The last step used is each sign-in's, like the count of wrong passwords, and not announced.
    postgres: `
      ${SECOND_FACTOR_COLUMNS('operators')}
      DROP TRIGGER operators_changed ON operators;
      CREATE TRIGGER operators_changed
        AFTER INSERT OR UPDATE OF display_name, role, disabled_at, password, sessions_ended, totp_secret, recovery_codes ON operators
        FOR EACH STATEMENT EXECUTE FUNCTION backoffice_notify_change();
    `,
  },
  {
    version: 37,
    description:
      "four-eyes approvals of a batch file's total: each charge journalled by a batch names it, and a request may be for a batch",
    sql: `
      ALTER TABLE charge_journal ADD COLUMN batch_id TEXT;
      ${APPROVAL_REQUESTS_WITH_BATCHES}
      ${BATCH_INDEXES}
    `,
    postgres: `
      ALTER TABLE charge_journal ADD COLUMN batch_id TEXT;
      ALTER TABLE approval_requests ADD COLUMN batch_id TEXT;
      ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_action_check,
        DROP CONSTRAINT approval_requests_check, DROP CONSTRAINT approval_requests_check1,
        ADD CHECK (action IN ('refund', 'charge', 'batch')), ADD ${APPROVAL_SUBJECT_CHECK}, ADD ${APPROVED_CHECK};
      ${BATCH_INDEXES}
    `,
  },
  {
    version: 38,
    description:
      "an action journalled in the team database is audited there, in the action's own transaction, and copied to the desk's own log; each entry has a key, so that it is one entry wherever and however often it is written",
    sql: `
      ALTER TABLE audit_log ADD COLUMN entry_key TEXT;
      CREATE UNIQUE INDEX audit_log_entry_key ON audit_log (entry_key);
    `,
    // Such an entry is in the team's log before it is a desk's: (desk_id, desk_entry) stays unique where it has one.
    postgres: `
      ALTER TABLE team_audit ALTER COLUMN desk_entry DROP NOT NULL;
      ALTER TABLE team_audit ADD COLUMN entry_key TEXT;
      CREATE UNIQUE INDEX team_audit_entry_key ON team_audit (entry_key);
    `,
  },
];

/** The first step the team database (PostgreSQL) takes. */
export const TEAM_SCHEMA_FROM = 20;

/** The team's journals: a change to either is a change to what the Charges journal and the orders show. */
export const TEAM_JOURNALS = ['charge_journal', 'order_operations'] as const;

/** The team's approval requests, kept beside its journals (store/approvals.ts). */
export const APPROVAL_REQUESTS = 'approval_requests';

/** The tables a team shares in its database; every other table stays in each desk's SQLite file. */
export const TEAM_TABLES = [
  ...TEAM_JOURNALS,
  APPROVAL_REQUESTS,
  'desks',
  'known_bindings',
  'signing_keys',
  'operators',
  'login_attempts',
] as const;

/**
 * The team's audit log: not a desk's table but the union of every desk's, each entry with its desk. It has
 * every column of a desk's audit_log, and these besides.
 */
export const TEAM_AUDIT = { table: 'team_audit', columns: ['desk_id', 'desk', 'desk_entry'] } as const;

/** The team's settings: key and value as a desk keeps them, with when and from which desk they were last set. */
export const TEAM_SETTINGS = 'team_settings';

/**
 * Rows written before migration 16 get their money from what they kept. They kept no approved amount, and
 * 0 where the gateway left an amount out, so a charged or refunded order's 0 deposited is read as not
 * reported (orderMoney() then takes the order's amount): no charged order was captured for nothing.
 */
function countMoneyOfCachedOrders(db: Database.Database): number {
  const rows = db
    .prepare('SELECT id, status, amount, deposited_amount, refunded_amount FROM period_orders')
    .raw(true)
    .iterate() as Iterable<[number, number, number, number, number]>;
  const set = db.prepare('UPDATE period_orders SET held = ?, captured = ?, refunded = ? WHERE id = ?');
  const money: [number, number, number, number][] = [];
  for (const [id, status, amount, deposited, refunded] of rows) {
    const m = orderMoney({
      status,
      amount,
      ...(deposited > 0 ? { depositedAmount: deposited } : {}),
      ...(refunded > 0 ? { refundedAmount: refunded } : {}),
    });
    money.push([m.held, m.captured, m.refunded, id]);
  }
  for (const m of money) set.run(...m);
  db.exec('ALTER TABLE period_orders DROP COLUMN deposited_amount; ALTER TABLE period_orders DROP COLUMN refunded_amount;');
  return money.length;
}

const jsonOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Every entry whose facts its action's schema cannot read gets those its detail line says (auditLegacy.ts). */
function factsOfEarlierAuditEntries(db: Database.Database): number {
  const rows = db.prepare('SELECT id, action, outcome, detail, facts FROM audit_log').all() as {
    id: number;
    action: string;
    outcome: string;
    detail: string | null;
    facts: string | null;
  }[];
  const update = db.prepare('UPDATE audit_log SET facts = ? WHERE id = ?');
  let changed = 0;
  for (const r of rows) {
    const kept = r.facts === null ? undefined : jsonOrUndefined(r.facts);
    const facts = legacyFacts({
      action: r.action,
      outcome: r.outcome,
      detail: r.detail ?? '',
      facts: typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : undefined,
    });
    if (facts === undefined) continue;
    update.run(JSON.stringify(facts), r.id);
    changed++;
  }
  return changed;
}

export const LATEST_VERSION = MIGRATIONS.at(-1)!.version;
