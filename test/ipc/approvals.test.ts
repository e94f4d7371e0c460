/**
 * Four-eyes approvals over IPC, over a real core (SQLite files, the embedded sandbox over HTTP): a refund or a
 * charge above its threshold waits for a second person; its requester cannot approve it, even with a call the
 * screen never makes; a second person's approval sends it once; a pending request holds its order; an expired,
 * withdrawn or declined request cannot be approved; every step is in the audit, by person.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChannelName, Input, PersonView } from '../../main/ipc/contract.js';
import { phrase } from '../../main/phrases/phrase.js';
import { english } from '../../main/phrases/english.js';
import { control, paidOrder, status, uniqueNumber } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';
import { PASSWORD } from './people.js';

const ipc = ipcOfFile('approvals-ipc-', 'desk-user', { clearFaults: true });
const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);

/** Two finance people: one asks, the other approves. */
const ANNA = { login: 'anna', displayName: 'Anna Asks' };
const BORIS = { login: 'boris', displayName: 'Boris Approves' };

async function signIn(who: { login: string }): Promise<PersonView> {
  const view = await call('session.signIn', { login: who.login, password: PASSWORD });
  if (view.state !== 'active') throw new Error(view.state);
  return view.person;
}

async function withThresholds(): Promise<void> {
  await ipc.as('administrator');
  const people = await call('people.list', {});
  for (const p of [ANNA, BORIS])
    if (!people.some((x) => x.login === p.login)) await call('people.add', { ...p, role: 'finance', password: PASSWORD });
  await call('settings.setApprovalThreshold', { environment: 'sandbox', currency: '643', action: 'refund', threshold: 3_000 });
  await call('settings.setApprovalThreshold', { environment: 'sandbox', currency: '643', action: 'charge', threshold: 5_000 });
}

/** Sets a request's expiry in the past, as a day later would find it (the desk's file, beside the open core). */
function expire(id: number): void {
  const db = new Database(join(ipc.folder, 'app.sqlite'));
  try {
    db.prepare('UPDATE approval_requests SET expires_at = ? WHERE id = ?').run(Date.now() - 1, id);
  } finally {
    db.close();
  }
}

