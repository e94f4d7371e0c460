/**
 * Issue 25, item 5: the developer console redacts everything it serves with one redaction (names by
 * pattern, name/value pairs, card masking), not by a fixed list of names over the request parameters only.
 * Real requests to a sandbox on loopback; what the console reads is read as it reads it: GET
 * /sandbox/requests, GET /sandbox/orders, GET /sandbox/orders/:orderId and the GET /sandbox/events stream.
 */
import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED } from '../../main/sandbox/console/redaction.js';
import { cardNumbersIn } from '../domain/cardRuns.js';
import { AUTH, control, controlHeaders, postForm, registration, type Json } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

/** The card numbers sent, in the spellings people paste. */
const PAN = '4111111111111111';
const SPELLINGS = [
  PAN,
  '4111\u00a01111\u00a01111\u00a01111',
  '4111\u202f1111\u202f1111\u202f1111',
  '4111.1111.1111.1111',
  '4111_1111_1111_1111',
  '４１１１ １１１１ １１１１ １１１１',
  '4111\u200b1111\u200b1111\u200b1111',
  '4111 11111111 1111',
  '41 11 11 11 11 11 11 11',
];

/** What the console shows of a JSON text: no card number, no CVC sent. */
function expectNothingSecret(text: string, what: string): void {
  expect(cardNumbersIn(text), what).toEqual([]);
  expect(text, what).not.toContain('"987"');
  expect(text, what).not.toContain('"654"');
}

/** Reads the event stream until `until` holds of what arrived (or two seconds pass), then closes it. */
async function eventsWhile(act: () => Promise<void>, until: (text: string) => boolean): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(`${sb.url}/sandbox/events`, { headers: controlHeaders(sb), signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const reading = (async () => {
    const deadline = Date.now() + 2000;
    while (!until(text) && Date.now() < deadline) {
      const next = await Promise.race([reader.read(), new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
      if (next?.done) break;
      if (next?.value) text += next.value;
    }
  })();
  await act();
  await reading;
  controller.abort();
  return text;
}

describe('names by pattern', () => {
  it('hides cvc2, CVV2, card_number, securityCode and the like, not only the names of a fixed list', () => {
    for (const name of [
      'cvc2',
      'CVV2',
      '$CVC2',
      'cvn',
      'card_number',
      'cardNumber',
      'securityCode',
      'apiToken',
      'callbackSecret',
      'expiryMonth',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['cardholderName', 'maskedPan', 'expirationDate', 'orderNumber', 'description', 'bindingId', 'threeDSServerTransId'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('never shows a cvc2 sent, in the request log nor in its event', async () => {
    let listed: Json[] = [];
    const stream = await eventsWhile(
      async () => {
        await registration(sb, { cvc2: '987', CVV2: '654' });
        listed = (await control(sb, 'GET', '/requests?endpoint=register.do&limit=1')).requests as Json[];
      },
      (text) => text.includes('register.do'),
    );
    expect(listed[0]!.params).toMatchObject({ cvc2: REDACTED, CVV2: REDACTED });
    expect(stream).toContain('register.do');
    expectNothingSecret(JSON.stringify(listed), 'GET /sandbox/requests');
    expectNothingSecret(stream, 'events');
  });
});

describe('name/value pairs', () => {
  it('hides a cvc inside jsonParams where the request carried it and where merchantOrderParams echo it', async () => {
    const registered = await registration(sb, { jsonParams: { cvc: '987', card: SPELLINGS[1], shop: 'A' } });
    const orderId = registered.orderId as string;
    const stream = await eventsWhile(
      async () => {
        await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, orderId });
      },
      (text) => text.includes('getOrderStatusExtended.do'),
    );
    const [status, register] = (await control(sb, 'GET', `/requests?orderId=${orderId}`)).requests as Json[];
    expect(register!.params.jsonParams).toEqual(JSON.stringify({ cvc: REDACTED, card: '4111 11** **** 1111', shop: 'A' }));
    // The gateway echoes jsonParams as { name, value } pairs: the pair named cvc has its value hidden.
    const echoed = status!.answer.merchantOrderParams as Json[];
    expect(echoed).toEqual(
      expect.arrayContaining([
        { name: 'cvc', value: REDACTED },
        { name: 'card', value: '4111 11** **** 1111' },
        { name: 'shop', value: 'A' },
      ]),
    );
    expectNothingSecret(JSON.stringify([status, register]), 'GET /sandbox/requests');
    expect(stream).toContain('merchantOrderParams');
    expectNothingSecret(stream, 'events');
  });
});

describe('the orders the console lists and shows', () => {
  it('masks the card numbers of an order in GET /sandbox/orders, GET /sandbox/orders/:orderId and the order events', async () => {
    const orderNumber = `INV-${PAN}`;
    let orderId = '';
    const stream = await eventsWhile(
      async () => {
        const registered = await registration(sb, {
          orderNumber,
          description: `paid with ${SPELLINGS.join(', ')}; cvc 987`,
          jsonParams: { cvc: '987', cardNumber: PAN, note: SPELLINGS[5] },
        });
        orderId = registered.orderId as string;
      },
      (text) => text.includes('event: order'),
    );
    expect(orderId).not.toBe('');
    const { orders } = (await control(sb, 'GET', `/orders?orderId=${orderId}`)) as { orders: Json[] };
    expect(orders[0]).toMatchObject({ orderId, orderNumber: 'INV-411111******1111' });
    const { order } = await control(sb, 'GET', `/orders/${orderId}`);
    expect(order).toMatchObject({ orderId, orderNumber: 'INV-411111******1111', jsonParams: { cvc: REDACTED, cardNumber: REDACTED } });
    expect(order.description).toContain('paid with 411111******1111, 4111 11** **** 1111');
    expectNothingSecret(JSON.stringify(orders), 'GET /sandbox/orders');
    expectNothingSecret(JSON.stringify(order), 'GET /sandbox/orders/:orderId');
    expect(stream).toContain('event: order');
    expectNothingSecret(stream, 'events');
    // The sandbox keeps what the merchant sent, as a gateway does, and finds the order by it.
    const found = (await control(sb, 'GET', `/orders?orderNumber=${orderNumber}`)) as { orders: Json[] };
    expect(found.orders.map((o) => o.orderId)).toEqual([orderId]);
  });

  it('masks the card numbers an order action answers with', async () => {
    const registered = await registration(sb, { orderNumber: `ORD${PAN}`, description: SPELLINGS[6] });
    const res = await fetch(`${sb.url}/sandbox/orders/${registered.orderId as string}/actions`, {
      method: 'POST',
      headers: controlHeaders(sb),
      body: JSON.stringify({ action: 'decline' }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ order: { orderNumber: 'ORD411111******1111', description: '411111******1111' } });
    expectNothingSecret(text, 'POST /sandbox/orders/:orderId/actions');
  });
});
