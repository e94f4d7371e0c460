/**
 * One desk of bench/guardInCharges.ts, in a process of its own as a desk is: ChargeService over the team's
 * PgChargeJournal (a pool of its own) and the sandbox over HTTP, the audit in a SQLite file of its own. Told
 * by its parent (IPC) how many callers to run for how long on which cards, it answers with each charge's
 * begin() time (the guard's whole transaction), and the charges made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayClient } from '../main/gateway/client.js';
import { ChargeService } from '../main/services/charges.js';
import { AuditRepository } from '../main/store/audit.js';
import { openDatabase } from '../main/store/database.js';
import type { ChargeJournal } from '../main/store/journal.js';
import { PgChargeJournal } from '../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../main/store/postgres/desks.js';
import { openTeamDatabase } from '../main/store/postgres/teamDatabase.js';
import { loops } from './postgresBench.js';

export interface DeskOrder {
  readonly callers: number;
  readonly ms: number;
  /** Each caller's first charge waits a random time up to this. */
  readonly staggerMs: number;
  /** Each caller's cards, taken in turn: no card is charged by two callers, nor twice at once. */
  readonly cards: readonly (readonly { clientId: string; bindingId: string }[])[];
}

export interface DeskAnswer {
  readonly begins: number[];
  readonly done: number;
}

const [teamUrl, gatewayUrl, name] = process.argv.slice(2) as [string, string, string];
const team = openTeamDatabase(teamUrl);
const folder = mkdtempSync(join(tmpdir(), 'guard-desk-'));
const file = openDatabase(join(folder, 'desk.sqlite'));
const client = new GatewayClient({ baseUrl: gatewayUrl, credentials: { token: 'sandbox-token' }, language: 'en' });
let begins: number[] = [];
const journal = new PgChargeJournal(team, { desk: deskNamed(name) });
/** The journal, with each begin()'s time from call to answer kept. */
const timed: ChargeJournal = new Proxy(journal, {
  get(target, key) {
    const value: unknown = Reflect.get(target, key, target);
    if (key !== 'begin') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    return async (...args: Parameters<ChargeJournal['begin']>) => {
      const started = performance.now();
      try {
        return await target.begin(...args);
      } finally {
        begins.push(performance.now() - started);
      }
    };
  },
});
const service = new ChargeService({
  environment: 'sandbox',
  operator: name,
  osUser: 'bench',
  journal: timed,
  audit: new AuditRepository(file),
  client,
  perChargeMaximum: 1_000_000,
});
let amount = 100;

process.on('message', (order: DeskOrder | 'stop') => {
  if (order === 'stop') {
    void (async () => {
      await client.close();
      await team.pool.end();
      file.close();
      rmSync(folder, { recursive: true, force: true });
      process.exit(0);
    })();
    return;
  }
  void (async () => {
    begins = [];
    const turns = new Array<number>(order.callers).fill(0);
    const started = new Array<boolean>(order.callers).fill(false);
    const { done } = await loops(order.callers, order.ms, async (caller) => {
      // Callers start at random moments within one gateway answer's time, as charges from separate people
      // would: started together, with the gateway's answer time the same for all, they would stay in step.
      if (!started[caller]) {
        started[caller] = true;
        await new Promise((r) => setTimeout(r, Math.random() * order.staggerMs));
      }
      const cards = order.cards[caller]!;
      const card = cards[turns[caller]!++ % cards.length]!;
      // A repeat of the card is confirmed, so that each charge is sent: the guard reads its facts all the same.
      const out = await service.charge({ ...card, category: 'COMMON', amount: amount++, currency: '643', confirmRepeat: true });
      if (out.kind !== 'paid') throw new Error(`a charge on a card of its own was not paid: ${JSON.stringify(out)}`);
    });
    const answer: DeskAnswer = { begins, done };
    process.send!(answer);
  })();
});
process.send!('ready');
