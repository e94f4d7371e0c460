/**
 * The guard under contention on the team's PostgreSQL (store/postgres/chargeJournal.ts), on one throwaway
 * cluster (test/store/postgresCluster.ts, destroyed at the end):
 *
 * - Distinct cards: two desks (two pools of 8, two PgChargeJournals on one database) with 8 concurrent callers
 *   each, every charge on a card of its own, against one desk with one caller; rounds alternate, and the p99
 *   of begin() (the guard's whole transaction: BEGIN, the card's and the reference's locks, the facts, the
 *   guard, INSERT, COMMIT) is taken over all of each side's rounds. Charges on distinct cards share no lock, so
 *   what the 16 callers add is the machine's queue, not the guard's; the time in the lock statement is shown
 *   to tell one from the other. Each charge is settled after it, outside the timing.
 * - One card: desk A and desk B begin a charge on the same card (under references of their own) at the same
 *   moment; one takes the card's lock and journals its charge, the other waits for it, then finds that charge
 *   open and is refused (notSettled). Printed: the first's transaction (its begin()), the second's wait (from
 *   its begin() to its lock statement's answer: the card's lock granted, then the reference's, which no one
 *   holds) and its whole begin(), and their ratios, pair by pair.
 *
 * - In charges: the same two sides, each caller charging through ChargeService with the gateway (the sandbox
 *   in its own process) answering a payment after --gateway-ms (bench/guardInCharges.ts): the guard's
 *   transaction among charges as desks make them, where the callers wait for the gateway between two.
 *
 *   npm run bench:guard-contention [-- --seconds 10 --rounds 10 --pairs 300 --history 100000
 *                                      --charge-seconds 60 --gateway-ms 100]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { PgChargeJournal } from '../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../main/store/postgres/desks.js';
import {
  guard,
  LOOK_BACK_MS,
  loops,
  cpuMeter,
  machineBusy,
  median,
  newCharge,
  openCounted,
  quantile,
  timed,
  withTeamDatabase,
  type Refusal,
  type Statement,
} from './postgresBench.js';
import type { BeginOutcome } from '../main/store/journal.js';
import { guardInCharges } from './guardInCharges.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '10' },
    pairs: { type: 'string', default: '300' },
    history: { type: 'string', default: '100000' },
    'charge-seconds': { type: 'string', default: '60' },
    'gateway-ms': { type: 'string', default: '100' },
  },
});
const ROUNDS = Number(values.rounds);
const ROUND_MS = (Number(values.seconds) * 1000) / ROUNDS;
const PAIRS = Number(values.pairs);
const CALLERS_PER_DESK = 8;

const isLock = (s: Statement) => s.sql.includes('pg_advisory_xact_lock');
const ms = (x: number) => x.toFixed(2).padStart(7);

interface Begun {
  readonly ms: number;
  /** The statement that takes the card's and the reference's locks: one round trip, unless another transaction holds one. */
  readonly locks: readonly number[];
  /** The BEGIN statement: a round trip that waits for nothing, as a yardstick for the lock statements. */
  readonly begin: number;
}

interface Side {
  readonly begun: Begun[];
  readonly perSecond: number[];
  readonly busy: number[];
  /** CPU, ms, of this process and of the server, and the charges they did it for. */
  readonly cpu: { node: number; server: number; charges: number };
}

