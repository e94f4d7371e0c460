/**
 * The amount in words read back before a charge (renderer/src/format/amountWords.ts), in English and in
 * Russian: the currency named in words in the form its number takes, the numeral agreeing with what it
 * counts, the minor units in digits with their own name, as on a cheque.
 */
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../renderer/src/format/amountWords.js';

describe('an amount in words', () => {
  it('names the currency and its minor units in English', () => {
    expect(amountInWords(125_000, 2, 'RUB')).toBe('one thousand two hundred fifty roubles and 00 kopecks');
    expect(amountInWords(12_345, 2, 'RUB')).toBe('one hundred twenty-three roubles and 45 kopecks');
    expect(amountInWords(101, 2, 'USD')).toBe('one dollar and 01 cent');
    expect(amountInWords(100_050, 2, 'EUR')).toBe('one thousand euros and 50 cents');
    expect(amountInWords(7, 0, 'JPY')).toBe('seven yen');
    expect(amountInWords(1_234_567, 3, 'BHD')).toBe('one thousand two hundred thirty-four dinars and 567 fils');
    // A currency the catalogue has no words for keeps its code and a fraction.
    expect(amountInWords(1_234_567, 3, 'KWD')).toBe('one thousand two hundred thirty-four KWD and 567/1000');
  });

  it('names them in Russian in the form each number takes, the numeral agreeing with the unit', () => {
    expect(amountInWords(125_000, 2, 'RUB', 'ru')).toBe('одна тысяча двести пятьдесят рублей 00 копеек');
    const words = (major: number) => amountInWords(major * 100, 2, 'RUB', 'ru');
    expect([1, 2, 5, 11, 21, 22, 25].map(words)).toEqual([
      'один рубль 00 копеек',
      'два рубля 00 копеек',
      'пять рублей 00 копеек',
      'одиннадцать рублей 00 копеек',
      'двадцать один рубль 00 копеек',
      'двадцать два рубля 00 копеек',
      'двадцать пять рублей 00 копеек',
    ]);
    expect(words(2000)).toBe('две тысячи рублей 00 копеек');
    expect(words(21_000)).toBe('двадцать одна тысяча рублей 00 копеек');
    expect(amountInWords(123_456_789, 2, 'RUB', 'ru')).toBe(
      'один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек',
    );
    expect(amountInWords(201, 2, 'RUB', 'ru')).toBe('два рубля 01 копейка');
    expect(amountInWords(522, 2, 'USD', 'ru')).toBe('пять долларов 22 цента');
    expect(amountInWords(2, 0, 'JPY', 'ru')).toBe('две иены');
    expect(amountInWords(2100, 2, 'TRY', 'ru')).toBe('двадцать одна лира 00 курушей');
    expect(amountInWords(1_234_567, 3, 'KWD', 'ru')).toBe('одна тысяча двести тридцать четыре KWD 567/1000');
  });
});
