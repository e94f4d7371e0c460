/**
 * The team's audit log: every desk's entries in one table of the team database, each with the desk it was
 * recorded at, read by every desk's Audit screen.
 *
 * Two ways in, one entry each:
 * - What a desk writes to the team database (a journal's answer, an approval's step, a change of a person or a
 *   signing key) is audited there in the same transaction (insertTeamAudit), and copied to the desk's own log
 *   once committed; an answer the desk's outbox keeps while the database is away has its entry in the desk's own
 *   log at once, and in the team's when the outbox is written.
 * - Every other entry is recorded in the desk's own log first (AuditRepository.record, synchronous, in the desk's
 *   file): whatever the team database is doing, nothing a person did goes unrecorded. The desk then writes its
 *   new entries to the team's log, oldest first, at once after each one and every few seconds while the team
 *   database is away; how far it got is kept per team database in the desk's file (team_audit_written).
 * Every entry has a key (AuditRecord.key), and older ones their desk's id and own id: written twice, by either
 * way or again (a desk stopped between the team's commit and its own note of it), it is kept once.
 */
import { maskCardNumbersIn } from '../../domain/cardNumbers.js';
import {
  auditWhere,
  ENTRY_COLUMNS,
  entryValues,
  toRecord,
  type AuditFilter,
  type AuditLog,
  type AuditRecord,
  type AuditedBy,
  type AuditRepository,
  type AuditRow,
  type StampedEntry,
} from '../audit.js';
import { read, write, type Db } from '../database.js';
import type { DeskIdentity } from './desks.js';
import { RetriedRun } from './retriedRun.js';
import { query, transaction, type Prepared, type Query, type TeamDatabase, type Transaction } from './teamDatabase.js';
import { TEAM_AUDIT } from '../migrations.js';

/** How often a desk tries the team database again while it has entries the team's log lacks. */
export const AUDIT_RETRY_MS = 2_000;
/** Entries written to the team's log in one statement: 500 × 14 values, well inside PostgreSQL's 65,535. */
const CHUNK = 500;

const COLUMNS = ['desk_id', 'desk', 'desk_entry', ...ENTRY_COLUMNS] as const;

export interface TeamAuditOptions {
  /** This desk: its id keeps its entries apart from any other desk's, its name is what the team's screens show. */
  readonly desk: DeskIdentity;
  readonly log?: (message: string) => void;
  readonly retryMs?: number;
  /**
   * The last of this desk's entries the team's log does not get, the first time the desk uses this team
   * database: by default the last recorded so far (what it did before joining stays its own, until moved).
   * Given, it is a join (Settings), and holds on a return to a database the desk used before too: what the
   * desk recorded while away from it stays its own, until moved, as what it recorded before it first joined.
   */
  readonly startAfter?: number;
}

/**
 * Writes an action's entry to the team's log in the action's own transaction (`q`), as recorded at this desk:
 * an action journalled in the team database is audited there, and not in the desk's own log, so it is neither
 * lost nor kept for an action rolled back. It has no entry of the desk's own log (desk_entry is null).
 */
export async function insertTeamAudit(q: Transaction, to: TeamAuditTarget, entry: StampedEntry): Promise<void> {
  const values = [to.desk.id, to.desk.name, null, ...entryValues(maskCardNumbersIn(entry))];
  await q(
    `INSERT INTO ${TEAM_AUDIT.table} (${COLUMNS.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (entry_key) DO NOTHING`,
    values,
  );
  // The desk's own log has it too once it is the team's: what the desk shows while the team database is away, and
  // keeps should it leave the team. Its copy is the same entry by its key: writing it to the team again adds none.
  if (to.own) q.afterCommit(() => to.own!.write(entry));
}

/** Where a team store's entries go: the team's log as this desk's, and a copy in the desk's own log once committed. */
export interface TeamAuditTarget {
  readonly desk: DeskIdentity;
  readonly own?: AuditRepository;
}

/**
 * An answer written to an open row of a team journal (`update`, returning the row's id when it changed it), with
 * its audit entry in the team's log in the same transaction, made from the row as read again there; a statement
 * alone where there is no entry. False when nothing changed, and then no entry is written.
 */
export async function auditedUpdate<Row>(
  db: TeamDatabase,
  to: TeamAuditTarget,
  update: Prepared,
  values: readonly unknown[],
  audited: AuditedBy<Row> | undefined,
  reread: (q: Query) => Promise<Row>,
): Promise<boolean> {
  if (!audited) return (await query(db, update, values)).length === 1;
  return transaction(db, async (q) => {
    if ((await q(update, values)).length !== 1) return false;
    await insertTeamAudit(q, to, audited(await reread(q)));
    return true;
  });
}

