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

/*
 * The types below are computed once for the whole catalogue, as maps by code, so that a phrase() call
 * looks its code up instead of searching the catalogue's union (which made the type check minutes long).
 */
type Holes<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Holes<Rest> : never;
/** Each code's English (all plural forms of a plural code, as a union). */
type TextByCode = { [E in Entry as E['code']]: E['text'] };
/** Each code's value names: the {{placeholders}} of its English text. */
type HolesByCode = { [C in keyof TextByCode]: Holes<TextByCode[C]> };

export type PhraseCode = keyof HolesByCode;
/** The names of a code's values: the {{placeholders}} of its English text (all plural forms). */
export type HolesOf<C extends PhraseCode> = HolesByCode[C];
/** A plural code's `count` is a number: it picks the form. */
export type ParamsOf<C extends PhraseCode> = { readonly [K in HolesOf<C>]: K extends 'count' ? number : PhraseArg };

/** The phrase of one code: with exactly its values, or none where its words have none. */
export type PhraseOf<C extends PhraseCode> = [HolesOf<C>] extends [never]
  ? { readonly code: C; readonly params?: undefined }
  : { readonly code: C; readonly params: ParamsOf<C> };

export type Phrase = { [C in PhraseCode]: PhraseOf<C> }[PhraseCode];

/** Several phrases said one after another (what happened, what it did to money, what to do). */
export type Said = readonly Phrase[];

/** A phrase, checked: `phrase('gateway.retryIn', { count: 3 })`. */
export function phrase<C extends PhraseCode>(code: C, ...params: [HolesOf<C>] extends [never] ? [] : [ParamsOf<C>]): PhraseOf<C> {
  return (params.length === 0 ? { code } : { code, params: params[0] }) as PhraseOf<C>;
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
