/**
 * A phrase in English, for main's log and for tests: the screen never gets this text (the renderer
 * renders the phrase itself, in the language shown). Amounts are written as their letter code and exact
 * decimal ("RUB 1234.50", no grouping), times in ISO 8601 UTC, so that a log line reads the same on every
 * machine and a script can read it back.
 */
import { currencyInfo, decimalText } from '../domain/currency.js';
import { phrasesEn } from './en.js';
import { isMoneyArg, isPhrase, isTimeArg, type Phrase, type PhraseArg, type PhraseCode, type Said } from './phrase.js';

type Node = string | { readonly [key: string]: Node };

const plural = new Intl.PluralRules('en');

function template(code: string, count: unknown): string {
  const path = code.split('.');
  const last = path.pop() as string;
  let node: Node = phrasesEn as unknown as Node;
  for (const key of path) node = typeof node === 'object' ? (node[key] ?? '') : '';
  if (typeof node !== 'object') return code;
  const forms = node;
  const pick = (key: string) => (typeof forms[key] === 'string' ? (forms[key] as string) : undefined);
  if (typeof count === 'number') return pick(`${last}_${plural.select(count)}`) ?? pick(`${last}_other`) ?? pick(last) ?? code;
  return pick(last) ?? code;
}

function argText(arg: PhraseArg): string {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'number') return String(arg);
  if (isMoneyArg(arg)) {
    const info = currencyInfo(arg.currency);
    return `${info.alpha ?? `currency ${info.numeric}`} ${decimalText(arg.minor, info.exponent)}`;
  }
  if (isTimeArg(arg)) return new Date(arg.at).toISOString();
  if (isPhrase(arg)) return english(arg);
  return String(arg);
}

export function english(said: Phrase | Said): string {
  if (Array.isArray(said)) return (said as Said).map((p) => english(p)).join(' ');
  const p = said as Phrase;
  const params = (p.params ?? {}) as Readonly<Record<string, PhraseArg>>;
  return template(p.code, params.count).replace(/\{\{(\w+)\}\}/g, (hole, name: string) =>
    name in params ? argText(params[name] as PhraseArg) : hole,
  );
}

/** The names of the values a code's English uses, in any of its plural forms. */
export function holesOf(code: string): ReadonlySet<string> {
  const names = new Set<string>();
  for (const count of [undefined, 0, 1, 2, 5, 21, 1.5]) {
    for (const m of template(code, count).matchAll(/\{\{(\w+)\}\}/g)) names.add(m[1]!);
  }
  return names;
}

/** Whether `code` names a phrase of the catalogue (a schema's message may be one: ipc/errors.ts). */
export function isPhraseCode(code: string): code is PhraseCode {
  // With a count, a plural code finds its `_other` form and any other code its own text.
  return template(code, 2) !== code;
}
