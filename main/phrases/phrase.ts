/**
 * What main says to the person at the screen, as data: a code from main's catalogue and the values its
 * words need. Main never builds a sentence for the screen; the renderer renders a phrase in the language
 * shown (renderer/src/i18n/say.ts), and main renders it in English only for its log and for tests
 * (english.ts). The codes and the names of each code's values come from the English catalogue (en.ts), so
 * a phrase with an unknown code, a missing value or a stray one does not compile.
 */
import type { phrasesEn } from './en.js';

/** An amount in minor units with its ISO 4217 numeric currency code ("643"): the renderer formats it. */
export interface MoneyArg {
  readonly minor: number;
  readonly currency: string;
}
/** An instant, epoch milliseconds: the renderer shows it in the locale and time zone of the screen. */
export interface TimeArg {
  readonly at: number;
}
/** A value in a phrase: text (an identifier, the gateway's own words), a number, money, a time, or a phrase. */
export type PhraseArg = string | number | MoneyArg | TimeArg | Phrase;

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
/** "charge_one" and "charge_other" are the plural forms of one code, "charge". */
type Base<K extends string> = K extends `${infer B}${PluralSuffix}` ? B : K;
type Entries<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? { readonly code: `${P}${Base<K>}`; readonly text: T[K] } : Entries<T[K], `${P}${K}.`>;
}[keyof T & string];
type Entry = Entries<typeof phrasesEn>;

export type PhraseCode = Entry['code'];
type Holes<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Holes<Rest> : never;
/** The names of a code's values: the {{placeholders}} of its English text (all plural forms). */
export type HolesOf<C extends PhraseCode> = Holes<Extract<Entry, { readonly code: C }>['text']>;
/** A plural code's `count` is a number: it picks the form. */
export type ParamsOf<C extends PhraseCode> = { readonly [K in HolesOf<C>]: K extends 'count' ? number : PhraseArg };

export type Phrase = {
  [C in PhraseCode]: [HolesOf<C>] extends [never]
    ? { readonly code: C; readonly params?: undefined }
    : { readonly code: C; readonly params: ParamsOf<C> };
}[PhraseCode];

/** Several phrases said one after another (what happened, what it did to money, what to do). */
export type Said = readonly Phrase[];

/** A phrase, checked: `phrase('gateway.rateLimited.retryIn', { seconds: 3 })`. */
export function phrase<C extends PhraseCode>(
  code: C,
  ...params: [HolesOf<C>] extends [never] ? [] : [ParamsOf<C>]
): Extract<Phrase, { readonly code: C }> {
  return (params.length === 0 ? { code } : { code, params: params[0] }) as Extract<Phrase, { readonly code: C }>;
}

/** Items as one value: "a, b, c", each item worded in the language shown (nested app.list phrases). */
export function listPhrase(items: readonly PhraseArg[]): PhraseArg {
  if (items.length === 0) return '';
  const [first, ...rest] = items as [PhraseArg, ...PhraseArg[]];
  return rest.length === 0 ? first : phrase('app.list', { first, rest: listPhrase(rest) });
}

export const isMoneyArg = (a: PhraseArg): a is MoneyArg => typeof a === 'object' && 'minor' in a;
export const isTimeArg = (a: PhraseArg): a is TimeArg => typeof a === 'object' && 'at' in a;
export const isPhrase = (a: PhraseArg): a is Phrase => typeof a === 'object' && 'code' in a;
