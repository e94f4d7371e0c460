/**
 * Money as people type it (main/domain/typedAmount.ts): what the app itself writes in either language
 * reads back as the same minor units, the other language's unambiguous forms read too, and what could be
 * misread, or is not an amount, is refused with the reason, said in English and Russian.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readTypedAmount, type AmountLanguage } from '../../main/domain/typedAmount.js';
import { english } from '../../main/phrases/english.js';
import { amountProblemPhrase } from '../../main/phrases/amountProblem.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { amountProblemText, formatAmount, parseMajor } from '../../renderer/src/format/money.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';

afterEach(() => setFormattingLanguage('en', 'en-US'));

/** The currencies of each exponent the app meets: no decimals, two, three. */
const CURRENCIES = [
  { alpha: 'JPY', exponent: 0 },
  { alpha: 'RUB', exponent: 2 },
  { alpha: 'USD', exponent: 2 },
  { alpha: 'BHD', exponent: 3 },
] as const;

const amounts = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  minor: fc.oneof(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
});

/** The app's own formatting of an amount in a language, its currency code taken off: what a person copies or retypes. */
function shown(minor: number, exponent: number, alpha: string, language: AmountLanguage, system = language === 'ru' ? 'ru-RU' : 'en-US') {
  setFormattingLanguage(language, system);
  return formatAmount(minor, exponent, alpha).replace(alpha, '').trim();
}

const read = (text: string, exponent: number, language: AmountLanguage | undefined) => {
  const r = readTypedAmount(text, exponent, language);
  return r.ok ? r.minor : r.problem.key;
};

describe('an amount as the app writes it reads back as the same minor units', () => {
  it('in English and in Russian, with the grouping and decimal signs of each (and of en-GB, ru-UA)', () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom('en-US', 'en-GB', 'ru-RU', 'ru-UA'), ({ currency, minor }, system) => {
        const language = system.startsWith('ru') ? 'ru' : 'en';
        const text = shown(minor, currency.exponent, currency.alpha, language, system);
        expect(read(text, currency.exponent, language)).toBe(minor);
        // The form fields read it the same way, in the language shown.
        setFormattingLanguage(language, system);
        expect(parseMajor(text, currency.exponent)).toEqual({ ok: true, minor });
      }),
      { numRuns: 400 },
    );
  });

  it("in the other language's forms too, wherever they cannot be mistaken", () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom<AmountLanguage>('en', 'ru'), ({ currency, minor }, language) => {
        const other = language === 'en' ? 'ru' : 'en';
        const text = shown(minor, currency.exponent, currency.alpha, other);
        const result = read(text, currency.exponent, language);
        // One sign followed by three digits, and no other sign, may be refused; never read as another amount.
        const couldBeThousands = /^[1-9][0-9]{0,2}[.,][0-9]{3}$/.test(text);
        if (couldBeThousands) expect([minor, 'ambiguous', 'decimals', 'noDecimals']).toContain(result);
        else expect(result).toBe(minor);
      }),
      { numRuns: 400 },
    );
  });

  it('with no grouping at all, a point or a comma before the decimals, in either language and in a file', () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom<AmountLanguage | undefined>('en', 'ru', undefined), ({ currency, minor }, language) => {
        const digits = String(minor).padStart(currency.exponent + 1, '0');
        const whole = currency.exponent === 0 ? digits : digits.slice(0, -currency.exponent);
        const fraction = currency.exponent === 0 ? '' : digits.slice(-currency.exponent);
        for (const sign of ['.', ',']) {
          const text = fraction === '' ? whole : `${whole}${sign}${fraction}`;
          // "1,250" and "1.250" are the ambiguous shape: covered above.
          if (/^[1-9][0-9]{0,2}[.,][0-9]{3}$/.test(text)) continue;
          expect(read(text, currency.exponent, language)).toBe(minor);
        }
      }),
    );
  });
});

