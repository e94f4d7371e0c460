/**
 * The charge journal on the team's PostgreSQL (store/postgres/chargeJournal.ts): charges journalled (begin()
 * with the charge service's kind of guard, PENDING, committed) and settled (PAID) per second, against a bare
 * node-postgres loop of the same INSERT … RETURNING and UPDATE on the same table, in one run on one
 * throwaway cluster (test/store/postgresCluster.ts, destroyed at the end).
 *
 *   npm run bench:journal-postgres [-- --seconds 10 --rounds 20 --history 100000]   (seconds per side and case)
 *
 * Every side has a pool of 8 (openTeamDatabase's) and makes two commits a charge; the bare loop makes only
 * the two round trips those need (INSERT, UPDATE, each its own commit), the journal also BEGIN, one
 * statement taking the card's and the reference's advisory locks, one reading the guard's facts (and the
 * database's clock) and COMMIT: the round trips are counted, not assumed, and printed. The journal sends
 * those statements prepared (named), so the bare loop runs twice: with its two statements sent as text
 * (parsed and planned at each call, the old baseline) and prepared; the ratio is given to both. One caller,
 * then 8 concurrent callers on cards of their own. Each round starts with the next side; the ratio is the
 * median of the rounds' ratios.
 */
import { parseArgs } from 'node:util';
import { NEW_CHARGE_COLUMNS, newChargeColumns, type ChargeJournalRow, type NewCharge } from '../main/store/journal.js';
import { PgChargeJournal } from '../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../main/store/postgres/desks.js';
import { DATABASE_NOW_MS } from '../main/store/postgres/teamDatabase.js';
import {
  cpuMeter,
  guard,
  LOOK_BACK_MS,
  loops,
  median,
  newCharge,
  openCounted,
  quantile,
  timed,
  withTeamDatabase,
  type CountedDatabase,
  type Statement,
} from './postgresBench.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '20' },
    history: { type: 'string', default: '100000' },
  },
});
const ROUNDS = Number(values.rounds);
const ROUND_MS = (Number(values.seconds) * 1000) / ROUNDS;

/** The journal's own statements (store/postgres/chargeJournal.ts), as a caller would send them without it. */
const INSERT = `INSERT INTO charge_journal (${NEW_CHARGE_COLUMNS}, state, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'PENDING', $12, $12) RETURNING *`;
const SETTLE = `UPDATE charge_journal SET state = $1, order_id = COALESCE($2, order_id), order_status = $3, action_code = $4, reason = $5,
  updated_at = ${DATABASE_NOW_MS}
  WHERE id = $6 AND state IN ('PENDING', 'UNKNOWN') RETURNING id`;

const columns = (c: NewCharge) => [...newChargeColumns(c, 'BENCH'), c.at];