export class TeamAuditLog implements AuditLog {
  private readonly writing: RetriedRun;
  private readonly unsubscribe: () => void;

  /**
   * `own` is this desk's log, `file` the desk's file that keeps how far the team's log has it. The team's
   * log starts for this desk with the entries recorded from now on; what it recorded before is moved there
   * only when asked (moveEarlierEntries).
   */
  constructor(
    private readonly team: TeamDatabase,
    private readonly own: AuditRepository,
    private readonly file: Db,
    private readonly options: TeamAuditOptions,
  ) {
    const joining = options.startAfter !== undefined;
    write(file, () =>
      file
        .prepare(
          `INSERT INTO team_audit_written (team_database, upto) VALUES (?, ?)
           ON CONFLICT (team_database) DO ${joining ? 'UPDATE SET upto = max(upto, excluded.upto)' : 'NOTHING'}`,
        )
        .run(team.name, options.startAfter ?? own.lastId()),
    );
    this.writing = new RetriedRun(() => this.writeNow(), {
      retryMs: options.retryMs ?? AUDIT_RETRY_MS,
      failed: (err) => options.log?.(`audit entries not yet in the team database: ${err instanceof Error ? err.message : String(err)}`),
    });
    this.unsubscribe = own.afterRecord(() => this.writing.soon());
    this.writing.soon();
  }

  /** Writes this desk's entries the team's log lacks, oldest first; resolves when it has them all. */
  write(): Promise<void> {
    return this.writing.run();
  }

  /**
   * Every entry this desk recorded before it joined the team goes to the team's log too (once: see above);
   * how many entries the team's log gained from this desk by it.
   */
  async moveEarlierEntries(): Promise<number> {
    // Entries of this desk's own log (keyed by desk_entry): not those written in an action's transaction meanwhile.
    const count = async () =>
      Number(
        (
          await query<{ n: string }>(this.team, 'SELECT count(*) AS n FROM team_audit WHERE desk_id = $1 AND desk_entry IS NOT NULL', [
            this.options.desk.id,
          ])
        )[0]!.n,
      );
    // Whatever this desk has recorded since it joined is written first: not counted as moved now.
    await this.write();
    const before = await count();
    write(this.file, () => this.file.prepare('UPDATE team_audit_written SET upto = 0 WHERE team_database = ?').run(this.team.name));
    await this.write();
    return (await count()) - before;
  }

  async query(f: AuditFilter = {}): Promise<AuditRecord[]> {
    // This desk's latest entries are in the team's log before it is read: a screen shows what was just done.
    await this.write();
    const { where, args } = auditWhere(f, (n) => `$${n}`);
    const rows = await query<AuditRow>(
      this.team,
      `SELECT id, at, os_user, environment, action, outcome, object_type, object_id, detail, role, person, facts, desk
         FROM team_audit ${where} ORDER BY at DESC, id DESC LIMIT $${args.length + 1}`,
      [...args, f.limit ?? 1000],
    );
    return rows.map(toRecord);
  }

  async actions(): Promise<string[]> {
    const rows = await query<{ action: string }>(this.team, 'SELECT DISTINCT action FROM team_audit ORDER BY action');
    return rows.map((r) => r.action);
  }

  /** Stops writing; what the team's log lacks is written when the desk opens next. */
  close(): void {
    this.unsubscribe();
    this.writing.close();
  }

  private async writeNow(): Promise<void> {
    for (;;) {
      const upto = read(
        this.file,
        () => this.file.prepare('SELECT upto FROM team_audit_written WHERE team_database = ?').pluck().get(this.team.name) as number,
      );
      const entries = this.own.after(upto, CHUNK);
      const last = entries.at(-1);
      if (!last) return;
      const values = entries.flatMap((e) => this.valuesOf(e));
      const rows = entries.map((_, i) => `(${COLUMNS.map((_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`);
      await transaction(this.team, (q) =>
        q(`INSERT INTO team_audit (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`, values),
      );
      write(this.file, () =>
        this.file
          .prepare('UPDATE team_audit_written SET upto = ? WHERE team_database = ? AND upto < ?')
          .run(last.id, this.team.name, last.id),
      );
    }
  }

  /** An entry's values in COLUMNS' order; masked again, as everything written anywhere is. */
  private valuesOf(entry: AuditRecord): unknown[] {
    const e = maskCardNumbersIn(entry);
    return [this.options.desk.id, this.options.desk.name, e.id, ...entryValues(e)];
  }
}
