/**
 * The IPC contract as main enforces it, over a real app core (SQLite files, embedded sandbox): random and
 * malformed payloads on every channel never make dispatch throw, are refused with typed errors that name
 * the fields and carry no stack, and change nothing.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, CONTRACT, type ChannelName, type Envelope, type IpcErrorCode } from '../../main/ipc/contract.js';
import { signInAtCore } from './people.js';
import { createDispatcher, type Dispatch } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import { AppCore } from '../../main/services/appCore.js';

const CODES: readonly IpcErrorCode[] = [
  'unknownChannel',
  'invalidInput',
  'forbidden',
  'notFound',
  'settings',
  'gateway',
  'keychainUnavailable',
  'storage',
  'internal',
];

let folder: string;
let core: AppCore;
let dispatch: Dispatch;
const logged: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ipc-test-'));
  core = await AppCore.open({ dataFolder: folder, osUser: 'tester' });
  const handlers = createHandlers({
    core,
    events: new EventHub(),
    app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder: folder },
  });
  dispatch = createDispatcher(handlers, (line) => logged.push(line));
  // No guard here (roles.test.ts has it): the handlers meet a person signed in, as the guard lets them.
  await signInAtCore(core);
});

afterAll(async () => {
  await core.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Everything observable that a call could have changed. */
const snapshot = () => ({
  general: core.settings.general(),
  connections: ['test', 'production', 'custom'].map((e) => core.settings.connection(e as 'test')),
  audit: core.audit.query().length,
  history: core.services.orders.history(1000).length,
  environment: core.services.environment,
});

function expectRefusal(envelope: Envelope<unknown>, code?: IpcErrorCode) {
  expect(envelope.ok).toBe(false);
  if (envelope.ok) return;
  expect(CODES).toContain(envelope.error.code);
  if (code) expect(envelope.error.code).toBe(code);
  expect(typeof envelope.error.message).toBe('string');
  // Plain data that survives structured clone and JSON, without a stack trace.
  expect(JSON.parse(JSON.stringify(envelope))).toEqual(envelope);
  expect(JSON.stringify(envelope)).not.toMatch(/\.ts:\d+|\bat [A-Za-z.]+ \(/);
}

/** Payloads no channel accepts: not an object, or an object with a key no schema has. */
const malformed = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything()),
  fc.dictionary(fc.string(), fc.anything()).map((d) => ({ ...d, ['not a field']: 1 })),
);

