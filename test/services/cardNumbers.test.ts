/** What counts as a card number wherever the app masks one (look-up history, batch results, exports, messages). */
import { describe, expect, it } from 'vitest';
import { maskCardNumbers } from '../../main/services/cardNumbers.js';

describe('maskCardNumbers', () => {
  it('masks 13 to 19 digits that pass Luhn, whole or in printed groups, to the first six and last four', () => {
    expect(maskCardNumbers('card 4111111111111111 declined')).toBe('card 411111******1111 declined');
    expect(maskCardNumbers('4111 1111 1111 1111')).toBe('4111 11** **** 1111');
    expect(maskCardNumbers('4111-1111-1111-1111')).toBe('4111-11**-****-1111');
    expect(maskCardNumbers('3782 822463 10005')).toBe('3782 82**** *0005');
    expect(maskCardNumbers('4222222222222')).toBe('422222***2222');
  });

  it('leaves numbers that fail Luhn readable: long orderNumbers are not card numbers', () => {
    for (const text of ['2026112300000001', '4111111111111112', '123456789012', 'INV-2026-000000000017'])
      expect(maskCardNumbers(text)).toBe(text);
  });

  it('masks a longer run of digits that begins with a card number (the card pasted with its expiry and code)', () => {
    expect(maskCardNumbers('41111111111111111230123')).toBe('411111*************0123');
    expect(maskCardNumbers('card: 4111111111111111 12/30')).toBe('card: 411111******1111 12/30');
    expect(maskCardNumbers('4111111111111111/12')).toBe('411111******1111/12');
    expect(maskCardNumbers('orders 1-100')).toBe('orders 1-100');
  });

  it('masks only a card number standing alone: a run glued to letters or joined to a word is part of an identifier', () => {
    // 4111111111111111 passes Luhn; inside an identifier it is no card number written out.
    for (const text of [
      'seed-1627751397641903',
      'seed-4111111111111111',
      'ORD4111111111111111',
      'INV/4111111111111111',
      'a_4111111111111111',
      '4111111111111111x',
    ])
      expect(maskCardNumbers(text)).toBe(text);
    expect(maskCardNumbers('(4111111111111111), "4111111111111111".')).toBe('(411111******1111), "411111******1111".');
    expect(maskCardNumbers('card 4111111111111111.')).toBe('card 411111******1111.');
  });
});
