/** The charge service as the app builds it, over a test's SQLite file and a gateway client. */
import type { GatewayClient } from '../../main/gateway/client.js';
import { ChargeService, type ChargeServiceOptions } from '../../main/services/charges.js';
import { AuditRepository } from '../../main/store/audit.js';
import type { Db } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';

/**
 * Finance charging the sandbox, up to RUB 10,000 a charge. `parts` gives the journal or the audit log a test
 * also reads, and whatever else it needs otherwise (the environment, who charges, the maximum, a clock).
 */
export const chargeServiceOn = (db: Db, client: GatewayClient, parts: Partial<ChargeServiceOptions> = {}): ChargeService =>
  new ChargeService({
    environment: 'sandbox',
    operator: 'finance',
    osUser: 'finance',
    journal: new SqliteChargeJournal(db),
    audit: new AuditRepository(db),
    client,
    perChargeMaximum: 1_000_000,
    ...parts,
  });
