/**
 * Money and dates in the locale of the language shown (renderer/src/format/locale.ts): Russian style in
 * Russian, the system's region when it speaks the language shown, digits and currency codes intact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatRecent, formatStackedDateTime, formatTime } from '../../renderer/src/format/dates.js';
import { formattingLocaleFor, setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { amountProblemText, formatAmount, parseMajor } from '../../renderer/src/format/money.js';
import { formatCount } from '../../renderer/src/format/numbers.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setFormattingLanguage('en', 'en-US'));

describe('formatting in the language shown', () => {
  it('takes the system region when it speaks the language shown, else the language’s usual one', () => {
    expect(formattingLocaleFor('en', 'en-GB')).toBe('en-GB');
    expect(formattingLocaleFor('en', 'ru-RU')).toBe('en-US');
    expect(formattingLocaleFor('ru', 'ru-UA')).toBe('ru-UA');
    expect(formattingLocaleFor('ru', 'en-US')).toBe('ru-RU');
    expect(formattingLocaleFor('ru', undefined)).toBe('ru-RU');
  });

  it('writes money English style in English and Russian style in Russian, from the same minor units', () => {
    setFormattingLanguage('en', 'en-US');
    expect(plain(formatAmount(123_456, 2, 'RUB'))).toBe('RUB 1,234.56');
    setFormattingLanguage('ru', 'en-US');
    expect(plain(formatAmount(123_456, 2, 'RUB'))).toBe('1 234,56 RUB');
    expect(plain(formatAmount(5, 0, 'JPY'))).toBe('5 JPY');
  });

  it('writes dates in the language shown', () => {
    const at = Date.UTC(2026, 10, 23, 12);
    setFormattingLanguage('en', 'en-US');
    expect(formatDateTime(at)).toMatch(/Nov/);
    setFormattingLanguage('ru', 'en-US');
    expect(formatDateTime(at)).toMatch(/нояб/);
  });

  it('writes counts, days and times of day in the language shown', () => {
    const at = Date.UTC(2026, 10, 23, 14, 5, 9);
    setFormattingLanguage('en', 'en-US');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatDay(at)).toBe('Nov 23, 2026');
    expect(plain(formatTime(at))).toMatch(/^\d{1,2}:05:09 [AP]M$/);
    setFormattingLanguage('ru', 'en-US');
    expect(plain(formatCount(1234567))).toBe('1 234 567');
    expect(formatDay(at)).toBe('23 нояб. 2026 г.');
    expect(formatTime(at)).toMatch(/^\d{2}:05:09$/);
  });

  it('says why typed text is not an amount in the language shown', () => {
    const en = createI18n('en');
    const ru = createI18n('ru');
    const problem = (text: string, exponent: number) => {
      const parsed = parseMajor(text, exponent);
      if (parsed.ok) throw new Error(`${text} was read as ${parsed.minor}`);
      return parsed.error;
    };
    expect(amountProblemText(en, problem('', 2))).toBe('Enter an amount');
    expect(amountProblemText(en, problem('1.234', 2))).toBe('At most 2 decimals for this currency');
    expect(amountProblemText(ru, problem('', 2))).toBe('Введите сумму');
    expect(amountProblemText(ru, problem('1.234', 2))).toBe('Не больше 2 знаков после запятой для этой валюты');
    expect(amountProblemText(ru, problem('1.2', 0))).toBe('У этой валюты нет дробной части');
    expect(amountProblemText(ru, problem('0', 2))).toBe('Сумма должна быть больше нуля');
  });

  it('writes a moment one way per language: the day and the time, in a sentence, a column or a sync mark', () => {
    const at = Date.UTC(2026, 10, 23, 14, 5, 9);
    for (const [language, whole] of [
      ['en', /^Nov 23, 2026, \d{1,2}:05:09 [AP]M$/],
      ['ru', /^23 нояб\. 2026 г\., \d{2}:05:09$/],
    ] as const) {
      setFormattingLanguage(language, undefined);
      expect(plain(formatDateTime(at))).toMatch(whole);
      expect(formatStackedDateTime(at)).toBe(`${formatDay(at)}\n${formatTime(at)}`);
      expect(formatRecent(at, at + 60_000)).toBe(formatTime(at));
      expect(formatRecent(at, at + 3 * 86_400_000)).toBe(formatDateTime(at));
    }
  });
});
