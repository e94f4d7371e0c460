/**
 * Money and dates in the locale of the language shown (renderer/src/format/locale.ts): Russian style in
 * Russian, the system's region when it speaks the language shown, digits and currency codes intact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../renderer/src/format/dates.js';
import { formattingLocaleFor, setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { formatAmount } from '../../renderer/src/format/money.js';

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
});