await withTeamDatabase(Number(values.history), async (url, cluster) => {
  const bare = openCounted(url);
  const barePrepared = openCounted(url);
  const desk = openCounted(url);
  const journal = new PgChargeJournal(desk, { desk: deskNamed('BENCH') });
  try {
    const bareCharge = async () => {
      const {
        rows: [row],
      } = await bare.pool.query<ChargeJournalRow>(INSERT, columns(newCharge('RAW')));
      const settled = await bare.pool.query(SETTLE, ['PAID', null, 2, null, null, row!.id]);
      if (settled.rowCount !== 1) throw new Error('the bare loop settled nothing');
    };
    // The same two statements prepared, as the journal's own are (store/postgres/teamDatabase.ts, Prepared).
    const barePreparedCharge = async () => {
      const {
        rows: [row],
      } = await barePrepared.pool.query<ChargeJournalRow>({ name: 'bench.insert', text: INSERT, values: columns(newCharge('RAW')) });
      const settled = await barePrepared.pool.query({ name: 'bench.settle', text: SETTLE, values: ['PAID', null, 2, null, null, row!.id] });
      if (settled.rowCount !== 1) throw new Error('the bare loop settled nothing');
    };
    const journalCharge = async () => {
      const begun = await journal.begin(newCharge('BO'), LOOK_BACK_MS, guard);
      if (begun.kind !== 'journalled') throw new Error(`the guard refused a charge on a card of its own: ${JSON.stringify(begun)}`);
      if (!(await journal.settle(begun.charge.id, { state: 'PAID', orderStatus: 2, at: Date.now() })))
        throw new Error('the journal settled nothing');
    };

    const [{ server_version: version }] = (
      await bare.pool.query<{ server_version: string }>("SELECT split_part(current_setting('server_version'), ' ', 1) AS server_version")
    ).rows as [{ server_version: string }];
    console.log(
      `\nPostgreSQL ${version} on 127.0.0.1 (the test cluster: fsync=off), pools of 8, ${Number(values.history).toLocaleString('en')} charges of history;`,
    );
    console.log(
      `${ROUNDS} rounds of ${(ROUND_MS / 1000).toFixed(1)} s per side and case, each starting with the next side (node ${process.version})\n`,
    );
    console.log(
      'callers     bare pg/s  journal/s   round trips a charge          CPU ms a charge, node + server   journal/bare, median of rounds (quartiles)',
    );
    console.log(
      '        (unprepared / prepared)    (bare / prepared / journal)      bare / prepared / journal     bare unprepared    bare prepared',
    );
    for (const callers of [1, 8]) {
      // Warm-up of every side: connections, plans (and the prepared statements), the JIT.
      for (const once of [bareCharge, barePreparedCharge, journalCharge]) await loops(callers, 1000, once);
      const side = (db: CountedDatabase, once: () => Promise<void>) => ({
        db,
        once,
        perSecond: [] as number[],
        statements: 0,
        charges: 0,
        node: 0,
        server: 0,
      });
      const sides = {
        bare: side(bare, bareCharge),
        barePrepared: side(barePrepared, barePreparedCharge),
        journal: side(desk, journalCharge),
      };
      type Side = (typeof sides)['bare'];
      const run = async (s: Side) => {
        const before = s.db.statements();
        const cpu = cpuMeter(cluster);
        const { done, perSecond } = await loops(callers, ROUND_MS, s.once);
        const used = cpu();
        s.statements += s.db.statements() - before;
        s.charges += done;
        s.node += used.node;
        s.server += used.server;
        s.perSecond.push(perSecond);
      };
      const order = [sides.bare, sides.barePrepared, sides.journal];
      // Each round starts with the next side: each goes first, second and last equally often.
      for (let round = 0; round < ROUNDS; round++) for (let i = 0; i < order.length; i++) await run(order[(round + i) % order.length]!);
      const ratios = (to: Side) => sides.journal.perSecond.map((j, i) => j / to.perSecond[i]!);
      const trips = (s: Side) => (s.statements / s.charges).toFixed(1);
      const cpu = (s: Side) => `${(s.node / s.charges).toFixed(2)} + ${(s.server / s.charges).toFixed(2)}`;
      const ratio = (to: Side) => {
        const r = ratios(to);
        return `${median(r).toFixed(2)} (${quantile(r, 0.25).toFixed(2)}–${quantile(r, 0.75).toFixed(2)})`;
      };
      const perSecond = (s: Side) => median(s.perSecond).toFixed(0);
      console.log(
        `${String(callers).padStart(7)}   ${`${perSecond(sides.bare)} / ${perSecond(sides.barePrepared)}`.padStart(11)} ${perSecond(sides.journal).padStart(10)}   ${`${trips(sides.bare)} / ${trips(sides.barePrepared)} / ${trips(sides.journal)}`.padStart(16)}   ${`${cpu(sides.bare)} / ${cpu(sides.barePrepared)} / ${cpu(sides.journal)}`.padStart(38)}   ${ratio(sides.bare)}   ${ratio(sides.barePrepared)}`,
      );
    }

    // Where a charge's time goes, one caller: each statement from sending it to its answer (medians).
    const statements: Statement[] = [];
    for (let i = 0; i < 500; i++) await timed(statements, journalCharge);
    const kinds = new Map<string, number[]>();
    for (const { sql, ms } of statements) {
      const kind = sql.replace(/\s+/g, ' ').slice(0, 44);
      kinds.set(kind, [...(kinds.get(kind) ?? []), ms]);
    }
    console.log('\nThe journal, one caller: each statement, median ms from sending it to its answer (500 charges)');
    for (const [kind, ms] of kinds) console.log(`${median(ms).toFixed(3).padStart(7)} × ${(ms.length / 500).toFixed(0)}  ${kind}…`);
    console.log(
      '\nTarget: journal/bare ≥ 0.5 (the SQLite journal against raw commits). Every side commits twice a charge; the journal prepares',
    );
    console.log(
      'the statements it sends at every charge, so its fair baseline is the prepared bare loop (the unprepared one is the old baseline).',
    );
  } finally {
    await Promise.all([bare.pool.end(), barePrepared.pool.end(), desk.pool.end()]);
  }
});
