/**
 * The people of a desk in a team: the team database's, and the desk's copy of them (store/teamPeopleCopy.ts)
 * while the team database is away or cannot be used, so that people still sign in there for look-ups and for
 * the Settings that point the desk elsewhere. A desk that never had a copy of this team's people (it was
 * pointed at a database it could not use from the start: one a newer version set up, one that was never up)
 * signs in its own people meanwhile, as it did before it was pointed there: otherwise nobody could sign in to
 * point it elsewhere. People are added and changed in the team's database only: a change tried while it is
 * away is refused as any team write is, and so is a recovery code (spent in the team's database, for every desk).
 */
import type { AuditedBy } from '../store/audit.js';
import type { Operator, OperatorChange } from '../domain/operators.js';
import type { PasswordHash } from '../security/passwordHash.js';
import type {
  AddedBy,
  AttemptStart,
  ChangedOperator,
  NewOperator,
  NewSecondFactor,
  OperatorStore,
  OperatorWrite,
  SecondFactor,
} from '../store/operators.js';
import type { PgOperators } from '../store/postgres/operators.js';
import { TeamUnreachableError } from '../store/postgres/teamDatabase.js';
import type { PeopleReader, TeamPeopleCopy } from '../store/teamPeopleCopy.js';

export class TeamPeople implements OperatorStore {
  private closed = false;

  constructor(
    private readonly team: PgOperators,
    private readonly copy: TeamPeopleCopy,
    /** The desk's own people, in its file. */
    private readonly own: PeopleReader,
  ) {}

  /** Takes the team's people into the desk's copy; called at every change announced and at every reconnection. */
  async refresh(): Promise<void> {
    const rows = await this.team.rows();
    // A team database the desk has left writes no copy: a late announcement of its own changes nothing here.
    if (!this.closed) this.copy.replace(rows);
  }

  /** The desk left this team database. */
  close(): void {
    this.closed = true;
  }

  count(): Promise<number> {
    return this.read((people) => people.count());
  }

  list(): Promise<Operator[]> {
    return this.read((people) => people.list());
  }

  get(id: string): Promise<Operator | undefined> {
    return this.read((people) => people.get(id));
  }

  beginAttempt(login: string, at: number): Promise<AttemptStart> {
    return this.read((people) => people.beginAttempt(login, at));
  }

  signedIn(login: string): Promise<void> {
    return this.read((people) => people.signedIn(login));
  }

  secondFactor(id: string): Promise<SecondFactor | undefined> {
    return this.read((people) => people.secondFactor(id));
  }

  spendStep(id: string, step: number): Promise<boolean> {
    return this.read((people) => people.spendStep(id, step));
  }

  spendRecoveryCode(id: string, hash: string): Promise<boolean> {
    return this.written(this.team.spendRecoveryCode(id, hash));
  }

  setSecondFactor(
    id: string,
    factor: NewSecondFactor | null,
    by: string,
    at: number,
    audited?: AuditedBy<Operator>,
  ): Promise<OperatorWrite<Operator>> {
    return this.written(this.team.setSecondFactor(id, factor, by, at, audited));
  }

  add(o: NewOperator, by: AddedBy, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return this.written(this.team.add(o, by, at, audited));
  }

  change(
    id: string,
    change: OperatorChange,
    by: string,
    at: number,
    audited?: AuditedBy<ChangedOperator>,
  ): Promise<OperatorWrite<ChangedOperator>> {
    return this.written(this.team.change(id, change, by, at, audited));
  }

  setPassword(id: string, password: PasswordHash, at: number, by: string, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return this.written(this.team.setPassword(id, password, at, by, audited));
  }

  endSessions(id: string, by: string, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return this.written(this.team.endSessions(id, by, at, audited));
  }

  /** From the team's database; from the copy only while that cannot be used (a refusal or a damaged row is the team's answer). */
  private async read<T>(ask: (people: PeopleReader) => Promise<T>): Promise<T> {
    try {
      return await ask(this.team);
    } catch (err) {
      if (!(err instanceof TeamUnreachableError)) throw err;
      return ask((await this.copy.count()) > 0 ? this.copy : this.own);
    }
  }

  /** A change, and the copy taken again at once: this desk does not wait for its own announcement to sign the change in. */
  private async written<T>(change: Promise<T>): Promise<T> {
    const done = await change;
    await this.refresh().catch(() => undefined);
    return done;
  }
}
