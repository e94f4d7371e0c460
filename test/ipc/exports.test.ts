/**
 * What leaves the app as a file or a results table, over IPC against a real core (SQLite files, the
 * embedded sandbox over HTTP):
 * - no export writes a cell a spreadsheet would run: values that begin with =, +, -, @ (an operator's name,
 *   a client ID, an orderNumber pasted for a look-up) come out as text, in all four exports, and so does
 *   one of these after a `;`, a tab or a line break inside a cell, which Excel in a `;`-separator locale
 *   (Russian) reads as the start of a cell of its own: checked as a spreadsheet reads the file split at
 *   `,`, at `;` and at tabs, over generated cells;
 * - no export keeps a bidirectional formatting character (an orderNumber that would read reversed);
 * - a card number pasted into a batch look-up, even one that is a real order's orderNumber, is masked in
 *   the results, in the export and in the ipc.events, as the single look-up's history masks it.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResults, ChannelName, ChargeBatchStatus, Input } from '../../main/ipc/contract.js';
import type { Dispatch } from '../../main/ipc/dispatcher.js';
import type { AppCore } from '../../main/services/appCore.js';
import { exportCsv } from '../../main/services/csvExport.js';
import { CARDS, control, payCard, register } from '../sandbox/client.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

/** The operator's OS user name: it is in every audit row and every journalled charge. */
const OPERATOR = '@ops';
/** Client IDs as a merchant's own system may write them; each begins with a formula character. */
const CLIENTS = ['=HYPERLINK("http://evil.example","help")', '+SUM(1;2)', '-2+3', '@A1'];

let ipc: IpcHarness;
let core: AppCore;
let dispatch: Dispatch;
beforeAll(async () => {
  ipc = await openIpcHarness('exports-ipc-', OPERATOR);
  ({ core, dispatch } = ipc);
});
afterAll(() => ipc.close());

const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The file's cells, row by row; the file must be well-formed CSV with a header. */
const cells = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

/**
 * The cells of a file as a spreadsheet reads it with `separator` as its list separator (Excel takes the
 * locale's: `;` in Russian, whatever the file was written with): a field that begins with a quote is read to
 * its closing quote (a doubled quote is one), a quote anywhere else is an ordinary character, and a line
 * break outside a quoted field ends the row.
 */
function readAs(file: string, separator: ',' | ';' | '\t'): string[] {
  const read: string[] = [];
  let i = 0;
  while (i < file.length) {
    let cell = '';
    if (file[i] === '"') {
      for (i++; i < file.length; i++) {
        if (file[i] !== '"') cell += file[i];
        else if (file[i + 1] === '"') cell += file[i++];
        else {
          i++;
          break;
        }
      }
    }
    while (i < file.length && file[i] !== separator && file[i] !== '\n' && file[i] !== '\r') cell += file[i++];
    read.push(cell);
    i++;
  }
  return read;
}

/** A cell a spreadsheet takes for a formula: =, +, -, @ (or their full-width forms) after any white space or quotes; not a plain number. */
const isFormula = (cell: string) => /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

/** Every cell a spreadsheet would take for a formula, read split at `,`, at `;` or at tabs: none may be left. */
function formulas(csv: string): string[] {
  return (['\t', ',', ';'] as const).flatMap((separator) =>
    readAs(csv, separator)
      .filter(isFormula)
      .map((c) => `${separator}: ${c}`),
  );
}

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_ALL = new RegExp(BIDI.source, 'g');

