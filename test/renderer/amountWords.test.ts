/**
 * The amount in words read back before a charge (renderer/src/format/amountWords.ts), in English and in
 * Russian, where the numeral agrees with what it counts.
 */
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../renderer/src/format/amountWords.js';

describe('an amount in words', () => {
  it('is spelt cheque style in English, the minor units as a fraction', () => {
    expect(amountInWords(12_345, 2, 'RUB')).toBe('one hundred twenty-three RUB and 45/100');
    expect(amountInWords(100_050, 2, 'RUB')).toBe('one thousand RUB and 50/100');
    expect(amountInWords(7, 0, 'JPY')).toBe('seven JPY');
    expect(amountInWords(1_234_567, 3, 'BHD')).toBe('one thousand two hundred thirty-four BHD and 567/1000');
  });

  it('is spelt in Russian with the numeral agreeing with thousands and millions', () => {
    const words = (major: number) => amountInWords(major * 100, 2, 'RUB', 'ru');
    expect([1, 2, 5, 11, 21, 22, 25].map(words)).toEqual([
      'один RUB 00/100',
      'два RUB 00/100',
      'пять RUB 00/100',
      'одиннадцать RUB 00/100',
      'двадцать один RUB 00/100',
      'двадцать два RUB 00/100',
      'двадцать пять RUB 00/100',
    ]);
    expect(words(2000)).toBe('две тысячи RUB 00/100');
    expect(words(5000)).toBe('пять тысяч RUB 00/100');
    expect(words(21_000)).toBe('двадцать одна тысяча RUB 00/100');
    expect(amountInWords(123_456_789, 2, 'RUB', 'ru')).toBe(
      'один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь RUB 89/100',
    );
  });
});
