/**
 * A desk's own journals moved into the team database ("Move this desk's records to the team database"):
 * every charge and order operation its file keeps, but the embedded sandbox's (each desk's own gateway),
 * copied once, each row keeping its desk and times. A row moved names where it came from (moved_from: the
 * desk's id and the row's id in its file), so moving again copies only what is new.
 *
 * A row whose outcome the desk has not learnt yet (PENDING or UNKNOWN) is not moved, and is named: it is the
 * desk's own file that reconciles it (the desk back on its file reconciles on opening the environment), and a
 * copy in the team's journal would be reconciled by another desk at the same time, two senders of one payment
 * step. A charge the team's journal cannot take (its reference is another charge's there) stays in the desk's
 * file only, and is named too: the same money must never read twice in the team's record.
 *
 * Rows go in batches, each one INSERT of unnest()ed arrays: a desk's file may hold many thousands.
 */
import { read, type Db } from '../database.js';
import type { ChargeJournalRow } from '../journal.js';
import type { Row as CardRow } from '../knownBindings.js';
import type { OperationJournalRow } from '../operations.js';
import type { Row as KeyRow } from '../signingKeys.js';
import type { Row as OperatorRow } from '../operators.js';
import { PgOperators } from './operators.js';
import type { MovedJournal, MovedJournals } from '../../domain/movedRecords.js';
import type { DeskIdentity } from './desks.js';
import { query, type TeamDatabase } from './teamDatabase.js';
import { unnestInsert, type Column } from './unnestInsert.js';

/** How many rows one statement moves. */
const BATCH = 500;

const isOpen = (state: string) => state === 'PENDING' || state === 'UNKNOWN';

const CHARGE_COLUMNS: readonly Column<ChargeJournalRow>[] = [
  { name: 'environment', type: 'text', of: (r) => r.environment },
  { name: 'order_number', type: 'text', of: (r) => r.order_number },
  { name: 'amount', type: 'bigint', of: (r) => r.amount },
  { name: 'currency', type: 'text', of: (r) => r.currency },
  { name: 'binding_id', type: 'text', of: (r) => r.binding_id },
  { name: 'client_id', type: 'text', of: (r) => r.client_id },
  { name: 'category', type: 'text', of: (r) => r.category },
  { name: 'description', type: 'text', of: (r) => r.description },
  { name: 'masked_pan', type: 'text', of: (r) => r.masked_pan },
  { name: 'operator', type: 'text', of: (r) => r.operator },
  { name: 'state', type: 'text', of: (r) => r.state },
  { name: 'order_id', type: 'text', of: (r) => r.order_id },
  { name: 'order_status', type: 'integer', of: (r) => r.order_status },
  { name: 'action_code', type: 'integer', of: (r) => r.action_code },
  { name: 'reason', type: 'text', of: (r) => r.reason },
  { name: 'created_at', type: 'bigint', of: (r) => r.created_at },
  { name: 'updated_at', type: 'bigint', of: (r) => r.updated_at },
];

const OPERATION_COLUMNS: readonly Column<OperationJournalRow>[] = [
  { name: 'environment', type: 'text', of: (r) => r.environment },
  { name: 'order_id', type: 'text', of: (r) => r.order_id },
  { name: 'kind', type: 'text', of: (r) => r.kind },
  { name: 'amount', type: 'bigint', of: (r) => r.amount },
  { name: 'external_refund_id', type: 'text', of: (r) => r.external_refund_id },
  { name: 'operator', type: 'text', of: (r) => r.operator },
  { name: 'operator_reason', type: 'text', of: (r) => r.operator_reason },
  { name: 'state', type: 'text', of: (r) => r.state },
  { name: 'reason', type: 'text', of: (r) => r.reason },
  { name: 'created_at', type: 'bigint', of: (r) => r.created_at },
  { name: 'updated_at', type: 'bigint', of: (r) => r.updated_at },
];

const CARD_COLUMNS: readonly Column<CardRow>[] = [
  { name: 'environment', type: 'text', of: (c) => c.environment },
  { name: 'binding_id', type: 'text', of: (c) => c.binding_id },
  { name: 'client_id', type: 'text', of: (c) => c.client_id },
  { name: 'category', type: 'text', of: (c) => c.category },
  { name: 'masked_pan', type: 'text', of: (c) => c.masked_pan },
  { name: 'payment_system', type: 'text', of: (c) => c.payment_system },
  { name: 'payment_way', type: 'text', of: (c) => c.payment_way },
  { name: 'display_label', type: 'text', of: (c) => c.display_label },
  { name: 'expiry', type: 'text', of: (c) => c.expiry },
  { name: 'seen_at', type: 'bigint', of: (c) => c.seen_at },
  { name: 'disabled_at', type: 'bigint', of: (c) => c.disabled_at },
];

