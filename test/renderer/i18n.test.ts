/**
 * The renderer's catalogues (renderer/src/i18n): both languages have the same keys (a plural in each
 * language's own forms), every message is
 * well formed and names only the values its English form names, plural forms follow Russian grammar for
 * the counts that tell its forms apart, and a locale picks its catalogue; no sentence shown keeps a
 * bidirectional formatting character of a value put into it (the catalogues hold none of their own).
 */
import { describe, expect, it } from 'vitest';
import { createI18n, languageOf } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { PLURAL_FORMS } from '../../main/phrases/catalogue.js';
import { LANGUAGES, resources, SHOWN_LANGUAGES } from '../../renderer/src/i18n/resources.js';

type Tree = { readonly [key: string]: string | Tree };

/** Every message of a catalogue by its dotted key. */
function messages(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of messages(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** English's keys as a language writes them: each plural (English's `_one`, `_other`) in that language's forms. */
function inForms(english: Iterable<string>, forms: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of english) {
    const plural = PLURAL.exec(key);
    if (!plural) out.set(key, key);
    else if (plural[2] === 'other')
      for (const form of forms) out.set(`${plural[1]}_${form}`, `${plural[1]}_${form === 'one' ? 'one' : 'other'}`);
  }
  return out;
}

/** The values a message interpolates ({{name}}), or a reason it is malformed. */
function placeholders(message: string): Set<string> | string {
  const names = new Set<string>();
  const rest = message.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => (names.add(name), ''));
  if (/[{}]/.test(rest)) return `unbalanced or unnamed braces in "${message}"`;
  return names;
}

describe('the catalogues', () => {
  for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${namespace}: Russian has exactly the English keys, each plural in its own forms, and each message names the same values`, () => {
      const en = messages(resources.en[namespace] as Tree);
      const ru = messages(resources.ru[namespace] as Tree);
      expect([...en.keys()].sort()).toEqual([...inForms(en.keys(), PLURAL_FORMS.en).keys()].sort());
      const russianKeys = inForms(en.keys(), PLURAL_FORMS.ru);
      expect([...ru.keys()].sort()).toEqual([...russianKeys.keys()].sort());
      for (const [key, englishKey] of russianKeys) {
        const want = placeholders(en.get(englishKey)!);
        const got = placeholders(ru.get(key)!);
        expect(typeof want, `${key} (en)`).not.toBe('string');
        expect(typeof got, `${key} (ru)`).not.toBe('string');
        expect([...(got as Set<string>)].sort(), key).toEqual([...(want as Set<string>)].sort());
        expect(ru.get(key)!.trim(), key).not.toBe('');
      }
    });
  }

  it('counts orders, cards and rows in Russian with one, few and many', () => {
    const t = createI18n('ru').t;
    const said = (what: 'orders' | 'cards' | 'rows') => [1, 2, 5, 11, 21, 22, 25].map((count) => t(`count.${what}`, { count }));
    expect(said('orders')).toEqual(['1 заказ', '2 заказа', '5 заказов', '11 заказов', '21 заказ', '22 заказа', '25 заказов']);
    expect(said('cards')).toEqual(['1 карта', '2 карты', '5 карт', '11 карт', '21 карта', '22 карты', '25 карт']);
    expect(said('rows')).toEqual(['1 строка', '2 строки', '5 строк', '11 строк', '21 строка', '22 строки', '25 строк']);
  });

  it('counts in English with one and other', () => {
    const t = createI18n('en').t;
    expect([1, 2, 5, 11, 21].map((count) => t('count.orders', { count }))).toEqual([
      '1 order',
      '2 orders',
      '5 orders',
      '11 orders',
      '21 orders',
    ]);
  });

  it('holds no bidi control of its own, and takes out every one a value or a phrase of main brings', () => {
    const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
    for (const language of LANGUAGES)
      for (const namespace of Object.keys(resources[language]) as (keyof typeof resources.en)[])
        for (const [key, message] of messages(resources[language][namespace] as Tree))
          expect(message, `${language} ${namespace}:${key}`).not.toMatch(BIDI);
    const hostile = 'hostile-54-\u202Eevil\u202C';
    for (const language of LANGUAGES) {
      const i18n = createI18n(language);
      expect(i18n.t('orders:order.title', { name: hostile })).toMatch(/hostile-54-evil$/);
      expect(
        say(i18n, { code: 'keys.alreadyHere', params: { state: { code: 'keys.state.active' }, fingerprint: `\u2067${hostile}` } }),
      ).not.toMatch(BIDI);
    }
  });

  it('reads the language from a locale, English for any it has no catalogue for', () => {
    expect(languageOf('ru-RU')).toBe('ru');
    expect(languageOf('ru')).toBe('ru');
    expect(languageOf('en_GB')).toBe('en');
    expect(languageOf('de-DE')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(LANGUAGES).toEqual(['en', 'ru']);
    // Every screen reads its words from the catalogues, and main's texts are phrases: both are shown.
    expect(SHOWN_LANGUAGES).toEqual(['en', 'ru']);
  });
});
