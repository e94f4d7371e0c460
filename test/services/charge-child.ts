// A process that makes one charge and kills itself with SIGKILL at a chosen step (the crash test's subject).
// With TEAM_DATABASE_URL it is a desk (DESK) of a team: its charge is journalled and claimed in PostgreSQL,
// the claim lapsing CLAIM_TTL_MS after it was last renewed.
import { GatewayClient } from '../../main/gateway/client.js';
import { ChargeService, type ChargeStep } from '../../main/services/charges.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { type ChargeCategory, SqliteChargeJournal } from '../../main/store/journal.js';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { deskNamed, deskSeen } from '../../main/store/postgres/desks.js';
import { openTeamDatabase } from '../../main/store/postgres/teamDatabase.js';

const { SANDBOX_URL, DB_FILE, KILL_AT, KILL_DELAY_MS, BINDING_ID, CLIENT_ID, CATEGORY, REFERENCE, TEAM_DATABASE_URL, DESK, CLAIM_TTL_MS } =
  process.env;
const db = openDatabase(DB_FILE!);
const team = TEAM_DATABASE_URL ? openTeamDatabase(TEAM_DATABASE_URL) : undefined;
const desk = deskNamed(DESK ?? 'crash-test');
// As the app at its start: the team's desks table names this desk to the others.
if (team) await deskSeen(team, { ...desk, osUser: 'test', appVersion: 'test' });
const client = new GatewayClient({
  baseUrl: SANDBOX_URL!,
  credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
  language: 'en',
});
const service = new ChargeService({
  environment: 'sandbox',
  operator: 'crash-test',
  osUser: 'test',
  journal: team
    ? new PgChargeJournal(team, {
        desk,
        claimTtlMs: Number(CLAIM_TTL_MS ?? 60_000),
      })
    : new SqliteChargeJournal(db),
  audit: new AuditRepository(db),
  client,
  perChargeMaximum: 100_000_000,
  onStep: (step: ChargeStep) => {
    if (step !== KILL_AT) return;
    // "In flight": the request leaves, and the process dies before the answer comes back.
    if (KILL_DELAY_MS) setTimeout(() => process.kill(process.pid, 'SIGKILL'), Number(KILL_DELAY_MS));
    else process.kill(process.pid, 'SIGKILL');
  },
});
await service.charge({
  bindingId: BINDING_ID!,
  clientId: CLIENT_ID!,
  category: CATEGORY as ChargeCategory,
  amount: 4_200,
  currency: '643',
  reference: REFERENCE,
});
console.log('finished without being killed');