/** Moves this desk's journals (all but the sandbox's) into the team database; see the module's comment. */
export async function moveDeskJournals(team: TeamDatabase, file: Db, desk: DeskIdentity): Promise<MovedJournals> {
  const charges = read(
    file,
    () => file.prepare("SELECT * FROM charge_journal WHERE environment != 'sandbox' ORDER BY id").all() as ChargeJournalRow[],
  );
  const operations = read(
    file,
    () => file.prepare("SELECT * FROM order_operations WHERE environment != 'sandbox' ORDER BY id").all() as OperationJournalRow[],
  );
  return {
    charges: await moveRows(
      team,
      'charge_journal',
      charges,
      desk,
      [
        ...CHARGE_COLUMNS,
        // Rows from before desks were named are this desk's.
        { name: 'desk', type: 'text', of: (r) => r.desk ?? desk.name },
      ],
      (r) => r.order_number,
    ),
    operations: await moveRows(team, 'order_operations', operations, desk, OPERATION_COLUMNS, (r) => r.order_id),
  };
}

async function moveRows<R extends { readonly id: number; readonly state: string }>(
  team: TeamDatabase,
  table: 'charge_journal' | 'order_operations',
  all: readonly R[],
  desk: DeskIdentity,
  columns: readonly Column<R>[],
  named: (row: R) => string,
): Promise<MovedJournal> {
  const written: Column<R>[] = [...columns, { name: 'moved_from', type: 'text', of: (r) => `${desk.id}/${r.id}` }];
  const insert = unnestInsert(table, written, 'moved_from');
  const rows = all.filter((r) => !isOpen(r.state));
  const open = all.filter((r) => isOpen(r.state)).map(named);
  let moved = 0;
  let already = 0;
  const kept: string[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const from = batch.map((r) => `${desk.id}/${r.id}`);
    const copied = new Set((await query<{ moved_from: string }>(team, insert.sql, insert.values(batch))).map((r) => r.moved_from));
    moved += copied.size;
    const left = from.filter((f) => !copied.has(f));
    if (left.length === 0) continue;
    const there = new Set(
      (await query<{ moved_from: string }>(team, `SELECT moved_from FROM ${table} WHERE moved_from = ANY($1)`, [left])).map(
        (r) => r.moved_from,
      ),
    );
    already += there.size;
    batch.forEach((r, i) => {
      if (!copied.has(from[i]!) && !there.has(from[i]!)) kept.push(named(r));
    });
  }
  return { moved, already, kept, open };
}

/**
 * What this desk knows that the team does not, brought to the team when it joins (and again when its records
 * are moved): its signing keys but the sandbox's, so that a desk signing requests goes on signing (each key's
 * private key stays in this desk's keychain, under the same id), and the stored cards it has seen and
 * disabled, and its people where the team has none yet (PgOperators.takeIfNone). The team's own knowledge
 * wins: a key or card it has already is left as it is, a key active here is active in the team only where the
 * team has no active key of its own for that environment, and a team with people keeps them.
 */
export async function bringDeskKnowledge(
  team: TeamDatabase,
  file: Db,
): Promise<{ readonly keys: number; readonly cards: number; readonly people: number }> {
  const people = await new PgOperators(team).takeIfNone(read(file, () => file.prepare('SELECT * FROM operators').all() as OperatorRow[]));
  const keys = read(
    file,
    () => file.prepare("SELECT * FROM signing_keys WHERE environment != 'sandbox' ORDER BY created_at").all() as KeyRow[],
  );
  const cards = read(file, () => file.prepare("SELECT * FROM known_bindings WHERE environment != 'sandbox'").all() as CardRow[]);
  let keysBrought = 0;
  for (const k of keys) {
    const [taken] = await query<{ id: string }>(
      team,
      `INSERT INTO signing_keys (id, environment, subject, fingerprint256, not_before, not_after, certificate_pem, state, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7,
              CASE WHEN $8 = 'active' AND EXISTS (SELECT 1 FROM signing_keys WHERE environment = $2 AND state = 'active')
                   THEN 'inactive' ELSE $8 END, $9
       ON CONFLICT DO NOTHING RETURNING id`,
      [k.id, k.environment, k.subject, k.fingerprint256, k.not_before, k.not_after, k.certificate_pem, k.state, k.created_at],
    );
    if (taken) keysBrought++;
  }
  let cardsBrought = 0;
  const insert = unnestInsert('known_bindings', CARD_COLUMNS, 'binding_id');
  for (let start = 0; start < cards.length; start += BATCH) {
    cardsBrought += (await query(team, insert.sql, insert.values(cards.slice(start, start + BATCH)))).length;
  }
  return { keys: keysBrought, cards: cardsBrought, people };
}
