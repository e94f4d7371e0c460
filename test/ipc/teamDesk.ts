/**
 * A desk for the tests of the team database in Settings: a real AppCore on a data folder, behind the IPC
 * dispatcher with its session guard, signed in as its administrator (people.ts), working in the custom environment against a standalone sandbox (whose
 * charges are the team's, where the embedded sandbox's stay the desk's own). Every answer and event the
 * renderer would have been given is kept, as JSON, so that a test can say what never crossed IPC.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import type {
  AppEvent,
  ChannelName,
  Envelope,
  Input,
  IpcError,
  PersonView,
  Result,
  Role,
  TeamConnection,
} from '../../main/ipc/contract.js';
import { sessionGuard } from '../../main/ipc/sessionGuard.js';
import { signInAdministrator, signInAs } from './people.js';
import { createDispatcher } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AppCore } from '../../main/services/appCore.js';
import type { Vault } from '../../main/vault/vault.js';
import { control, uniqueNumber } from '../sandbox/client.js';

export interface TeamDesk {
  readonly core: AppCore;
  readonly folder: string;
  /** Every answer and event the renderer was given, as JSON, in order. */
  readonly crossed: string[];
  /** The channel's envelope, answer or refusal. */
  answer<K extends ChannelName>(channel: K, input: Input<K>): Promise<Envelope<Result<K>>>;
  call<K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>>;
  refusal(channel: ChannelName, input: unknown): Promise<IpcError>;
  /**
   * Signs in as the person of the role. A desk that joined a team signs in again with the team's people: the
   * administrator of its own file is not one of them unless the team took the desk's people.
   */
  as(role: Role): Promise<PersonView>;
  close(): Promise<void>;
}

export async function openTeamDesk(folder: string, vault?: Vault): Promise<TeamDesk> {
  const core = await AppCore.open({ dataFolder: folder, osUser: 'admin', desk: `DESK-${folder.slice(-6)}`, ...(vault ? { vault } : {}) });
  const crossed: string[] = [];
  const hub = new EventHub();
  hub.subscribe((e: AppEvent) => crossed.push(JSON.stringify(e)));
  const dispatch = createDispatcher(
    createHandlers({ core, events: hub, app: { name: 't', version: '0', shell: 'browser', dataFolder: folder } }),
    () => undefined,
    sessionGuard(core),
  );
  await signInAdministrator(dispatch);
  const answer = async (channel: ChannelName, input: unknown): Promise<Envelope<unknown>> => {
    const envelope = await dispatch(channel, input);
    crossed.push(JSON.stringify(envelope));
    return envelope;
  };
  return {
    core,
    folder,
    crossed,
    answer: (channel, input) => answer(channel, input) as Promise<Envelope<Result<typeof channel>>>,
    async call(channel, input) {
      const envelope = await answer(channel, input);
      if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code}: ${envelope.error.message}`);
      return envelope.value as Result<typeof channel>;
    },
    async refusal(channel, input) {
      const envelope = await answer(channel, input);
      if (envelope.ok) throw new Error(`${channel} was not refused`);
      return envelope.error;
    },
    as: (role) => signInAs(dispatch, role),
    close: () => core.close(),
  };
}

/** Points the desk's custom environment at the gateway (its token in the desk's keychain) and works in it. */
export async function workInCustom(desk: TeamDesk, gateway: Sandbox): Promise<void> {
  await desk.call('settings.setConnection', { environment: 'custom', baseUrl: gateway.url, authMode: 'token' });
  await desk.call('settings.setCredential', { environment: 'custom', kind: 'token', secret: 'sandbox-token' });
  desk.core.chargeLimits.setAccepted('custom', ['643']);
  desk.core.chargeLimits.setMaximum('custom', '643', 1_000_000);
  await desk.call('settings.updateGeneral', { environment: 'custom' });
}

/** A new stored card on the gateway, charged from the desk over IPC: the answer (or refusal) and whose card it was. */
export async function chargeNewCard(
  desk: TeamDesk,
  gateway: Sandbox,
): Promise<{ clientId: string; envelope: Envelope<Result<'charges.create'>> }> {
  const clientId = uniqueNumber('team');
  const { bindings } = (await control(gateway, 'POST', '/seed', { bindings: [{ clientId, category: 'RECURRENT' }] })) as {
    bindings: { bindingId: string }[];
  };
  const input = {
    environment: 'custom',
    clientId,
    bindingId: bindings[0]!.bindingId,
    category: 'RECURRENT',
    amount: 25_000,
    currency: '643',
  } as const;
  return { clientId, envelope: await desk.answer('charges.create', input) };
}

/** The desk's own journal's rows of a customer (its SQLite file, read beside the open desk). */
export function localCharges(folder: string, clientId: string): number {
  const db = new Database(join(folder, 'app.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM charge_journal WHERE client_id = ?').get(clientId) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The team journal's rows of a customer, read as the database's owner sees them. */
export async function teamCharges(url: string, clientId: string): Promise<{ state: string; desk: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ state: string; desk: string }>('SELECT state, desk FROM charge_journal WHERE client_id = $1', [clientId]))
      .rows;
  } finally {
    await client.end();
  }
}

/** The Settings form for a database URL of the test cluster: its connection, and its password apart. */
export function formOf(url: string, tls: TeamConnection['tls'] = { mode: 'disable' }): { connection: TeamConnection; password: string } {
  const u = new URL(url);
  return {
    connection: { host: u.hostname, port: Number(u.port), database: u.pathname.slice(1), user: u.username, tls },
    password: decodeURIComponent(u.password),
  };
}
