/**
 * The name on a card as the app keeps it and looks for it: what a gateway sends (any text, however
 * hostile) and what a person types are read one way, and no card number survives in it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardholderName, MAX_CARDHOLDER } from '../../main/domain/cardholderName.js';
import { holdsCardNumber } from '../../main/domain/cardNumbers.js';

describe('cardholderName', () => {
  it('reads a name as the gateway writes it: capitals, one plain space between words', () => {
    expect(cardholderName('Ivan  Petrov')).toBe('IVAN PETROV');
    expect(cardholderName('\u00a0ivan\u2009petrov\t')).toBe('IVAN PETROV');
    expect(cardholderName('ＩＶＡＮ')).toBe('IVAN');
    expect(cardholderName('iv\u200ban')).toBe('IVAN');
  });

  it('is no name without a letter, or with nothing', () => {
    expect(cardholderName(undefined)).toBeUndefined();
    expect(cardholderName('   ')).toBeUndefined();
    expect(cardholderName('1234')).toBeUndefined();
  });

  it('masks a card number a gateway or a person put in it, in any spelling', () => {
    expect(cardholderName('IVAN 4111 1111 1111 1111')).toBe('IVAN 4111 11** **** 1111');
    expect(cardholderName('IVAN ４１１１１１１１１１１１１１１１')).toBe('IVAN 411111******1111');
  });

  it('keeps at most MAX_CARDHOLDER characters, and never a card number, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const name = cardholderName(text);
        if (name === undefined) return;
        expect(name.length).toBeLessThanOrEqual(MAX_CARDHOLDER);
        expect(holdsCardNumber(name)).toBe(false);
        expect(cardholderName(name)).toBe(name);
      }),
    );
  });
});
