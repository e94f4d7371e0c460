/**
 * The team's signing keys (store/signingKeys.ts) in its database: every desk sees every key, its certificate
 * and which one signs; never a private key, which each desk keeps in its own keychain.
 */
import {
  addValues,
  notActivated,
  SIGNING_KEY_SQL,
  toRecord,
  type Row,
  type SigningKeyRecord,
  type SigningKeyStore,
} from '../signingKeys.js';
import { numbered, query, transaction, type TeamDatabase } from './teamDatabase.js';
import type { StampedEntry } from '../audit.js';
import { insertTeamAudit, type TeamAuditTarget } from './teamAudit.js';

const SQL = Object.fromEntries(Object.entries(SIGNING_KEY_SQL).map(([name, sql]) => [name, numbered(sql)])) as Record<
  keyof typeof SIGNING_KEY_SQL,
  string
>;

export class PgSigningKeys implements SigningKeyStore {
  /** `to`: where the entries of the changes made here go (this desk's, in the team's log). */
  constructor(
    private readonly db: TeamDatabase,
    private readonly to: TeamAuditTarget,
  ) {}

  async add(k: Omit<SigningKeyRecord, 'state'>, entry?: StampedEntry): Promise<void> {
    await transaction(this.db, async (q) => {
      await q(SQL.add, addValues(k));
      if (entry) await insertTeamAudit(q, this.to, entry);
    });
  }

  async get(environment: string, id: string): Promise<SigningKeyRecord | undefined> {
    const [r] = await query<Row>(this.db, SQL.get, [environment, id]);
    return r && toRecord(r);
  }

  async list(environment: string): Promise<SigningKeyRecord[]> {
    return (await query<Row>(this.db, SQL.list, [environment])).map(toRecord);
  }

  async active(environment: string): Promise<SigningKeyRecord | undefined> {
    const [r] = await query<Row>(this.db, SQL.active, [environment]);
    return r && toRecord(r);
  }

  /** In one transaction, with its entry: the unique index on the active key holds between the two statements too. */
  async activate(environment: string, id: string, entry?: StampedEntry): Promise<void> {
    await transaction(this.db, async (q) => {
      await q(SQL.deactivate, [environment]);
      if ((await q(`${SQL.activate} RETURNING id`, [environment, id])).length !== 1) throw notActivated(id);
      if (entry) await insertTeamAudit(q, this.to, entry);
    });
  }

  async retire(environment: string, id: string): Promise<void> {
    await query(this.db, SQL.retire, [environment, id]);
  }
}