await withTeamDatabase(Number(values.history), async (url, cluster) => {
  const desks = [openCounted(url), openCounted(url)];
  const journals = desks.map((d) => new PgChargeJournal(d, { desk: deskNamed(`DESK-${desks.indexOf(d) + 1}`) }));
  try {
    /** Begins a charge on a card of its own, timed, and settles it (not timed). */
    const charge = async (journal: PgChargeJournal, into: Begun[]) => {
      const statements: Statement[] = [];
      const started = performance.now();
      const begun = await timed(statements, () => journal.begin(newCharge('BO'), LOOK_BACK_MS, guard));
      const took = performance.now() - started;
      if (begun.kind !== 'journalled') throw new Error(`the guard refused a charge on a card of its own: ${JSON.stringify(begun)}`);
      into.push({ ms: took, locks: statements.filter(isLock).map((s) => s.ms), begin: statements[0]!.ms });
      await journal.settle(begun.charge.id, { state: 'PAID', orderStatus: 2, at: Date.now() });
    };
    const side = (): Side => ({ begun: [], perSecond: [], busy: [], cpu: { node: 0, server: 0, charges: 0 } });
    const alone = side();
    const contended = side();
    const measure = async (into: Side, desksUsed: number, callers: number) => {
      const busy = machineBusy();
      const cpu = cpuMeter(cluster);
      const rates = await Promise.all(journals.slice(0, desksUsed).map((j) => loops(callers, ROUND_MS, () => charge(j, into.begun))));
      const used = cpu();
      into.perSecond.push(rates.reduce((sum, r) => sum + r.perSecond, 0));
      into.busy.push(busy());
      into.cpu.node += used.node;
      into.cpu.server += used.server;
      into.cpu.charges += rates.reduce((sum, r) => sum + r.done, 0);
    };
    await measure(side(), 1, 1); // warm-up: both desks' 8 connections, plans
    await measure(side(), 2, CALLERS_PER_DESK);
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await measure(alone, 1, 1);
        await measure(contended, 2, CALLERS_PER_DESK);
      } else {
        await measure(contended, 2, CALLERS_PER_DESK);
        await measure(alone, 1, 1);
      }
    }

    console.log(
      `\nDistinct cards: ${ROUNDS} rounds of ${(ROUND_MS / 1000).toFixed(1)} s per side, alternating; ms over all rounds (node ${process.version}, ${availableParallelism()} cores)\n`,
    );
    console.log(
      'side                begins  charges/s  machine busy  CPU ms a charge (node + server)   begin() p50 / p99   a lock statement p50 / p99   BEGIN p50 / p99',
    );
    const p = (xs: number[]) => `${ms(quantile(xs, 0.5))} / ${ms(quantile(xs, 0.99))}`;
    const row = (name: string, s: Side) =>
      console.log(
        `${name.padEnd(18)} ${String(s.begun.length).padStart(7)} ${median(s.perSecond).toFixed(0).padStart(10)} ${`${(median(s.busy) * 100).toFixed(0)}%`.padStart(13)}  ${`${(s.cpu.node / s.cpu.charges).toFixed(2)} + ${(s.cpu.server / s.cpu.charges).toFixed(2)}`.padStart(31)}   ${p(s.begun.map((b) => b.ms))}   ${p(s.begun.flatMap((b) => b.locks)).padStart(26)}   ${p(s.begun.map((b) => b.begin))}`,
      );
    row('1 desk × 1 caller', alone);
    row(`2 desks × ${CALLERS_PER_DESK} callers`, contended);
    const at = (s: Side, q: number) =>
      quantile(
        s.begun.map((b) => b.ms),
        q,
      );
    console.log(
      `begin() contended/uncontended: p99 ${(at(contended, 0.99) / at(alone, 0.99)).toFixed(2)} (target at most 3), p50 ${(at(contended, 0.5) / at(alone, 0.5)).toFixed(2)}`,
    );

    // One card, both desks at once.
    const firsts: number[] = [];
    const waits: number[] = [];
    const seconds: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const card = `same-card-${pair}`;
      const attempt = async (journal: PgChargeJournal) => {
        const statements: Statement[] = [];
        const started = performance.now();
        const outcome: BeginOutcome<Refusal> = await timed(statements, () => journal.begin(newCharge('SAME', card), LOOK_BACK_MS, guard));
        const cardLock = statements.find(isLock)!;
        return { outcome, ms: performance.now() - started, waited: cardLock.startedAt + cardLock.ms - started };
      };
      const both = await Promise.all(journals.map(attempt));
      const first = both.find((b) => b.outcome.kind === 'journalled');
      const second = both.find((b) => b.outcome.kind === 'refused');
      if (!first || !second || (second.outcome.kind === 'refused' && second.outcome.refusal !== 'notSettled'))
        throw new Error(`two charges on one card at once: ${both.map((b) => JSON.stringify(b.outcome)).join(', ')}`);
      if (first.outcome.kind === 'journalled')
        await journals[0]!.settle(first.outcome.charge.id, { state: 'PAID', orderStatus: 2, at: Date.now() });
      if (pair < 10) continue; // warm-up
      firsts.push(first.ms);
      waits.push(second.waited);
      seconds.push(second.ms);
    }
    const ratios = (xs: number[]) => xs.map((x, i) => x / firsts[i]!);
    console.log(
      `\nOne card, both desks at once: ${firsts.length} pairs (after 10 of warm-up); ms, p50 / p99, and per-pair ratios to the first's, p50 / p99\n`,
    );
    console.log(`the first's transaction (begin(), journalled)  ${ms(median(firsts))} / ${ms(quantile(firsts, 0.99))}`);
    console.log(
      `the second's wait for the card's lock          ${ms(median(waits))} / ${ms(quantile(waits, 0.99))}   ${median(ratios(waits)).toFixed(2)} / ${quantile(ratios(waits), 0.99).toFixed(2)}`,
    );
    console.log(
      `the second's begin() (refused, notSettled)     ${ms(median(seconds))} / ${ms(quantile(seconds, 0.99))}   ${median(ratios(seconds)).toFixed(2)} / ${quantile(ratios(seconds), 0.99).toFixed(2)}`,
    );
    console.log('Target: the second waits at most about the first’s transaction (wait/first ≤ 1).');

    // The guard's transaction among charges as desks make them.
    const gatewayMs = Number(values['gateway-ms']);
    const chargeRounds = 6;
    const inCharges = await guardInCharges({
      teamUrl: url,
      callersPerDesk: CALLERS_PER_DESK,
      rounds: chargeRounds,
      roundMs: (Number(values['charge-seconds']) * 1000) / chargeRounds,
      gatewayMs,
    });
    console.log(
      `\nIn charges: each desk a process, ChargeService, the sandbox in its own process answering a payment after ${gatewayMs} ms; ${chargeRounds} rounds per side, alternating\n`,
    );
    console.log('side                begins  charges/s  machine busy   begin() p50 / p99');
    for (const [name, s] of [
      ['1 desk × 1 caller', inCharges.alone],
      [`2 desks × ${CALLERS_PER_DESK} callers`, inCharges.contended],
    ] as const)
      console.log(
        `${name.padEnd(18)} ${String(s.begins.length).padStart(7)} ${median(s.perSecond).toFixed(0).padStart(10)} ${`${(median(s.busy) * 100).toFixed(0)}%`.padStart(13)}   ${ms(quantile(s.begins, 0.5))} / ${ms(quantile(s.begins, 0.99))}`,
      );
    console.log(
      `begin() in charges, contended/uncontended: p99 ${(quantile(inCharges.contended.begins, 0.99) / quantile(inCharges.alone.begins, 0.99)).toFixed(2)} (target at most 3), p50 ${(quantile(inCharges.contended.begins, 0.5) / quantile(inCharges.alone.begins, 0.5)).toFixed(2)}`,
    );
  } finally {
    await Promise.all(desks.map((d) => d.pool.end()));
  }
});
