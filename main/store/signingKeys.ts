/** Signing-key metadata and certificates per environment; the private keys are in the keychain, never here. */
import { read, write, type Db } from './database.js';

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

interface Row {
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

const toRecord = (r: Row): SigningKeyRecord => ({
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

export class SigningKeyRepository {
  constructor(private readonly db: Db) {}

  add(k: Omit<SigningKeyRecord, 'state'>): void {
    write(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO signing_keys (id, environment, subject, fingerprint256, not_before, not_after, certificate_pem, state, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'inactive', ?)`,
        )
        .run(k.id, k.environment, k.subject, k.fingerprint256, k.notBefore, k.notAfter, k.certificatePem, k.createdAt);
    });
  }

  get(environment: string, id: string): SigningKeyRecord | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM signing_keys WHERE environment = ? AND id = ?').get(environment, id) as Row | undefined;
      return r && toRecord(r);
    });
  }

  list(environment: string): SigningKeyRecord[] {
    return read(this.db, () => {
      return (
        this.db.prepare('SELECT * FROM signing_keys WHERE environment = ? ORDER BY created_at DESC, id').all(environment) as Row[]
      ).map(toRecord);
    });
  }

  active(environment: string): SigningKeyRecord | undefined {
    return read(this.db, () => {
      const r = this.db.prepare("SELECT * FROM signing_keys WHERE environment = ? AND state = 'active'").get(environment) as
        Row | undefined;
      return r && toRecord(r);
    });
  }

  /** Makes this key the one that signs; the key that signed before stays usable (inactive) until retired. */
  activate(environment: string, id: string): void {
    write(this.db, () => {
      this.db.prepare("UPDATE signing_keys SET state = 'inactive' WHERE environment = ? AND state = 'active'").run(environment);
      this.db
        .prepare("UPDATE signing_keys SET state = 'active' WHERE environment = ? AND id = ? AND state != 'retired'")
        .run(environment, id);
    });
  }

  retire(environment: string, id: string): void {
    write(this.db, () => {
      this.db.prepare("UPDATE signing_keys SET state = 'retired' WHERE environment = ? AND id = ?").run(environment, id);
    });
  }
}
