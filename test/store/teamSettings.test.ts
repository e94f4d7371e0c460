/**
 * The settings a team shares: two desks, each with its own file, on one PostgreSQL. What one desk's
 * administrator sets for a gateway environment (its connection, currencies, maximums) is every desk's;
 * what is a desk's own (its environment, language, the embedded sandbox) stays its own; a change made while
 * the team database is away is kept and written when it is back; a damaged value read from the team
 * database is no value, never a wrong one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database.js';
import { TEAM_SETTINGS } from '../../main/store/migrations.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { openMigratedTeamDatabase } from '../../main/store/postgres/migrate.js';
import { listenForChanges } from '../../main/store/postgres/teamChanges.js';
import type { TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { TeamSettings } from '../../main/store/postgres/teamSettings.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { eventually } from './eventually.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';

const root = mkdtempSync(join(tmpdir(), 'team-settings-'));
const maximums = z.record(z.string(), z.number().int());
const anything = z.unknown();

interface Desk {
  readonly file: Db;
  readonly team: TeamDatabase;
  readonly shared: TeamSettings;
  readonly settings: SettingsRepository;
  readonly changed: string[];
  close(): Promise<void>;
}

let files = 0;
function desk(url: string, name: string, file = openDatabase(join(root, `desk-${++files}.sqlite`))): Desk {
  const team = openMigratedTeamDatabase(url);
  const changed: string[] = [];
  const shared = new TeamSettings(team, file, { desk: deskNamed(name), changed: (keys) => changed.push(...keys), retryMs: 100 });
  return {
    file,
    team,
    shared,
    settings: new SettingsRepository(file, shared),
    changed,
    close: async () => {
      shared.close();
      await team.pool.end();
      file.close();
    },
  };
}

describePostgres('the settings a team shares', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('are every desk’s, told within a second; a desk’s own stay its own', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FIN-1'), desk(url, 'FIN-2')];
    const listening = listenForChanges(b.team, (table) => {
      if (table === TEAM_SETTINGS) void b.shared.sync();
    });
    try {
      await Promise.all([a.shared.sync(), b.shared.sync()]);
      await new Promise((r) => setTimeout(r, 300));
      a.settings.set('chargeMaximums.custom', { '643': 100_00 });
      a.settings.set('connection.production', { baseUrl: 'https://gateway.example/payment' });
      a.settings.set('general', { environment: 'production' });
      a.settings.set('connection.sandbox', { authMode: 'token' });
      // Two writes, each told: the second may reach B after the first does, within the same second.
      await eventually(
        () =>
          b.settings.get('chargeMaximums.custom', maximums)?.['643'] === 100_00 &&
          b.settings.get('connection.production', anything) !== undefined,
        1_000,
      );
      expect(b.settings.get('connection.production', anything)).toEqual({ baseUrl: 'https://gateway.example/payment' });
      expect(b.changed).toEqual(expect.arrayContaining(['chargeMaximums.custom', 'connection.production']));
      // The desk's environment and its sandbox are its own.
      expect(b.settings.get('general', anything)).toBeUndefined();
      expect(b.settings.get('connection.sandbox', anything)).toBeUndefined();
      const { rows } = await a.team.pool.query<{ key: string }>('SELECT key FROM team_settings ORDER BY key');
      expect(rows.map((r) => r.key)).toEqual(['chargeMaximums.custom', 'connection.production']);
    } finally {
      await listening.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keep a change made while the team database is away, for this desk at once and for the team once it is back', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FIN-1'), desk(url, 'FIN-2')];
    try {
      a.settings.set('chargeMaximums.custom', { '643': 500_00 });
      await a.shared.sync();
      await cluster.stop('immediate');
      try {
        a.settings.set('chargeMaximums.custom', { '643': 50_00 });
        expect(a.settings.get('chargeMaximums.custom', maximums)).toEqual({ '643': 50_00 });
        // The other desk runs on its copy meanwhile.
        await expect(b.shared.sync()).rejects.toMatchObject({ problem: 'unreachable' });
      } finally {
        await cluster.start();
      }
      // Written by the desk's retry, with nobody asking; the other desk reads it at its next sync.
      await eventually(async () => {
        await b.shared.sync();
        return b.settings.get('chargeMaximums.custom', maximums)?.['643'] === 50_00;
      });
      expect(a.settings.get('chargeMaximums.custom', maximums)).toEqual({ '643': 50_00 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('end the same at every desk when two change one at once: the last written holds', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FIN-1'), desk(url, 'FIN-2')];
    try {
      a.settings.set('acceptedCurrencies.custom', ['643']);
      b.settings.set('acceptedCurrencies.custom', ['978']);
      await Promise.all([a.shared.sync(), b.shared.sync()]);
      await Promise.all([a.shared.sync(), b.shared.sync()]);
      const seen = [a, b].map((d) => d.settings.get('acceptedCurrencies.custom', anything));
      expect(seen[0]).toEqual(seen[1]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('take a desk’s own when it brings them to a team that has none, and never overwrite the team’s', async () => {
    const url = await cluster.newDatabase();
    const file = openDatabase(join(root, `desk-${++files}.sqlite`));
    const own = new SettingsRepository(file);
    own.set('connection.custom', { baseUrl: 'https://own.example/' });
    own.set('chargeMaximums.custom', { '643': 1 });
    own.set('general', { environment: 'custom' });
    const b = desk(url, 'FIN-2');
    b.settings.set('chargeMaximums.custom', { '643': 7 });
    await b.shared.sync();
    const a = desk(url, 'FIN-1', file);
    try {
      // Joined: the team's, where it has them, and nothing of the desk's own yet.
      await a.shared.sync();
      expect(a.settings.get('connection.custom', anything)).toBeUndefined();
      await a.shared.moveOwn(own.own());
      await a.shared.moveOwn(own.own());
      expect(a.settings.get('connection.custom', anything)).toEqual({ baseUrl: 'https://own.example/' });
      expect(a.settings.get('chargeMaximums.custom', maximums)).toEqual({ '643': 7 });
      // The desk's own are as they were, for when it leaves the team.
      expect(own.get('chargeMaximums.custom', maximums)).toEqual({ '643': 1 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('read a damaged value from the team database as none, never as something else', async () => {
    const url = await cluster.newDatabase();
    const a = desk(url, 'FIN-1');
    try {
      await a.shared.sync();
      await a.team.pool.query(
        "INSERT INTO team_settings (key, value, updated_at, desk) VALUES ('chargeMaximums.custom', '{\"643\": \"lots\"}', 0, 'x'), ('connection.custom', 'not json', 0, 'x')",
      );
      await a.shared.sync();
      expect(a.settings.get('chargeMaximums.custom', maximums)).toBeUndefined();
      expect(a.settings.get('connection.custom', anything)).toBeUndefined();
    } finally {
      await a.close();
    }
  });
});
