/**
 * Live changes between desks on the team's PostgreSQL: a journal change on desk A to its notification on
 * desk B, against a bare node-postgres LISTEN/NOTIFY round trip in the same run, on one throwaway cluster
 * (test/store/postgresCluster.ts, destroyed at the end, also on error).
 *
 *   npm run bench:live [-- --samples 400 --warmup 50 --history 100000]
 *
 * Desk A and desk B are two pools of their own on one database, as two desks of the team are. Desk A
 * journals a charge (PgChargeJournal.begin, with the charge service's kind of guard) and settles it PAID,
 * two commits, each one change; migration 24's trigger announces each on `backoffice_changes` as it
 * commits. Desk B hears them through listenForChanges (store/postgres/teamChanges.ts), as the app does.
 * A sample is the time from desk A's commit returning (begin() or settle() resolved) to desk B's callback;
 * each change is heard before the next is made, so every notification is matched to its change.
 *
 * The baseline: one bare pg.Client LISTENs, another sends `NOTIFY`, and a sample is the time from that
 * statement returning to the notification event on the first. Samples of both sides alternate, one by one,
 * which goes first. A notification can reach its listener before the writer's own answer is read (both
 * arrive in this one process): such a sample is negative, and is counted as such. Both sides are also timed
 * from the committing statement being sent (desk A's COMMIT, or settle()'s UPDATE, its own transaction; the
 * bare NOTIFY), which takes the event loop's order out and shows what the commit itself adds.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgChargeJournal } from '../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../main/store/postgres/desks.js';
import { listenForChanges } from '../main/store/postgres/teamChanges.js';
import { openTeamDatabase } from '../main/store/postgres/teamDatabase.js';
import { guard, LOOK_BACK_MS, newCharge, openCounted, quantile, timed, withTeamDatabase, type Statement } from './postgresBench.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '50' },
    history: { type: 'string', default: '100000' },
  },
});
const SAMPLES = Number(values.samples);
const WARMUP = Number(values.warmup);
/** A notification not heard within this long is lost: the run fails. */
const LOST_MS = 5_000;
const TARGET_P95_MS = 200;
const BARE_CHANNEL = 'bench_bare';

/**
 * What a listener heard, one at a time: `next()` is armed before a change is made and resolves with the
 * time the next notification reached the callback (so one heard before the writer's answer still counts).
 */
function ear() {
  let waiting: ((at: number) => void) | undefined;
  let stray = 0;
  return {
    heard: () => {
      const at = performance.now();
      if (waiting) {
        const w = waiting;
        waiting = undefined;
        w(at);
      } else stray++;
    },
    next: (within = LOST_MS): Promise<number> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          reject(new Error(`no notification within ${within} ms`));
        }, within);
        waiting = (at) => {
          clearTimeout(timer);
          resolve(at);
        };
      }),
    stray: () => stray,
  };
}

/** One change heard: ms from its committing statement returning, and from its being sent, to the hearing. */
interface Sample {
  readonly returned: number;
  readonly sent: number;
}

/**
 * Makes a change (which says when its committing statement was sent), then waits for it to be heard.
 */
async function sample(heard: ReturnType<typeof ear>, change: () => Promise<number>): Promise<Sample> {
  const hearing = heard.next();
  const sent = await change();
  const returned = performance.now();
  const at = await hearing;
  return { returned: at - returned, sent: at - sent };
}

const ms = (x: number) => x.toFixed(3).padStart(8);