describe('four-eyes approvals over IPC', () => {
  it('a refund over the threshold waits for a second person, who sends it once; its requester cannot approve it', async () => {
    await withThresholds();
    expect((await call('settings.chargeLimits', { environment: 'sandbox' })).currencies.find((c) => c.numeric === '643')).toMatchObject({
      approvalThresholds: { refund: 3_000, charge: 5_000 },
    });
    const orderId = await paidOrder(ipc.core.sandbox);
    await signIn(ANNA);
    // At or under the threshold it is sent at once.
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 3_000 })).outcome).toBe('done');
    const asked = await call('orders.refund', { environment: 'sandbox', orderId, amount: 4_000, reason: 'damaged goods' });
    expect(asked).toMatchObject({
      outcome: 'awaitingApproval',
      // Counted with the 30.00 given back before: splitting a refund into parts does not pass the threshold.
      reason: phrase('approval.neededTogether', {
        threshold: { minor: 3_000, currency: '643' },
        before: { minor: 3_000, currency: '643' },
      }),
      request: {
        action: 'refund',
        orderId,
        orderNumber: expect.any(String),
        amount: 4_000,
        currency: '643',
        reason: 'damaged goods',
        state: 'pending',
        mine: true,
        desk: expect.any(String),
      },
    });
    const id = asked.request!.id;
    expect((await status(ipc.core.sandbox, { orderId })).paymentAmountInfo.refundedAmount).toBe(3_000);
    expect(ipc.events).toContainEqual({ type: 'approvals.changed' });

    // The requester's own approval is refused in main, though no screen offers it.
    expect(await call('approvals.approve', { id })).toMatchObject({
      action: 'refund',
      result: { outcome: 'notSent', reason: phrase('approval.own') },
    });
    expect((await ipc.refusal('approvals.decline', { id })).said).toEqual([phrase('approval.own')]);
    // While it is pending, nothing else is asked or sent on the order, by anyone.
    for (const amount of [100, 5_000])
      expect(await call('orders.refund', { environment: 'sandbox', orderId, amount })).toMatchObject({
        outcome: 'notSent',
        reason: { code: 'approval.awaiting' },
      });
    expect(await call('orders.reverse', { environment: 'sandbox', orderId })).toMatchObject({ outcome: 'notSent' });

    await signIn(BORIS);
    const live = await call('approvals.list', { live: true });
    expect(live.find((r) => r.id === id)).toMatchObject({ mine: false, requestedBy: { login: ANNA.login, name: ANNA.displayName } });
    expect(await call('orders.refund', { environment: 'sandbox', orderId, amount: 100 })).toMatchObject({ outcome: 'notSent' });
    const approved = await call('approvals.approve', { id });
    expect(approved).toMatchObject({ action: 'refund', result: { outcome: 'done', amount: 4_000, order: { refundedAmount: 7_000 } } });
    const after = await status(ipc.core.sandbox, { orderId });
    expect(after.refunds).toHaveLength(2);
    expect(after.paymentAmountInfo.refundedAmount).toBe(7_000);
    // Once: approving again, or withdrawing it now, changes nothing.
    expect(await call('approvals.approve', { id })).toMatchObject({
      result: { outcome: 'notSent', reason: phrase('approval.is.approved', { by: BORIS.displayName }) },
    });
    expect((await status(ipc.core.sandbox, { orderId })).refunds).toHaveLength(2);
    expect((await call('approvals.list', { live: false })).find((r) => r.id === id)).toMatchObject({
      state: 'approved',
      decidedBy: { login: BORIS.login },
      journalId: expect.any(Number),
    });

    await ipc.as('administrator');
    const steps = (await call('audit.query', { action: 'approval', objectId: String(id) })).entries;
    expect(steps.map((e) => [e.person, e.outcome, e.said.code])).toEqual([
      [BORIS.login, 'refused', 'audit.approval.notApproved'],
      [BORIS.login, 'success', 'audit.approval.approved'],
      [ANNA.login, 'refused', 'audit.approval.notEnded'],
      [ANNA.login, 'refused', 'audit.approval.notApproved'],
      [ANNA.login, 'success', 'audit.approval.asked'],
    ]);
    expect(english(steps[1]!.said)).toBe(`Request ${id} approved: refund of RUB 40.00 on ${orderId}, asked by ${ANNA.login}`);
  });

  it('a manual charge over the threshold is charged once a second person approves it', async () => {
    await withThresholds();
    const clientId = uniqueNumber('appr');
    const { bindings } = (await control(ipc.core.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON' }] })) as {
      bindings: { bindingId: string }[];
    };
    const bindingId = bindings[0]!.bindingId;
    const paidBefore = await paidCount(clientId);
    await signIn(ANNA);
    const asked = await call('charges.create', {
      environment: 'sandbox',
      clientId,
      bindingId,
      category: 'COMMON',
      amount: 6_000,
      currency: '643',
      reason: 'monthly fee, agreed by phone',
    });
    expect(asked).toMatchObject({ outcome: 'awaitingApproval', request: { action: 'charge', bindingId, clientId, amount: 6_000 } });
    if (asked.outcome !== 'awaitingApproval') throw new Error(asked.outcome);
    expect(await paidCount(clientId)).toBe(paidBefore);
    // The card is held: no other charge on it meanwhile.
    expect(
      await call('charges.create', { environment: 'sandbox', clientId, bindingId, category: 'COMMON', amount: 100, currency: '643' }),
    ).toMatchObject({ outcome: 'refused', reason: { code: 'approval.awaiting' } });
    await signIn(BORIS);
    expect(await call('approvals.approve', { id: asked.request.id })).toMatchObject({
      action: 'charge',
      result: { outcome: 'paid', charge: { amount: 6_000, orderNumber: asked.request.orderNumber } },
    });
    expect(await paidCount(clientId)).toBe(paidBefore + 1);
  });

  it('an expired request cannot be approved; a withdrawn or declined one neither; a new one may then be asked', async () => {
    await withThresholds();
    const orderId = await paidOrder(ipc.core.sandbox);
    await signIn(ANNA);
    const first = await call('orders.refund', { environment: 'sandbox', orderId, amount: 3_500 });
    expect(first.outcome).toBe('awaitingApproval');
    expire(first.request!.id);
    await signIn(BORIS);
    expect(await call('approvals.approve', { id: first.request!.id })).toMatchObject({
      result: { outcome: 'notSent', reason: phrase('approval.is.expired') },
    });
    expect((await call('approvals.list', { live: true })).map((r) => r.id)).not.toContain(first.request!.id);
    expect((await call('approvals.list', { live: false })).find((r) => r.id === first.request!.id)?.state).toBe('expired');

    const second = await call('orders.refund', { environment: 'sandbox', orderId, amount: 3_500 });
    expect(second).toMatchObject({ outcome: 'awaitingApproval', request: { mine: true } });
    expect((await ipc.refusal('approvals.withdraw', { id: first.request!.id })).said).toEqual([phrase('approval.is.expired')]);
    await signIn(ANNA);
    expect((await ipc.refusal('approvals.withdraw', { id: second.request!.id })).said).toEqual([phrase('approval.notYours')]);
    expect(await call('approvals.decline', { id: second.request!.id })).toMatchObject({
      state: 'declined',
      decidedBy: { login: ANNA.login },
    });
    await signIn(BORIS);
    expect(await call('approvals.approve', { id: second.request!.id })).toMatchObject({
      result: { outcome: 'notSent', reason: phrase('approval.is.declined', { by: ANNA.displayName }) },
    });
    expect((await status(ipc.core.sandbox, { orderId })).refunds ?? []).toHaveLength(0);
  });

  it('a reversal of a charge gives money back too: over the threshold it waits, and goes back as a reversal once approved', async () => {
    await withThresholds();
    const orderId = await paidOrder(ipc.core.sandbox);
    await signIn(ANNA);
    const asked = await call('orders.reverse', { environment: 'sandbox', orderId, reason: 'ordered twice' });
    expect(asked).toMatchObject({ outcome: 'awaitingApproval', request: { action: 'refund', orderId, amount: 10_000 } });
    expect((await status(ipc.core.sandbox, { orderId })).orderStatus).toBe(2);
    await signIn(BORIS);
    expect(await call('approvals.approve', { id: asked.request!.id })).toMatchObject({
      action: 'refund',
      result: { operation: 'reverse', outcome: 'done' },
    });
    expect((await status(ipc.core.sandbox, { orderId })).orderStatus).toBe(3);
  });

  it('a batch file’s row over the charge threshold is refused, asking nobody: no charge passes by being put in a file', async () => {
    await withThresholds();
    const clientId = uniqueNumber('appr-batch');
    const { bindings } = (await control(ipc.core.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON' }] })) as {
      bindings: { bindingId: string }[];
    };
    const before = await paidCount(clientId);
    const row = {
      origin: 'batch',
      batchId: 'abcdefabcdef',
      clientId,
      bindingId: bindings[0]!.bindingId,
      category: 'COMMON',
      amount: 6_000,
      currency: '643',
    } as const;
    expect(await ipc.core.services.charges.charge(row)).toEqual({
      kind: 'refused',
      reason: phrase('approval.needed', { threshold: { minor: 5_000, currency: '643' } }),
    });
    expect((await ipc.core.services.charges.charge({ ...row, amount: 5_000, reference: uniqueNumber('ROW') })).kind).toBe('paid');
    expect(await paidCount(clientId)).toBe(before + 1);
  });

  it("a batch file's charges together over the batch threshold wait for a second person; approved, they run once", async () => {
    await withThresholds();
    await call('settings.setApprovalThreshold', { environment: 'sandbox', currency: '643', action: 'batch', threshold: 10_000 });
    const clientId = uniqueNumber('appr-batch-total');
    const { bindings } = (await control(ipc.core.sandbox, 'POST', '/seed', {
      bindings: ['4444555511113333', '4111111111111111', '5555555555555599'].map((pan) => ({ clientId, category: 'COMMON', pan })),
    })) as { bindings: { bindingId: string }[] };
    // Three rows of 40.00, each under the charge threshold of 50.00; 120.00 together, over the batch's 100.00.
    const file = ['clientId,bindingId,amount,currency', ...bindings.map((b) => `${clientId},${b.bindingId},40.00,RUB`)].join('\n');
    const before = await paidCount(clientId);
    await signIn(ANNA);
    const { batchId } = await call('charges.batch.plan', { text: file });
    const asked = await call('charges.batch.run', { batchId, environment: 'sandbox', reason: 'monthly fees' });
    expect(asked).toMatchObject({
      state: 'planned',
      awaiting: {
        why: phrase('approval.batchNeeded', { threshold: { minor: 10_000, currency: '643' } }),
        request: { action: 'batch', batchId, charges: 3, totals: { '643': 12_000 }, amount: 12_000, reason: 'monthly fees', mine: true },
      },
    });
    const id = asked.awaiting!.request.id;
    expect(ipc.events).toContainEqual({ type: 'approvals.changed' });
    expect(await paidCount(clientId)).toBe(before);
    // Run again while it waits: refused, nothing charged; its requester cannot approve it.
    expect((await ipc.refusal('charges.batch.run', { batchId, environment: 'sandbox' })).said).toMatchObject([
      { code: 'approval.awaiting' },
    ]);
    expect(await call('approvals.approve', { id })).toEqual({ action: 'none', reason: phrase('approval.own') });
    // A batch's rows are counted together wherever they are charged from: a crafted batch's third row is refused.
    const other = `${clientId}-other`;
    const { bindings: cards } = (await control(ipc.core.sandbox, 'POST', '/seed', {
      bindings: ['4444555511113333', '4111111111111111', '5555555555555599'].map((pan) => ({ clientId: other, category: 'COMMON', pan })),
    })) as { bindings: { bindingId: string }[] };
    const crafted = {
      origin: 'batch',
      batchId: 'c0ffeec0ffee',
      clientId: other,
      category: 'COMMON',
      amount: 4_000,
      currency: '643',
    } as const;
    const outcomes = [];
    for (const [i, b] of cards.entries())
      outcomes.push(
        await ipc.core.services.charges.charge({ ...crafted, bindingId: b.bindingId, reference: uniqueNumber(`CRAFTED-${i}`) }),
      );
    expect(outcomes.map((o) => (o.kind === 'refused' ? o.reason.code : o.kind))).toEqual(['paid', 'paid', 'approval.batchRowNeeded']);

    await signIn(BORIS);
    expect((await call('approvals.list', { live: true })).find((r) => r.id === id)).toMatchObject({ action: 'batch', mine: false });
    expect(await call('approvals.approve', { id })).toMatchObject({ action: 'batch', request: { id, state: 'approved' } });
    expect(await call('approvals.approve', { id })).toEqual({
      action: 'none',
      reason: phrase('approval.is.approved', { by: BORIS.displayName }),
    });

    // Approved, the batch runs, from its requester's desk, once.
    await signIn(ANNA);
    let status = await call('charges.batch.run', { batchId, environment: 'sandbox' });
    while (status.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await call('charges.batch.status', { batchId });
    }
    expect(status.awaiting).toBeUndefined();
    expect(status.rows.map((r) => r.result)).toEqual(['paid', 'paid', 'paid']);
    expect(await paidCount(clientId)).toBe(before + 3);
    expect((await ipc.refusal('charges.batch.run', { batchId, environment: 'sandbox' })).said).toMatchObject([
      { code: 'charge.batch.alreadyRun' },
    ]);

    await ipc.as('administrator');
    const steps = (await call('audit.query', { action: 'approval', objectId: String(id) })).entries;
    expect(steps.map((e) => [e.person, e.outcome, e.said.code])).toEqual([
      [BORIS.login, 'refused', 'audit.approval.notApproved'],
      [BORIS.login, 'success', 'audit.approval.approved'],
      [ANNA.login, 'refused', 'audit.approval.notApproved'],
      [ANNA.login, 'success', 'audit.approval.asked'],
    ]);
  });

  it('a batch stops before its next row when the person who started it is disabled', async () => {
    await withThresholds();
    const clientId = uniqueNumber('batch-owner');
    const { bindings } = (await control(ipc.core.sandbox, 'POST', '/seed', {
      bindings: ['4444555511113333', '4111111111111111', '5555555555555599'].map((pan) => ({ clientId, category: 'COMMON', pan })),
    })) as { bindings: { bindingId: string }[] };
    const file = ['clientId,bindingId,amount,currency', ...bindings.map((b) => `${clientId},${b.bindingId},1.00,RUB`)].join('\n');
    const anna = await signIn(ANNA);
    const { batchId } = await call('charges.batch.plan', { text: file });
    await control(ipc.core.sandbox, 'POST', '/faults', {
      // Longer than signing the administrator in takes on a loaded machine: the first row is still on its way.
      rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: 2500, count: 0 }],
    });
    try {
      let status = await call('charges.batch.run', { batchId, environment: 'sandbox' });
      expect(status.state).toBe('running');
      await ipc.as('administrator');
      await call('people.change', { id: anna.id, active: false });
      while (status.state === 'running' || status.state === 'paused') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = await call('charges.batch.status', { batchId });
      }
      expect(status.state).toBe('cancelled');
      // The row on its way when she was disabled is answered; none after it is sent.
      expect(status.rows.map((r) => r.result)).toEqual(['paid', 'cancelled', 'cancelled']);
    } finally {
      await control(ipc.core.sandbox, 'DELETE', '/faults');
      await call('people.change', { id: anna.id, active: true });
    }
  });

  it('support sees no requests and approves none; a request id that does not exist is said so', async () => {
    await withThresholds();
    // A charge's threshold in a currency the environment does not accept is refused, said why, and audited; a
    // refund's may be in any ISO 4217 currency (an order paid through the payment page in another can be refunded).
    const refused = await ipc.refusal('settings.setApprovalThreshold', {
      environment: 'sandbox',
      currency: '999',
      action: 'charge',
      threshold: 100,
    });
    await call('settings.setApprovalThreshold', { environment: 'sandbox', currency: '392', action: 'refund', threshold: 100 });
    await call('settings.setApprovalThreshold', { environment: 'sandbox', currency: '392', action: 'refund', threshold: null });
    expect(refused).toMatchObject({ code: 'settings', said: [{ code: 'approval.notAccepted' }] });
    expect((await call('audit.query', { action: 'approvalThreshold.change', outcome: 'refused' })).entries).toHaveLength(1);
    await ipc.as('support');
    expect(
      (await ipc.refusal('settings.setApprovalThreshold', { environment: 'sandbox', currency: '643', action: 'refund', threshold: 1 }))
        .code,
    ).toBe('forbidden');
    for (const channel of ['approvals.list', 'approvals.approve'] as const)
      expect((await ipc.refusal(channel, channel === 'approvals.list' ? { live: true } : { id: 1 })).code).toBe('forbidden');
    await signIn(BORIS);
    expect(await call('approvals.approve', { id: 999_999 })).toEqual({ action: 'none', reason: phrase('approval.notFound') });
    expect((await ipc.refusal('approvals.approve', { id: -1 })).code).toBe('invalidInput');
  });
});

async function paidCount(clientId: string): Promise<number> {
  const { orders } = (await control(ipc.core.sandbox, 'GET', `/orders?clientId=${clientId}`)) as { orders: { status: number }[] };
  return orders.filter((o) => o.status === 1 || o.status === 2).length;
}
