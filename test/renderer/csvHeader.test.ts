/**
 * Translated CSV headers (renderer/src/format/csvHeader.ts): only the header row of a file main wrote is
 * rewritten, in the language shown; every row stays byte for byte; a column the catalogue does not know
 * keeps its name; a header row that is not one well-formed line is left alone.
 */
import { describe, expect, it } from 'vitest';
import { resultsCsv } from '../../main/services/orders.js';
import { reconciliationCsv } from '../../main/services/reconciliation.js';
import { exportCsv } from '../../main/services/csvExport.js';
import { withTranslatedHeader } from '../../renderer/src/format/csvHeader.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { resources } from '../../renderer/src/i18n/resources.js';

const namer = (language: 'en' | 'ru') => {
  const headers = resources[language].csv.headers as Readonly<Record<string, string>>;
  return (column: string) => headers[column];
};
const headerOf = (csv: string) => csv.slice(0, csv.indexOf('\n')).split(',');

describe('translated CSV headers', () => {
  const file = exportCsv(
    [
      { orderId: 'a1', orderNumber: '=HYPERLINK("x")', amount: 12345, mine: '+1' },
      { orderId: 'b2', orderNumber: 'line\nbreak', amount: -5, mine: '@x' },
    ],
    ['orderId', 'orderNumber', 'amount', 'mine'],
  );

  it('rewrites the names in Russian and keeps every row exactly as main wrote it', () => {
    const translated = withTranslatedHeader(file, namer('ru'));
    expect(headerOf(translated)).toEqual(['ID заказа', 'Номер заказа', 'Сумма', 'mine']);
    expect(translated.slice(translated.indexOf('\n'))).toBe(file.slice(file.indexOf('\n')));
  });

  it('writes people’s English names on an English screen', () => {
    expect(headerOf(withTranslatedHeader(file, namer('en')))).toEqual(['Order ID', 'Order number', 'Amount', 'mine']);
  });

  it('keeps a hostile column name of the operator’s own file formula-safe', () => {
    const own = exportCsv(
      [{ c0: '1', line: 2 }],
      [
        { key: 'c0', header: '=cmd|calc' },
        { key: 'line', header: 'line' },
      ],
    );
    expect(headerOf(withTranslatedHeader(own, namer('ru')))).toEqual(["'=cmd|calc", 'Строка']);
  });

  it('leaves a header row with a quoted line break as it is', () => {
    const own = exportCsv([{ c0: '1' }], [{ key: 'c0', header: 'two\nlines' }]);
    expect(withTranslatedHeader(own, namer('ru'))).toBe(own);
  });

  it('knows every column of the look-up results and the reconciliation report', () => {
    const empty = { period: { from: 0, to: 1 }, rows: [], totals: {} } as unknown as Parameters<typeof reconciliationCsv>[0];
    for (const csv of [resultsCsv([]), reconciliationCsv(empty)]) {
      const names = headerOf(csv);
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) expect(namer('ru')(name), name).toBeDefined();
    }
  });

  it('has a name for every column in both languages (the catalogue test checks the keys agree)', () => {
    expect(createI18n('ru').t('csv:headers.orderId')).toBe('ID заказа');
  });
});