describe('the IPC dispatcher', () => {
  it('refuses malformed payloads on every channel with invalidInput, never throwing and changing nothing', async () => {
    const before = snapshot();
    for (const channel of CHANNELS) {
      await fc.assert(
        fc.asyncProperty(malformed, async (payload) => {
          const answer = await dispatch(channel, payload);
          expectRefusal(answer, 'invalidInput');
        }),
        { numRuns: 60 },
      );
    }
    expect(snapshot()).toEqual(before);
  });

  it('answers every random payload on every channel with an envelope, refusing with a typed error', async () => {
    const before = snapshot();
    // Reading channels may succeed with a random payload that happens to fit; what changes state (its
    // declaration says it writes) is excluded from this part so that nothing is changed even by a payload that fits.
    const writing = CHANNELS.filter((c) => CONTRACT[c].writes);
    for (const channel of CHANNELS) {
      await fc.assert(
        fc.asyncProperty(fc.anything(), async (payload) => {
          // An absent payload is an empty one, which fits a channel without input.
          const mayFit = payload === undefined || (payload !== null && typeof payload === 'object' && !Array.isArray(payload));
          if (writing.includes(channel) && mayFit) return;
          const answer = await dispatch(channel, payload);
          if (!answer.ok) expectRefusal(answer);
        }),
        { numRuns: 40 },
      );
    }
    expect(snapshot()).toEqual(before);
  });

  it('tells of every call, answered or refused, when it starts and when it ends', async () => {
    const told: string[] = [];
    const counted = createDispatcher(
      createHandlers({ core, events: new EventHub(), app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder: folder } }),
      () => {},
      undefined,
      {
        begin: () => {
          told.push('start');
          return () => told.push('end');
        },
      },
    );
    expect((await counted('app.info', {})).ok).toBe(true);
    expectRefusal(await counted('no.such.channel', {}), 'unknownChannel');
    expectRefusal(await counted('period.view', { query: 'not a query' }), 'invalidInput');
    expect(told).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  });

  it('refuses unknown channels by name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.constant({ toString: 1 }))
          .filter((c) => !CHANNELS.includes(c as ChannelName)),
        fc.anything(),
        async (channel, payload) => expectRefusal(await dispatch(channel, payload), 'unknownChannel'),
      ),
      { numRuns: 100 },
    );
  });

  it('names each wrong field and what is wrong with it', async () => {
    const refund = await dispatch('orders.refund', { environment: 'sandbox', orderId: 'not-a-uuid', amount: 12.5 });
    expectRefusal(refund, 'invalidInput');
    expect(!refund.ok && refund.error.fields?.map((f) => f.path).sort()).toEqual(['amount', 'orderId']);
    const secret = await dispatch('settings.setCredential', { environment: 'sandbox', kind: 'password', secret: 'x' });
    expect(!secret.ok && secret.error.fields?.[0]?.path).toBe('environment');
    const extra = await dispatch('orders.lookup', { query: 'demo-0001', orderId: 'x' });
    expect(!extra.ok && extra.error.message).toMatch(/orderId/);
    const empty = await dispatch('settings.updateGeneral', {});
    expect(!empty.ok && empty.error.message).toMatch(/at least one setting/);
    const key = await dispatch('keys.generate', { merchantLogin: ' ', days: 1096 });
    expect(!key.ok && key.error.fields?.map((f) => f.path).sort()).toEqual(['days', 'merchantLogin']);
    const pem = await dispatch('keys.import', { privateKeyPem: 'secret-looking text', certificatePem: '-----BEGIN CERTIFICATE-----' });
    expect(!pem.ok && pem.error.fields?.map((f) => f.path).sort()).toEqual(['certificatePem', 'privateKeyPem']);
    // What was sent as a key is never echoed back.
    expect(JSON.stringify(pem)).not.toContain('secret-looking text');
  });

  it('never answers a card number given to cards.find whole, found, not found or refused', async () => {
    const seeded = await fetch(`${core.sandbox.url}/sandbox/seed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${core.sandbox.controlToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bindings: [{ clientId: 'ipc-card-client', pan: '5555555555555599' }] }),
    });
    expect(seeded.ok).toBe(true);
    const found = await dispatch('cards.find', { cardNumber: '5555555555555599' });
    expect(found).toMatchObject({ ok: true, value: { searchedBy: 'cardNumber', query: '555555******5599' } });
    expect(found.ok && (found.value as { total: number }).total).toBeGreaterThan(0);
    expect(JSON.stringify(found)).not.toContain('5555555555555599');
    // A valid number with no cards, one failing Luhn, and one beside another field.
    const none = await dispatch('cards.find', { cardNumber: '4000000000000002' });
    expect(none).toMatchObject({ ok: true, value: { total: 0, query: '400000******0002' } });
    const luhn = await dispatch('cards.find', { cardNumber: '4111111111111112' });
    expectRefusal(luhn, 'invalidInput');
    expect(!luhn.ok && luhn.error.fields?.map((f) => f.path)).toEqual(['cardNumber']);
    const both = await dispatch('cards.find', { cardNumber: '4111111111111111', clientId: 'c' });
    expectRefusal(both, 'invalidInput');
    expect(!both.ok && both.error.message).toMatch(/exactly one of a client ID, a binding ID or a card number/);
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{12,19}$/), async (cardNumber) => {
        const answer = await dispatch('cards.find', { cardNumber });
        expect(JSON.stringify(answer)).not.toContain(cardNumber);
      }),
      { numRuns: 40 },
    );
    expect(JSON.stringify(core.audit.query())).not.toContain('5555555555555599');
    expect(logged.join('\n')).not.toContain('5555555555555599');
  });

  it('masks a card number that reaches an error message', async () => {
    const answer = await dispatch('orders.batch.start', { text: '4111111111111111111111111111111111111111' });
    expectRefusal(answer, 'invalidInput');
    expect(JSON.stringify(answer)).not.toContain('4111111111111111');
  });

  it('answers a valid call with its result, and a refusal of the services with their code', async () => {
    const info = await dispatch('app.info', undefined);
    expect(info).toMatchObject({ ok: true, value: { environment: 'sandbox', shell: 'browser', contractVersion: expect.any(Number) } });
    const badUrl = await dispatch('settings.setConnection', { environment: 'production', baseUrl: 'http://gateway.example' });
    expectRefusal(badUrl, 'settings');
    expect(!badUrl.ok && badUrl.error.message).toMatch(/HTTPS/);
    const unknownBatch = await dispatch('orders.batch.results', { batchId: 'b1zzzz' });
    expectRefusal(unknownBatch, 'notFound');
    expect(await dispatch('keys.list', {})).toMatchObject({
      ok: true,
      value: { environment: 'sandbox', keys: [], merchantLogin: 'sandbox' },
    });
    const unknownKey = await dispatch('keys.activate', { id: '00000000-0000-4000-8000-000000000000' });
    expectRefusal(unknownKey, 'notFound');
    // Nothing above was a bug, so nothing went to the log.
    expect(logged).toEqual([]);
  });
});
