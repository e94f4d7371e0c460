// Runs in a private D-Bus session with its own gnome-keyring (see teamDatabase.test.ts): a desk pointed at a
// team database in Settings, its password in the keyring, charges there; then it starts while the database
// is away (so nothing has asked for the password yet), the keyring is locked, and the database comes back.
// Reports, as one JSON line, what the desk then does with money, look-ups and Settings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../sandbox/client.js';
import { startPostgres } from '../store/postgresCluster.js';
import { lockKeychain } from '../vault/lockKeychain.js';
import { chargeNewCard, formOf, localCharges, openTeamDesk, teamCharges, workInCustom, type TeamDesk } from './teamDesk.js';

const [cluster, gateway] = await Promise.all([startPostgres(), startSandbox()]);
const folder = mkdtempSync(join(tmpdir(), 'locked-team-desk-'));
const report: Record<string, unknown> = {};
let desk: TeamDesk | undefined;
try {
  const url = await cluster.newDatabase();
  desk = await openTeamDesk(folder);
  await workInCustom(desk, gateway);
  await desk.call('settings.saveTeamDatabase', formOf(url));
  const paid = await chargeNewCard(desk, gateway);
  report.unlocked = {
    outcome: paid.envelope.ok ? paid.envelope.value.outcome : paid.envelope.error.message,
    team: (await teamCharges(url, paid.clientId)).length,
    local: localCharges(folder, paid.clientId),
  };
  const orderNumber = paid.envelope.ok && 'charge' in paid.envelope.value ? paid.envelope.value.charge.orderNumber : '';
  await desk.close();
  desk = undefined;

  await cluster.stop();
  desk = await openTeamDesk(folder);
  lockKeychain();
  await cluster.start();
  const refused = await chargeNewCard(desk, gateway);
  report.locked = {
    inUse: desk.core.teamDatabaseInUse,
    charge: refused.envelope,
    team: (await teamCharges(url, refused.clientId)).length,
    local: localCharges(folder, refused.clientId),
    lookup: await desk.answer('orders.lookup', { query: orderNumber }),
    view: await desk.call('settings.teamDatabase', {}),
    keychainProblem: (await desk.call('settings.get', {})).keychainProblem,
  };

  // Saved again while locked: saved, but the custom environment cannot be reopened without its own token.
  const saved = await desk.answer('settings.saveTeamDatabase', { connection: formOf(url).connection });
  const again = await chargeNewCard(desk, gateway);
  report.resaved = {
    answer: saved,
    inUse: desk.core.teamDatabaseInUse,
    charge: again.envelope,
    local: localCharges(folder, again.clientId),
  };
} catch (err) {
  report.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
} finally {
  await desk?.close();
  await gateway.close();
  await cluster.destroy();
  rmSync(folder, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify(report)}\n`);
