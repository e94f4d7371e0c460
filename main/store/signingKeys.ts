/** Signing-key metadata and certificates per environment; the private keys are in the keychain, never here. */
import { AuditRepository, type StampedEntry } from './audit.js';
import { read, settled, write, type Db } from './database.js';

export type KeyState = 'inactive' | 'active' | 'retired';

export interface SigningKeyRecord {
  readonly id: string;
  readonly environment: string;
  readonly subject: string;
  readonly fingerprint256: string;
  readonly notBefore: number;
  readonly notAfter: number;
  readonly certificatePem: string;
  readonly state: KeyState;
  readonly createdAt: number;
}

/** A signing_keys row as both engines read it. */
export interface Row {
  id: string;
  environment: string;
  subject: string;
  fingerprint256: string;
  not_before: number;
  not_after: number;
  certificate_pem: string;
  state: KeyState;
  created_at: number;
}

export const toRecord = (r: Row): SigningKeyRecord => ({
  id: r.id,
  environment: r.environment,
  subject: r.subject,
  fingerprint256: r.fingerprint256,
  notBefore: r.not_before,
  notAfter: r.not_after,
  certificatePem: r.certificate_pem,
  state: r.state,
  createdAt: r.created_at,
});

/**
 * The signing keys an installation knows, per environment: in a desk's own file, or (a team's) in its
 * database, where every desk sees every key; each desk's keychain holds the private keys it can sign with.
 */
export interface SigningKeyStore {
  /** Keeps a key's record, and `entry` (its audit entry) with it in the same transaction. */
  add(k: Omit<SigningKeyRecord, 'state'>, entry?: StampedEntry): Promise<void>;
  get(environment: string, id: string): Promise<SigningKeyRecord | undefined>;
  list(environment: string): Promise<SigningKeyRecord[]>;
  active(environment: string): Promise<SigningKeyRecord | undefined>;
  /**
   * Makes this key the one that signs; the key that signed before stays usable (inactive) until retired. `entry`
   * is written with it, in the same transaction.
   */
  activate(environment: string, id: string, entry?: StampedEntry): Promise<void>;
  retire(environment: string, id: string): Promise<void>;
}

/** The statements both engines run, with `?` placeholders (the team's store numbers them). */
export const SIGNING_KEY_SQL = {
  add: `INSERT INTO signing_keys (id, environment, subject, fingerprint256, not_before, not_after, certificate_pem, state, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, 'inactive', ?)`,
  get: 'SELECT * FROM signing_keys WHERE environment = ? AND id = ?',
  list: 'SELECT * FROM signing_keys WHERE environment = ? ORDER BY created_at DESC, id',
  active: "SELECT * FROM signing_keys WHERE environment = ? AND state = 'active'",
  deactivate: "UPDATE signing_keys SET state = 'inactive' WHERE environment = ? AND state = 'active'",
  activate: "UPDATE signing_keys SET state = 'active' WHERE environment = ? AND id = ? AND state != 'retired'",
  retire: "UPDATE signing_keys SET state = 'retired' WHERE environment = ? AND id = ?",
} as const;

export const addValues = (k: Omit<SigningKeyRecord, 'state'>) => [
  k.id,
  k.environment,
  k.subject,
  k.fingerprint256,
  k.notBefore,
  k.notAfter,
  k.certificatePem,
  k.createdAt,
];

/** A key retired (or gone) since it was read: activating it would leave no key signing, so nothing changes. */
export const notActivated = (id: string): Error => new Error(`Signing key ${id} was retired meanwhile: no key was activated`);

/** This desk's file's signing keys. */
export class SqliteSigningKeys implements SigningKeyStore {
  /** `audit`: this file's log, where a change's entry is written in the change's transaction. */
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository = new AuditRepository(db),
  ) {}

  add(k: Omit<SigningKeyRecord, 'state'>, entry?: StampedEntry): Promise<void> {
    return settled(() => {
      write(this.db, () => {
        this.db.prepare(SIGNING_KEY_SQL.add).run(...addValues(k));
        if (entry) this.audit.write(entry);
      });
    });
  }

  get(environment: string, id: string): Promise<SigningKeyRecord | undefined> {
    return settled(() =>
      read(this.db, () => {
        const r = this.db.prepare(SIGNING_KEY_SQL.get).get(environment, id) as Row | undefined;
        return r && toRecord(r);
      }),
    );
  }

  list(environment: string): Promise<SigningKeyRecord[]> {
    return settled(() => read(this.db, () => (this.db.prepare(SIGNING_KEY_SQL.list).all(environment) as Row[]).map(toRecord)));
  }

  active(environment: string): Promise<SigningKeyRecord | undefined> {
    return settled(() =>
      read(this.db, () => {
        const r = this.db.prepare(SIGNING_KEY_SQL.active).get(environment) as Row | undefined;
        return r && toRecord(r);
      }),
    );
  }

  activate(environment: string, id: string, entry?: StampedEntry): Promise<void> {
    return settled(() => {
      write(this.db, () => {
        this.db.prepare(SIGNING_KEY_SQL.deactivate).run(environment);
        if (this.db.prepare(SIGNING_KEY_SQL.activate).run(environment, id).changes !== 1) throw notActivated(id);
        if (entry) this.audit.write(entry);
      });
    });
  }

  retire(environment: string, id: string): Promise<void> {
    return settled(() => {
      write(this.db, () => this.db.prepare(SIGNING_KEY_SQL.retire).run(environment, id));
    });
  }
}
