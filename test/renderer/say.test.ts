/**
 * Main's phrases in words (renderer/src/i18n/say.ts, main/phrases/english.ts): the same phrase reads in
 * the language shown, with its plural form, its amount in that language's style and its nested phrases
 * worded too; main's English for the log comes from the same catalogue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { phrase } from '../../main/phrases/phrase.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setFormattingLanguage('en', 'en-US'));

describe('a phrase from main', () => {
  const serverFault = [phrase('gateway.serverFault', { status: 503 }), phrase('gateway.effect.nothing'), phrase('gateway.tryLater')];

  it('reads in English on the English screen exactly as main logs it', () => {
    const text = say(createI18n('en'), serverFault);
    expect(text).toBe(
      'The gateway is not answering (HTTP 503). Nothing was changed. Try again in a minute; if it persists, check the environment in Settings.',
    );
    expect(english(serverFault)).toBe(text);
  });

  it('reads in Russian on the Russian screen, with no English left', () => {
    const text = say(createI18n('ru'), serverFault);
    expect(text).toBe(
      'Шлюз не отвечает (HTTP 503). Ничего не изменено. Повторите через минуту; если не поможет, проверьте окружение в Настройках.',
    );
    expect(text.replace(/HTTP/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it('picks the Russian plural form for the count, and the English one', () => {
    const ru = createI18n('ru');
    const en = createI18n('en');
    const retry = (count: number) => phrase('gateway.retryIn', { count });
    expect([1, 3, 5, 21].map((n) => say(ru, retry(n)))).toEqual([
      'Повторите через 1 секунду.',
      'Повторите через 3 секунды.',
      'Повторите через 5 секунд.',
      'Повторите через 21 секунду.',
    ]);
    expect([1, 3].map((n) => say(en, retry(n)))).toEqual(['Try again in 1 second.', 'Try again in 3 seconds.']);
    expect(english(retry(1))).toBe('Try again in 1 second.');
  });

  it('words an amount from minor units in the style of the language shown, and main logs it with its code', () => {
    const amount = phrase('app.quoted', { text: { minor: 123_456, currency: '643' } });
    setFormattingLanguage('ru', 'ru-RU');
    expect(plain(say(createI18n('ru'), amount))).toBe('1 234,56 RUB');
    setFormattingLanguage('en', 'en-US');
    expect(plain(say(createI18n('en'), amount))).toBe('RUB 1,234.56');
    expect(english(amount)).toBe('RUB 1234.56');
  });

  it('words a nested phrase (the gateway refused: no reason given) in the same language', () => {
    const refused = phrase('gateway.refused', { said: phrase('gateway.noReasonGiven'), errorCode: '5' });
    expect(say(createI18n('ru'), refused)).toBe('Шлюз отклонил запрос: причина не указана (код ошибки 5).');
    expect(english(refused)).toBe('The gateway refused the request: no reason given (error code 5).');
  });

  it('groups the digits of a quantity as the language does, and leaves an HTTP status as it is', () => {
    setFormattingLanguage('ru', 'ru-RU');
    const tooMany = phrase('sync.tooManyToExport', { found: 250_000, max: 200_000 });
    expect(plain(say(createI18n('ru'), tooMany))).toMatch(/250 000.*200 000/);
    expect(say(createI18n('ru'), phrase('gateway.serverFault', { status: 503 }))).toContain('HTTP 503');
    setFormattingLanguage('en', 'en-US');
    expect(say(createI18n('en'), tooMany)).toBe('250,000 orders match; narrow the filters to 200,000 or fewer to export them');
    expect(english(tooMany)).toBe('250000 orders match; narrow the filters to 200000 or fewer to export them');
  });

  it('quotes the gateway’s own words as they came, in the language the request named', () => {
    const refused = phrase('gateway.refused', { said: 'Заказ не найден', errorCode: '6' });
    expect(say(createI18n('ru'), refused)).toBe('Шлюз отклонил запрос: Заказ не найден (код ошибки 6).');
  });
});
