/** What support pastes or drops for a batch look-up, read the way they mean it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { BatchInputError, parseBatchInput } from '../../main/services/batchInput.js';

describe('reading a batch look-up file', () => {
  it('takes one number per line, trimming spaces and skipping blank lines, with Windows line endings and a BOM', () => {
    expect(parseBatchInput('\ufeffA-1\r\n  A-2  \r\n\r\n0f8fad5b-d9cb-469f-a165-70867728950e\r\n')).toEqual({
      queries: ['A-1', 'A-2', '0f8fad5b-d9cb-469f-a165-70867728950e'],
      duplicates: 0,
      skipped: [],
    });
  });

  it('uses the column a header names (orderNumber, orderId, ...), with comma, semicolon or tab', () => {
    expect(parseBatchInput('note,orderNumber\nfirst,N-1\nsecond,N-2\n').queries).toEqual(['N-1', 'N-2']);
    expect(parseBatchInput('Order ID;amount\nX-1;10\n').queries).toEqual(['X-1']);
    expect(parseBatchInput('amount\torder_number\n10\tT-1\n').queries).toEqual(['T-1']);
    // Without a header naming one, the first column.
    expect(parseBatchInput('N-1,100\nN-2,200\n').queries).toEqual(['N-1', 'N-2']);
    expect(parseBatchInput('"N,1";x\n').queries).toEqual(['N,1']);
  });

  it("takes a spreadsheet header row in English or Russian as a header, not as an order, and keeps the file's order", () => {
    for (const header of ['Order No', 'Order No.', 'ORDER NUMBER', 'order_no', 'Order #', 'Номер заказа', '№ заказа', 'ID заказа', 'Заказ'])
      expect(parseBatchInput(`${header}\nN-3\nN-1\nN-2\n`).queries, header).toEqual(['N-3', 'N-1', 'N-2']);
    expect(parseBatchInput('Дата;Номер заказа;Сумма\n01.02.2026;N-2;1 250,00\n02.02.2026;N-1;5,00\n').queries).toEqual(['N-2', 'N-1']);
    expect(parseBatchInput('Client\tOrder No\nc\tT-1\n').queries).toEqual(['T-1']);
  });

  it('looks each number up once and says how many repeats there were', () => {
    expect(parseBatchInput('A\nB\nA\nA\n')).toMatchObject({ queries: ['A', 'B'], duplicates: 2 });
  });

  it('skips what cannot be an orderId or orderNumber, by line, with card-like digits masked', () => {
    const r = parseBatchInput(`orderNumber\nok-1\n${'x'.repeat(37)}\n4111111111111111111111111111111111111111\nok-2\n`);
    expect(r.queries).toEqual(['ok-1', 'ok-2']);
    expect(r.skipped.map((s) => [s.line, english(s.reason)])).toEqual([
      [3, 'longer than 36 characters'],
      [4, 'longer than 36 characters'],
    ]);
    expect(r.skipped[0]?.reason).toEqual({ code: 'batch.skipped.tooLong' });
    expect(JSON.stringify(r)).not.toContain('4111111111111111');
  });

  it('refuses a file with no numbers in it, saying so', () => {
    expect(() => parseBatchInput('\n\n')).toThrow(BatchInputError);
    expect(() => parseBatchInput('orderNumber\n')).toThrow(/None of the 0 rows/);
    expect(() => parseBatchInput(`${'y'.repeat(40)}\n`)).toThrow(/None of the 1 rows/);
    // The screen gets the refusal as a phrase with its count, worded in the language shown.
    try {
      parseBatchInput(`${'y'.repeat(40)}\n${'z'.repeat(40)}\n`);
    } catch (err) {
      expect((err as BatchInputError).said).toEqual([{ code: 'batch.noneValid', params: { count: 2 } }]);
    }
  });

  it('never throws anything but BatchInputError, and every number it returns fits the gateway (1 to 36 characters)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        try {
          const r = parseBatchInput(text);
          expect(r.queries.every((q) => q.length >= 1 && q.length <= 36)).toBe(true);
          expect(new Set(r.queries).size).toBe(r.queries.length);
        } catch (err) {
          expect(err).toBeInstanceOf(BatchInputError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
