/**
 * The guard's transaction inside charges as desks make them: each desk a process of its own
 * (bench/guardInChargesDesk.ts: ChargeService over the team's PgChargeJournal, the audit in its own SQLite
 * file), the gateway the sandbox in its own process over HTTP, answering a payment after `gatewayMs` (a fault
 * rule of the sandbox's: a card network's authorisation takes that long, where the sandbox alone answers at
 * once). Two desks with 8 charges in flight each, every charge on cards of its caller's own, against one desk
 * charging one at a time; rounds alternate. Timed: each charge's begin() (the guard's whole transaction).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sandboxControl, startSandboxProcess } from './child.js';
import type { DeskAnswer, DeskOrder } from './guardInChargesDesk.js';
import { machineBusy } from './postgresBench.js';

export interface InChargesSide {
  readonly begins: number[];
  readonly perSecond: number[];
  readonly busy: number[];
}

const CARDS_PER_CALLER = 4;

export async function guardInCharges(options: {
  readonly teamUrl: string;
  readonly callersPerDesk: number;
  readonly rounds: number;
  readonly roundMs: number;
  readonly gatewayMs: number;
}): Promise<{ alone: InChargesSide; contended: InChargesSide }> {
  const { teamUrl, callersPerDesk, rounds, roundMs, gatewayMs } = options;
  const sandbox = await startSandboxProcess();
  const desks: ChildProcess[] = [];
  try {
    await sandboxControl(sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: gatewayMs, count: 0 }],
    });
    const seeded = (await sandboxControl(sandbox, 'POST', '/seed', {
      bindings: Array.from({ length: 2 * callersPerDesk * CARDS_PER_CALLER }, (_, i) => ({ clientId: `bench-client-${i}` })),
    })) as { bindings: { clientId: string; bindingId: string }[] };
    const cardsOf = (desk: number) =>
      Array.from({ length: callersPerDesk }, (_, caller) => {
        const from = (desk * callersPerDesk + caller) * CARDS_PER_CALLER;
        return seeded.bindings.slice(from, from + CARDS_PER_CALLER);
      });
    for (const name of ['DESK-1', 'DESK-2']) {
      const desk = fork('bench/guardInChargesDesk.ts', [teamUrl, sandbox.url, name], { execArgv: ['--import', 'tsx'] });
      desks.push(desk);
      const [said] = (await once(desk, 'message')) as [unknown];
      if (said !== 'ready') throw new Error(`desk ${name} did not start: ${JSON.stringify(said)}`);
    }
    const run = async (desk: number, callers: number): Promise<DeskAnswer> => {
      const order: DeskOrder = { callers, ms: roundMs, staggerMs: gatewayMs, cards: cardsOf(desk) };
      desks[desk]!.send(order);
      const [answer] = (await once(desks[desk]!, 'message')) as [DeskAnswer];
      return answer;
    };
    const side = (): InChargesSide => ({ begins: [], perSecond: [], busy: [] });
    const alone = side();
    const contended = side();
    const measure = async (s: InChargesSide, deskCount: number, callers: number) => {
      const busy = machineBusy();
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: deskCount }, (_, desk) => run(desk, callers)));
      const seconds = (performance.now() - started) / 1000;
      for (const a of answers) s.begins.push(...a.begins);
      s.perSecond.push(answers.reduce((sum, a) => sum + a.done, 0) / seconds);
      s.busy.push(busy());
    };
    await measure(side(), 2, callersPerDesk); // warm-up: connections, plans
    for (let round = 0; round < rounds; round++) {
      const order: [InChargesSide, number, number][] = [
        [alone, 1, 1],
        [contended, 2, callersPerDesk],
      ];
      for (const [s, deskCount, callers] of round % 2 === 0 ? order : order.reverse()) await measure(s, deskCount, callers);
    }
    return { alone, contended };
  } finally {
    for (const desk of desks) {
      desk.send('stop');
      await Promise.race([once(desk, 'exit'), new Promise((r) => setTimeout(r, 5_000))]);
      desk.kill();
    }
    sandbox.child.kill();
  }
}
