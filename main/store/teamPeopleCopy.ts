/**
 * A desk's copy of its team's people (migration 34's team_people), which signs a person in at the desk while
 * the team database is away or cannot be used: a desk whose team database is down is not locked out of its
 * look-ups, nor of the Settings where an administrator points it elsewhere. Money waits for the team database
 * all the same. The copy is read-only: people change in the team's database only. It is replaced whole from
 * the team's rows at every change any desk makes to a person (NOTIFY) and at every reconnection, and kept for
 * one team database at a time: a copy of another team's is no one's, and is forgotten once the desk moved on.
 *
 * While the team database is away, the wrong passwords in a row are counted in the desk's own login_attempts,
 * on the desk's clock (the team's count resumes when it is back). A person disabled at another desk while this
 * one could not hear of it can sign in here until it hears: that is the copy's staleness, bounded by the
 * outage, and only for look-ups.
 *
 * The copy has each person's sealed TOTP secret and recovery codes' hashes too, so that a person with two-factor
 * sign-in signs in here while the team database is away (with the team key, which only desks hold). A TOTP step
 * spent meanwhile is remembered in the copy, so that no code signs in twice at this desk; recovery codes wait for
 * the team database, which alone can spend one for every desk.
 */
import type { Operator } from '../domain/operators.js';
import { read, settled, write, type Db } from './database.js';
import {
  beginAttemptIn,
  signedInIn,
  spentIn,
  spendStepValues,
  toOperator,
  toSecondFactor,
  type AttemptStart,
  type OperatorStore,
  type Row,
  type SecondFactor,
} from './operators.js';

/** What a copy can do: read people and sign them in, never change them. */
export type PeopleReader = Pick<OperatorStore, 'count' | 'list' | 'get' | 'beginAttempt' | 'signedIn' | 'secondFactor' | 'spendStep'>;

const COLUMNS =
  'id, login, display_name, role, password, disabled_at, created_at, updated_at, sessions_ended, totp_secret, recovery_codes, totp_step';

export class TeamPeopleCopy implements PeopleReader {
  constructor(
    private readonly db: Db,
    /** The team database the copy is of, by name. */
    private readonly team: string,
  ) {}

  /** The team's people as they are now, in place of the earlier copy of this team's. */
  replace(rows: readonly Row[]): void {
    write(this.db, () => {
      this.db.prepare('DELETE FROM team_people WHERE team_database = ?').run(this.team);
      const insert = this.db.prepare(`INSERT INTO team_people (team_database, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const r of rows)
        insert.run(
          this.team,
          r.id,
          r.login,
          r.display_name,
          r.role,
          r.password,
          r.disabled_at,
          r.created_at,
          r.updated_at,
          r.sessions_ended,
          r.totp_secret,
          r.recovery_codes,
          r.totp_step,
        );
    });
  }

  /**
   * Forgets the copies of every team database but the one in use (none: the desk left team mode), once the desk
   * has moved on: their people's hashes stay in no desk's file longer than they are its people.
   */
  static keepOnly(db: Db, team: string | undefined): void {
    write(db, () => db.prepare('DELETE FROM team_people WHERE team_database IS NOT ?').run(team ?? null));
  }

  count(): Promise<number> {
    return settled(() =>
      read(
        this.db,
        () => (this.db.prepare('SELECT count(*) AS n FROM team_people WHERE team_database = ?').get(this.team) as { n: number }).n,
      ),
    );
  }

  list(): Promise<Operator[]> {
    return settled(() =>
      read(this.db, () =>
        (this.db.prepare(`SELECT ${COLUMNS} FROM team_people WHERE team_database = ? ORDER BY login`).all(this.team) as Row[]).map(
          toOperator,
        ),
      ),
    );
  }

  get(id: string): Promise<Operator | undefined> {
    return settled(() => {
      const row = this.row(id);
      return row && toOperator(row);
    });
  }

  secondFactor(id: string): Promise<SecondFactor | undefined> {
    return settled(() => toSecondFactor(this.row(id)));
  }

  /** A step spent at this desk while the team database is away; the team's own count resumes when it is back. */
  spendStep(id: string, step: number): Promise<boolean> {
    return settled(() =>
      spentIn(
        this.db,
        `UPDATE team_people SET totp_step = ? WHERE id = ? AND totp_secret IS NOT NULL AND (totp_step IS NULL OR totp_step < ?)
         AND team_database = ? RETURNING id`,
        [...spendStepValues(id, step), this.team],
      ),
    );
  }

  private row(id: string): Row | undefined {
    return read(
      this.db,
      () => this.db.prepare(`SELECT ${COLUMNS} FROM team_people WHERE team_database = ? AND id = ?`).get(this.team, id) as Row | undefined,
    );
  }

  beginAttempt(login: string, at: number): Promise<AttemptStart> {
    return settled(() =>
      beginAttemptIn(
        this.db,
        login,
        at,
        () =>
          this.db.prepare(`SELECT ${COLUMNS} FROM team_people WHERE team_database = ? AND login = ?`).get(this.team, login) as
            Row | undefined,
      ),
    );
  }

  signedIn(login: string): Promise<void> {
    return settled(() => signedInIn(this.db, login));
  }
}