describe('exports never write a formula', () => {
  it('escapes cells beginning with = + - @ tab or carriage return, and keeps numbers as numbers', () => {
    const hostile: [string, string][] = [
      ['=1+2', "'=1+2"],
      ['+1', "'+1"],
      ['-1+1', "'-1+1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t'=1"],
      ['\r=1', "'\r'=1"],
      ['  =1', "  '=1"],
      ['\uFF1D1', "'\uFF1D1"],
      ['plain', 'plain'],
      ['4-2', '4-2'],
    ];
    const file = exportCsv(
      hostile.map(([text], i) => ({ text, n: -i })),
      ['text', 'n'],
    );
    expect(cells(file)).toEqual(hostile.map(([, text], i) => ({ text, n: String(-i) })));
    expect(formulas(file)).toEqual([]);
  });

  it('escapes = + - @ after a `;`, a tab or a line break inside a cell, which a `;`-separator locale splits at', () => {
    const cell = "x;=cmd|'/C calc'!A0;y";
    const file = exportCsv([{ n: 1, text: cell }], ['n', 'text']);
    expect(cells(file)).toEqual([{ n: '1', text: "x;'=cmd|'/C calc'!A0;y" }]);
    // As Excel in a Russian locale reads it: the middle part is a cell of its own, and text.
    expect(readAs(file, ';')).toEqual(['n,text', '1,x', "'=cmd|'/C calc'!A0", 'y']);
    const inside: [string, string][] = [
      ['a;+1', "a;'+1"],
      ['a; -1', "a; '-1"],
      ['a;"@x', 'a;"\'@x'],
      ['a\t=1', "a\t'=1"],
      ['a\r\n=1', "a\r\n'=1"],
      ['a\n\uFF0B1', "a\n'\uFF0B1"],
      ['a;;=1;b', "a;;'=1;b"],
      ['a,=1', 'a,=1'],
      ['a;b-c', 'a;b-c'],
    ];
    const more = exportCsv(
      inside.map(([text]) => ({ text })),
      ['text'],
    );
    expect(cells(more).map((r) => r.text)).toEqual(inside.map(([, text]) => text));
    expect(formulas(more)).toEqual([]);
  });

  it('a negative number in the first column is text (it would begin a `;`-reading cell), anywhere else a number', () => {
    const file = exportCsv([{ a: -5, b: -5, c: '=1' }], ['a', 'b', 'c']);
    expect(cells(file)).toEqual([{ a: "'-5", b: '-5', c: "'=1" }]);
    expect(formulas(file)).toEqual([]);
  });

  it('over generated cells: no formula in any reading, no bidi control, and the text otherwise as it was', () => {
    const unit = fc.constantFrom(...'ab1 ;,\t\r\n"\'=+-@\uFF1D\uFF0B\uFF0D\uFF20\u00A0\u202E\u202C\u2066\u2069\u200F'.split(''));
    const text = fc.string({ unit, maxLength: 12 });
    const row = fc.record({ first: fc.oneof(text, fc.integer({ min: -1_000, max: 1_000 })), amount: fc.integer(), note: text });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), text, (rows, header) => {
        const file = exportCsv(rows, ['first', 'amount', { key: 'note', header }]);
        expect(formulas(file)).toEqual([]);
        expect(file).not.toMatch(BIDI);
        // Read as CSV, each cell is what was given, bidi controls out and apostrophes in before formula characters only.
        const plain = (v: string | number) => String(v).replace(BIDI_ALL, '').replaceAll("'", '');
        const read = parse(file, { relax_quotes: true }) as string[][];
        expect(read.map((r) => r.map(plain))).toEqual([
          ['first', 'amount', plain(header)],
          ...rows.map((r) => [plain(r.first), String(r.amount), plain(r.note)]),
        ]);
      }),
      { numRuns: 1_000 },
    );
  });

  it('in the batch look-up results, the audit log, the charge journal and the batch charge results', async () => {
    // Cards on file under hostile client IDs, each charged once by hand.
    const seeded = await control(core.sandbox, 'POST', '/seed', {
      bindings: CLIENTS.map((clientId) => ({ clientId, category: 'RECURRENT', expiry: '203012' })),
    });
    const bindingIds = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId);
    for (const [i, clientId] of CLIENTS.entries()) {
      const r = await call('charges.create', {
        environment: 'sandbox',
        clientId,
        bindingId: bindingIds[i]!,
        category: 'RECURRENT',
        amount: 1_000 + i,
        currency: '643',
        reference: `-${i}.5`,
      });
      expect(r.outcome).toBe('paid');
    }
    // An audited failure whose object is what the operator typed.
    expect(await dispatch('cards.disable', { bindingId: '=1+2' })).toMatchObject({ ok: false });
    // A formula after a `;`, and an identifier that reads "hostile-54-live" where its bidi controls are kept.
    expect(await dispatch('cards.disable', { bindingId: "x;=cmd|'/C calc'!A0;y" })).toMatchObject({ ok: false });
    expect(await dispatch('cards.disable', { bindingId: 'hostile-54-\u202Eevil\u202C' })).toMatchObject({ ok: false });

    const journal = (await call('charges.export', {})).content;
    expect(
      cells(journal)
        .map((r) => [r.clientId, r.orderNumber, r.operator])
        .sort(),
    ).toEqual(CLIENTS.map((c, i) => [`'${c}`, `'-${i}.5`, `'${OPERATOR}`]).sort());
    expect(formulas(journal)).toEqual([]);

    const audit = (await call('audit.export', {})).content;
    const auditRows = cells(audit);
    expect(auditRows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(auditRows.map((r) => r.osUser))).toEqual(new Set([`'${OPERATOR}`]));
    expect(auditRows.map((r) => r.objectId)).toContain(`'=1+2`);
    expect(auditRows.map((r) => r.objectId)).toContain("x;'=cmd|'/C calc'!A0;y");
    expect(auditRows.map((r) => r.objectId)).toContain('hostile-54-evil');
    expect(formulas(audit)).toEqual([]);

    // The same cards in a batch file (other amounts: the same card and amount within a day is refused).
    const text = [
      'clientId,bindingId,amount,currency,description',
      ...CLIENTS.map((c, i) => `"${c.replace(/"/g, '""')}",${bindingIds[i]},20.0${i},RUB,`),
    ].join('\n');
    const plan = await call('charges.batch.plan', { text });
    expect(plan.invalid).toEqual([]);
    await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    await until(
      () => call('charges.batch.status', { batchId: plan.batchId }),
      (s: ChargeBatchStatus) => s.state === 'done',
    );
    const batch = (await call('charges.batch.export', { batchId: plan.batchId })).content;
    expect(
      cells(batch)
        .map((r) => [r.clientId, r.result])
        .sort(),
    ).toEqual(CLIENTS.map((c) => [`'${c}`, 'paid']).sort());
    expect(formulas(batch)).toEqual([]);

    const lookups = await call('orders.batch.start', { text: ['=1+2', '+1', '-2+3', '@A1'].join('\n') });
    await until(
      () => call('orders.batch.results', { batchId: lookups.batchId }),
      (r: BatchResults) => r.state === 'done',
    );
    const found = (await call('orders.batch.export', { batchId: lookups.batchId })).content;
    expect(cells(found).map((r) => [r.query, r.result])).toEqual([
      [`'=1+2`, 'notFound'],
      [`'+1`, 'notFound'],
      [`'-2+3`, 'notFound'],
      [`'@A1`, 'notFound'],
    ]);
    expect(formulas(found)).toEqual([]);
    for (const file of [journal, audit, batch, found]) expect(file).not.toMatch(BIDI);
  });
});