await withTeamDatabase(Number(values.history), async (url) => {
  const deskA = openCounted(url);
  const deskB = openTeamDatabase(url);
  const journal = new PgChargeJournal(deskA, { desk: deskNamed('DESK-A') });
  const app = ear();
  const listener = listenForChanges(deskB, (table) => {
    if (table === 'charge_journal') app.heard();
  });
  const bareListener = new pg.Client(url);
  const bareNotifier = new pg.Client(url);
  try {
    await Promise.all([bareListener.connect(), bareNotifier.connect()]);
    const bare = ear();
    bareListener.on('notification', (n) => {
      if (n.channel === BARE_CHANNEL) bare.heard();
    });
    await bareListener.query(`LISTEN ${BARE_CHANNEL}`);

    // One of desk A's changes: a charge journalled, or the charge journalled last settled. The committing
    // statement is the last desk A sent: begin()'s COMMIT, or settle()'s UPDATE (a transaction of its own).
    let open: number | undefined;
    const appChange = async (): Promise<number> => {
      const statements: Statement[] = [];
      await timed(statements, journalChange);
      return statements.at(-1)!.startedAt;
    };
    const journalChange = async () => {
      if (open === undefined) {
        const begun = await journal.begin(newCharge('LIVE'), LOOK_BACK_MS, guard);
        if (begun.kind !== 'journalled') throw new Error(`the guard refused a charge on a card of its own: ${JSON.stringify(begun)}`);
        open = begun.charge.id;
      } else {
        const id = open;
        open = undefined;
        if (!(await journal.settle(id, { state: 'PAID', orderStatus: 2, at: Date.now() }))) throw new Error('settled nothing');
      }
    };
    const bareChange = async (): Promise<number> => {
      const sent = performance.now();
      await bareNotifier.query(`NOTIFY ${BARE_CHANNEL}, 'x'`);
      return sent;
    };

    // Desk B's listener connects on its own: changes are made until one is heard, then the warm-up.
    for (let tries = 0; ; tries++) {
      const hearing = app.next(200).then(
        () => true,
        () => false,
      );
      await appChange();
      if (await hearing) break;
      if (tries > 50) throw new Error('desk B never heard desk A');
    }
    const strayBefore = app.stray(); // a change heard after its wait was given up, while desk B connected
    for (let i = 0; i < WARMUP; i++) {
      await sample(app, appChange);
      await sample(bare, bareChange);
    }

    const appMs: Sample[] = [];
    const bareMs: Sample[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i % 2 === 0) {
        appMs.push(await sample(app, appChange));
        bareMs.push(await sample(bare, bareChange));
      } else {
        bareMs.push(await sample(bare, bareChange));
        appMs.push(await sample(app, appChange));
      }
    }
    const stray = app.stray() - strayBefore + bare.stray();
    if (open !== undefined) await journal.settle(open, { state: 'PAID', at: Date.now() });

    const [{ server_version: version }] = (
      await bareNotifier.query<{ server_version: string }>("SELECT split_part(current_setting('server_version'), ' ', 1) AS server_version")
    ).rows as [{ server_version: string }];
    console.log(
      `\nPostgreSQL ${version} on 127.0.0.1 (the test cluster), ${Number(values.history).toLocaleString('en')} charges of history, node ${process.version}`,
    );
    console.log(`${SAMPLES} samples a side after ${WARMUP} of warm-up, alternating one by one which side goes first\n`);
    const sides = [
      ["desk A's begin()/settle() → desk B's listenForChanges", appMs],
      ['bare pg: NOTIFY on one client → notification on another', bareMs],
    ] as const;
    const table = (title: string, of: (s: Sample) => number) => {
      console.log(`${title.padEnd(58)}     p50       p95       p99       max   heard first`);
      for (const [name, samples] of sides) {
        const xs = samples.map(of);
        console.log(
          `${name.padEnd(58)} ${ms(quantile(xs, 0.5))}  ${ms(quantile(xs, 0.95))}  ${ms(quantile(xs, 0.99))}  ${ms(Math.max(...xs))}   ${String(xs.filter((x) => x < 0).length).padStart(11)}`,
        );
      }
      const ratio = (q: number) => (quantile(appMs.map(of), q) / quantile(bareMs.map(of), q)).toFixed(2);
      console.log(`${'app/bare'.padEnd(58)} ${ratio(0.5).padStart(8)}  ${ratio(0.95).padStart(8)}  ${ratio(0.99).padStart(8)}\n`);
    };
    table('ms from the committing statement returning to heard', (s) => s.returned);
    table('ms from the committing statement sent to heard', (s) => s.sent);
    if (stray > 0) console.log(`notifications heard with no change waiting: ${stray}`);
    const p95 = quantile(
      appMs.map((s) => s.returned),
      0.95,
    );
    console.log(
      `Target: desk A's commit returning to desk B's callback, p95 under ${TARGET_P95_MS} ms on loopback: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'} (p95 ${p95.toFixed(3)} ms).`,
    );
    console.log(`"heard first": samples where the notification reached its listener before the writer's answer was read (negative).`);
  } finally {
    await listener.close();
    await Promise.all([bareListener.end(), bareNotifier.end(), deskA.pool.end(), deskB.pool.end()]);
  }
});
