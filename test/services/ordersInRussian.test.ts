/**
 * What main says about orders reaches a Russian screen in Russian: real outcomes from the sandbox over
 * HTTP (a refund the gateway refuses, a reversal refused on the live status, a failed look-up, the order's
 * status, header and timeline) worded by the renderer's i18n (createI18n('ru') + say), with no English
 * left and the amount written in Russian style.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { formatAmount } from '../../renderer/src/format/money.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';

const root = mkdtempSync(join(tmpdir(), 'orders-ru-'));
let core: AppCore;
const ru = createI18n('ru');

beforeAll(async () => {
  // A Russian system: the app speaks Russian and asks the gateway for Russian.
  core = await AppCore.open({ dataFolder: mkdtempSync(join(root, 'data-')), osUser: 'finance', systemLocale: 'ru-RU' });
  setFormattingLanguage('ru', 'ru-RU');
});
afterAll(async () => {
  setFormattingLanguage('en', undefined);
  await core.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => control(core.sandbox, 'DELETE', '/faults'));

/** Latin words left in a Russian text, but for the currency code and the protocol's own names. */
const englishIn = (text: string) => (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['RUB', 'HTTP', 'Secure'].includes(w));

describe('an order in Russian', () => {
  it("says a refused refund, with the gateway's words and the amount in Russian", async () => {
    const orderId = await paidOrder(core.sandbox);
    const r = await core.services.operations.refund(orderId, 1_234_567);
    expect(r.kind).toBe('refused');
    if (r.kind !== 'refused') return;
    const reason = r.operation.reason!;
    expect(reason.code).toBe('gateway.refused');
    // The screen's toast: the amount formatted there, the reason worded there.
    const toast = ru.t('orders:actions.refusedAmount.refund', { amount: formatAmount(1_234_567, 2, 'RUB'), reason: say(ru, reason) });
    expect(toast).toMatch(/^Возврат 12\s345,67\sRUB не проведён\. Шлюз отклонил запрос: Неверная сумма.* \(код ошибки \d+\)\.$/u);
    // The gateway's own words are quoted as it sent them (the sandbox still words the detail of a wrong
    // amount in English after its Russian "Неверная сумма"); everything the app says around them is Russian.
    const gatewaySaid = reason.code === 'gateway.refused' ? String(reason.params.said) : '';
    expect(gatewaySaid).toMatch(/^Неверная сумма/);
    expect(englishIn(toast.replace(gatewaySaid, ''))).toEqual([]);

    // A second refund on a reversed order is refused before anything is sent, on the live status.
    await core.services.operations.reverse(orderId);
    const refused = await core.services.operations.refund(orderId, 100);
    expect(refused.kind).toBe('notSent');
    if (refused.kind !== 'notSent') return;
    const words = say(ru, refused.reason);
    expect(words).toBe(
      'Вернуть можно только списанный заказ с невозвращённым остатком: заказ сейчас в состоянии «Отменён» (статус 3); ничего не отправлено',
    );

    // The order as the screen shows it: its header and every timeline entry in Russian.
    const found = await core.services.orders.lookup(orderId);
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(say(ru, found.order.headline)).toBe('Отменён');
    const timeline = found.order.timeline.map((e) => [say(ru, e.what), e.detail ? say(ru, e.detail) : ''].join(' '));
    expect(timeline).toContain('Отмена ');
    // The refused refund is there too, with the gateway's words as it sent them.
    expect(timeline.join(' ')).toContain(gatewaySaid);
    expect(englishIn(timeline.join(' ').replace(gatewaySaid, ''))).toEqual([]);
  });

  it('says why a look-up failed, and what to do', async () => {
    await control(core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0 }],
    });
    const r = await core.services.orders.lookup(uniqueNumber('ru-503'));
    expect(r.kind).toBe('failed');
    if (r.kind !== 'failed') return;
    expect(say(ru, r.reason)).toBe(
      'Шлюз не отвечает (HTTP 503). Ничего не изменено. Повторите через минуту; если не поможет, проверьте окружение в Настройках.',
    );
  });
});