describe('card numbers pasted into a batch look-up', () => {
  it('are masked in the results, the export and the ipc.events, found or not, while other numbers stay readable', async () => {
    // A merchant that used a card number as an orderNumber: the look-up finds a real order by it.
    const cardAsNumber = CARDS.frictionless;
    const orderId = await register(core.sandbox, { orderNumber: cardAsNumber, amount: 5_000 });
    await payCard(core.sandbox, orderId, CARDS.noThreeDS);
    const longNumber = '2026112300000001'; // 16 digits that fail Luhn's check: an orderNumber, not a card
    const text = [cardAsNumber, '5555 5555 5555 4444', longNumber].join('\n');
    const seen = ipc.events.length;
    const started = await call('orders.batch.start', { text });
    expect(started.total).toBe(3);
    const results = await until(
      () => call('orders.batch.results', { batchId: started.batchId }),
      (r: BatchResults) => r.state === 'done',
    );
    // Rows come in the order they were found; line says which query each answers.
    expect(results.rows.toSorted((a, b) => a.line - b.line)).toEqual([
      expect.objectContaining({ query: '411111******1111', result: 'found', orderId, orderNumber: '411111******1111' }),
      expect.objectContaining({ query: '5555 55** **** 4444', result: 'notFound' }),
      expect.objectContaining({ query: longNumber, result: 'notFound' }),
    ]);
    const exported = (await call('orders.batch.export', { batchId: started.batchId })).content;
    expect(cells(exported).map((r) => [r.query, r.orderNumber])).toEqual([
      ['411111******1111', '411111******1111'],
      ['5555 55** **** 4444', ''],
      [longNumber, ''],
    ]);
    const everything = JSON.stringify([started, results, exported, ipc.events.slice(seen)]);
    for (const whole of [cardAsNumber, '5555 5555 5555 4444', '5555555555554444']) expect(everything).not.toContain(whole);
  });
});
