/**
 * Main's phrases (main/phrases) in the language shown: main says what happened as a code and values, and
 * this is where they become words. Amounts, times and nested phrases are worded here, in the locale shown,
 * before i18next fills them in; `count` stays a number so that i18next picks the plural form.
 */
import type { i18n as I18n } from 'i18next';
import type { Phrase, PhraseArg, Said } from '../../../main/ipc/contract.js';
import { formatDateTime } from '../format/dates.js';
import { formatMinorIn } from '../format/money.js';
import { formatNumber } from '../format/numbers.js';

/**
 * Values that are quantities, grouped as the locale groups digits (250 000 in Russian). Others keep their
 * digits as they are: an HTTP status, an action code (-2025) or a year is an identifier, not a quantity.
 * `count` stays a number for i18next to pick the plural form with.
 */
const QUANTITIES: ReadonlySet<string> = new Set(['amount', 'divisor', 'found', 'max', 'min', 'pages', 'wait']);

function argText(i18n: I18n, arg: PhraseArg, name: string): string | number {
  if (typeof arg === 'number') return QUANTITIES.has(name) ? formatNumber(arg) : arg;
  if (typeof arg === 'string') return arg;
  if ('minor' in arg) return formatMinorIn(arg.minor, arg.currency);
  if ('at' in arg) return formatDateTime(arg.at);
  return sayPhrase(i18n, arg);
}

export function sayPhrase(i18n: I18n, phrase: Phrase): string {
  const values: Record<string, string | number> = {};
  for (const [name, arg] of Object.entries((phrase.params ?? {}) as Readonly<Record<string, PhraseArg>>))
    values[name] = argText(i18n, arg, name);
  // The code is checked against main's English catalogue where it is made; i18next's key type cannot follow a union this wide.
  return (i18n.t as (key: string, options: object) => string)(`said:${phrase.code}`, values);
}

/** Several phrases, one after another, as main said them. */
export const say = (i18n: I18n, said: Phrase | Said): string =>
  Array.isArray(said) ? (said as Said).map((p: Phrase) => sayPhrase(i18n, p)).join(' ') : sayPhrase(i18n, said as Phrase);