describe('the forms people type', () => {
  it('reads the examples of both languages', () => {
    for (const language of ['en', 'ru', undefined] as const) {
      expect(read('1,250.00', 2, language)).toBe(125_000);
      expect(read('1 250,00', 2, language)).toBe(125_000);
      expect(read('1\u00a0250,00', 2, language)).toBe(125_000);
      expect(read('1\u202f250,00', 2, language)).toBe(125_000);
      expect(read('1 250.00', 2, language)).toBe(125_000);
      expect(read('1250', 2, language)).toBe(125_000);
      expect(read('1250.5', 2, language)).toBe(125_050);
      expect(read('1234,56', 2, language)).toBe(123_456);
      expect(read('1 000,50', 2, language)).toBe(100_050);
      expect(read('1,250,000', 2, language)).toBe(125_000_000);
      expect(read('  12.5 ', 2, language)).toBe(1_250);
    }
  });

  it('reads a lone sign before three digits as the language shown reads it, and refuses it where none is shown', () => {
    expect(read('1,250', 2, 'en')).toBe(125_000);
    expect(read('1.250', 3, 'en')).toBe(1_250);
    expect(read('1,250', 3, 'en')).toBe('ambiguous');
    expect(read('1,250', 3, 'ru')).toBe(1_250);
    expect(read('1,250', 2, 'ru')).toBe('decimals');
    expect(read('1.250', 2, 'ru')).toBe('ambiguous');
    expect(read('1,250', 2, undefined)).toBe('ambiguous');
    expect(read('1.250', 3, undefined)).toBe('ambiguous');
    // Thousands never begin with a zero.
    expect(read('0.999', 2, undefined)).toBe('decimals');
    expect(read('0,250', 3, 'en')).toBe(250);
  });

  it('refuses what is wrong, saying why', () => {
    const cases: [string, number, string][] = [
      ['', 2, 'empty'],
      ['   ', 2, 'empty'],
      ['1,25,0', 2, 'grouping'],
      ['1.250,00.5', 2, 'decimalSigns'],
      ['1,250.00,5', 2, 'decimalSigns'],
      ['12,5.0', 2, 'grouping'],
      ['1 25', 2, 'grouping'],
      ['1  250', 2, 'grouping'],
      ['1 250,000.00', 2, 'grouping'],
      ['1,,250', 2, 'grouping'],
      ['1,250,', 2, 'grouping'],
      ['12.3456', 2, 'decimals'],
      ['1 250,125', 2, 'decimals'],
      ['12.5', 0, 'noDecimals'],
      ['-5', 2, 'notNumber'],
      ['+5', 2, 'notNumber'],
      ['1e3', 2, 'notNumber'],
      ['.5', 2, 'notNumber'],
      ['RUB 5', 2, 'notNumber'],
      ['0', 2, 'zero'],
      ['0,00', 2, 'zero'],
      ['90071992547409.92', 2, 'tooLarge'],
      ['9007199254740993', 0, 'tooLarge'],
    ];
    for (const language of ['en', 'ru', undefined] as const)
      for (const [text, exponent, key] of cases) expect(read(text, exponent, language), `${text} in ${language}`).toBe(key);
  });

  it('says each refusal in English and in Russian, the same words main gives a batch file', () => {
    const en = createI18n('en');
    const ru = createI18n('ru');
    const problem = (text: string, exponent: number, language: AmountLanguage) => {
      const r = readTypedAmount(text, exponent, language);
      if (r.ok) throw new Error(`${text} was read as ${r.minor}`);
      return r.problem;
    };
    expect(amountProblemText(en, problem('1,25,0', 2, 'en'))).toBe(
      'The digits are grouped wrongly: thousands go in threes, as in 1,250,000 or 1 250 000',
    );
    expect(amountProblemText(ru, problem('1,25,0', 2, 'ru'))).toBe('Цифры разбиты неверно: тысячи отделяются по три, например 1 250 000');
    expect(amountProblemText(en, problem('1.250,00.5', 2, 'en'))).toBe('There is more than one decimal sign');
    expect(amountProblemText(ru, problem('1.250', 2, 'ru'))).toMatch(/^Это можно прочесть и как тысячи, и как дробь/);
    expect(amountProblemText(en, problem('1.234', 2, 'en'))).toBe('At most 2 decimals for this currency');
    expect(amountProblemText(ru, problem('1,234', 2, 'ru'))).toBe('Не больше 2 знаков после запятой для этой валюты');
    expect(english(amountProblemPhrase(problem('1.2345', 3, 'en')))).toBe('At most 3 decimals for this currency');
  });
});
