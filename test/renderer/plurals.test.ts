/**
 * Counts are said in real plural forms in both languages, never "line(s)": every catalogue (the screens'
 * and main's phrases) picks the form by i18next's plural keys.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { resources } from '../../renderer/src/i18n/resources.js';
import { phrase } from '../../main/phrases/phrase.js';
import { say } from '../../renderer/src/i18n/say.js';

type Tree = { readonly [key: string]: string | Tree };
const texts = (tree: Tree, at = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${at}${k}`, v] as [string, string]] : texts(v, `${at}${k}.`)));

describe('plurals', () => {
  it('no message of either language writes a plural with "(s)" or the like', () => {
    for (const language of ['en', 'ru'] as const) {
      const found = texts(resources[language] as unknown as Tree).filter(([, text]) => /\p{L}\((s|es|ы|и|а|ов)\)/u.test(text));
      expect(found, language).toEqual([]);
    }
  });

  it('says one line and several lines, one charge and several charges, in English and Russian', () => {
    const en = createI18n('en');
    const ru = createI18n('ru');
    expect([1, 2, 5].map((count) => en.t('orders:batch.skipped', { count }))).toEqual([
      '1 line skipped',
      '2 lines skipped',
      '5 lines skipped',
    ]);
    expect([1, 3].map((count) => en.t('orders:batch.duplicates', { count }))).toEqual([
      '1 duplicate looked up once',
      '3 duplicates looked up once',
    ]);
    expect(en.t('charges:open.stillUnknown', { count: 1 })).toMatch(/^1 charge still unknown/);
    expect(en.t('charges:open.stillUnknown', { count: 2 })).toMatch(/^2 charges still unknown/);
    expect([1, 2, 5].map((count) => ru.t('orders:batch.skipped', { count }))).toEqual([
      'Пропущена 1 строка',
      'Пропущены 2 строки',
      'Пропущено 5 строк',
    ]);
    expect(say(en, phrase('input.unknownFields', { keys: 'a', count: 1 }))).toBe('Unknown field: a.');
    expect(say(en, phrase('input.unknownFields', { keys: 'a, b', count: 2 }))).toBe('2 unknown fields: a, b.');
  });
});
