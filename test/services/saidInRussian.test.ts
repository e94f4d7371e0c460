/**
 * What settings, signing keys and the role profile say reaches a Russian screen in Russian: a real core (SQLite
 * files, the embedded sandbox over HTTP) behind the dispatcher, its answers and refusals worded by the
 * renderer's say() through createI18n('ru'), with no English left beyond names (X-Hash, SHA-256, API, URL).
 * The English of the same phrases is what the screens showed before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcError, Said } from '../../main/ipc/contract.js';
import { english } from '../../main/phrases/english.js';
import { Vault } from '../../main/vault/vault.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { openIpcHarness, type IpcHarness } from '../ipc/harness.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';

const ru = createI18n('ru');
const enI18n = createI18n('en');
/** Names that stay as they are in a Russian sentence. */
const NAMES = /X-Hash|X-Signature|SHA-256|API|URL|HTTPS?|PEM|X\.509|RSA|openssl|UUID|\b[A-Z]{3}\b/g;
const noEnglish = (text: string) => expect(text.replace(NAMES, ''), text).not.toMatch(/[A-Za-z]{2,}/);

const harnesses: IpcHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function open() {
  const ipc = await openIpcHarness('said-ru-', 'clerk', { vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked') });
  harnesses.push(ipc);
  return ipc;
}

async function refusal(ipc: IpcHarness, channel: Parameters<IpcHarness['dispatch']>[0], payload: unknown): Promise<IpcError> {
  const answer = await ipc.dispatch(channel, payload);
  if (answer.ok) throw new Error(`${String(channel)} was not refused`);
  return answer.error;
}

describe('settings, keys and the role profile in Russian', () => {
  it("say a refused change of production's maximum in Russian, the amounts in Russian style", async () => {
    const ipc = await open();
    await ipc.call('settings.setCurrencies', { environment: 'production', currencies: ['643'] });
    await ipc.call('settings.setChargeMaximum', {
      environment: 'production',
      currency: '643',
      maximum: 123_456,
      confirmation: { environment: 'production', previous: null },
    });
    const stale = await refusal(ipc, 'settings.setChargeMaximum', {
      environment: 'production',
      currency: '643',
      maximum: 500_000,
      confirmation: { environment: 'production', previous: null },
    });
    expect(stale.code).toBe('settings');
    expect(stale.said).toEqual([
      {
        code: 'limit.confirmedStale',
        params: { currency: 'RUB (643)', maximum: { minor: 123_456, currency: '643' }, confirmed: { code: 'limit.none' } },
      },
    ]);
    expect(stale.message).toMatch(/^Production's maximum in RUB \(643\) is RUB 1234\.56, not none as confirmed; nothing was changed\./);
    setFormattingLanguage('ru', 'ru-RU');
    try {
      const text = say(ru, stale.said);
      expect(text).toMatch(/^Максимум в боевом окружении для RUB \(643\) сейчас: 1\s234,56\sRUB, а подтверждено было: не задан;/);
      noEnglish(text);
    } finally {
      setFormattingLanguage('en', 'en-US');
    }
  });

  it('say the connection check, a refused switch and its reason in Russian, and the same in English as before', async () => {
    const ipc = await open();
    const check = await ipc.call('settings.checkConnection', {});
    expect(check.ok).toBe(true);
    expect(say(ru, check.message)).toMatch(/^Подключено: шлюз (ответил|принял учётные данные)$/);
    expect(say(enI18n, check.message)).toMatch(/^Connected: the gateway (answered|accepted the credentials)$/);

    await ipc.call('settings.setConnection', { environment: 'production', baseUrl: 'https://gateway.example', userName: 'shop-api' });
    const refused = await refusal(ipc, 'settings.updateGeneral', { environment: 'production' });
    expect(refused.code).toBe('settings');
    expect(refused.said.map((p) => p.code)).toEqual(['settings.noPassword']);
    expect(say(ru, refused.said)).toBe('Для окружения «боевое» не заданы пользователь и пароль API');
    expect(say(enI18n, refused.said)).toBe('The API user and password for production are not both set');
    expect(refused.message).toBe(english(refused.said));

    const view = await ipc.call('settings.get', {});
    noEnglish(say(ru, view.switchRefused!.reason));
  });

  it('say zod refusals of the contract with their bounds, in Russian plural forms', async () => {
    const ipc = await open();
    const short = await refusal(ipc, 'people.add', { login: 'ann', displayName: 'Ann', role: 'support', password: 'short' });
    expect(short.code).toBe('invalidInput');
    expect(short.said).toEqual([{ code: 'operators.passwordShort', params: { count: 12 } }]);
    expect(say(ru, short.said)).toBe('Пароль — не меньше 12 символов');
    const empty = await refusal(ipc, 'session.signIn', { login: 'ann', password: '' });
    expect(empty.fields?.[0]).toMatchObject({ path: 'password', said: { code: 'operators.input.password' } });
    expect(say(ru, empty.fields![0]!.said)).toBe('введите пароль');

    const long = await refusal(ipc, 'keys.generate', { merchantLogin: 'shop', days: 5000 });
    // Worded as the Russian screen words it: the bound grouped in the Russian locale.
    setFormattingLanguage('ru', 'ru-RU');
    try {
      expect(say(ru, long.fields![0]!.said)).toMatch(/^не больше 1\s095 дней \(три года\)$/);
    } finally {
      setFormattingLanguage('en', 'en-US');
    }
    expect(long.fields![0]!.message).toBe('at most 1095 days (three years)');

    // zod's own kinds of issue have phrases too: no zod English reaches the screen.
    const typed = await refusal(ipc, 'keys.activate', { id: 5 });
    expect(typed.fields?.[0]?.said).toEqual({ code: 'input.expected', params: { type: { code: 'input.type.string' } } });
    expect(say(ru, typed.said)).toBe('Запрос отклонён: id: Нужно указать текст.');
    const extra = await refusal(ipc, 'keys.list', { surplus: true });
    expect(say(ru, extra.said)).toBe('Запрос отклонён: (payload): Неизвестное поле: surplus.');
  });

  it('say a signing key test and a refusal of the key service in Russian', async () => {
    const ipc = await open();
    const key = await ipc.call('keys.generate', { merchantLogin: 'shop', days: 30 });
    const signed = await ipc.call('keys.testSign', { id: key.id, body: 'amount=1000&currency=643' });
    expect(signed.verified).toBe(true);
    expect(say(ru, signed.detail)).toBe('Проверено: X-Hash — это SHA-256 тела, а X-Signature проверяется открытым ключом сертификата.');
    expect(english(signed.detail)).toBe(
      "Verified: X-Hash is the body's SHA-256 and X-Signature verifies with the certificate's public key.",
    );

    await ipc.call('keys.activate', { id: key.id });
    const retire = await refusal(ipc, 'keys.retire', { id: key.id });
    expect(retire.said.map((p) => p.code)).toEqual(['keys.activeCannotRetire']);
    noEnglish(say(ru, retire.said));
    const missing = await refusal(ipc, 'keys.retire', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.code).toBe('notFound');
    expect(say(ru, missing.said as Said)).toBe('В этом окружении нет такого ключа подписи');
  });
});
