/**
 * Texts the sandbox answers gateway requests with, in the request's language (English and Russian; any
 * other language falls back to English). Clients must never hard-code them; the sandbox translating them
 * keeps that honest. Every answer's text is a template of the sandbox's catalogues (words/en.ts, and
 * words/ru.ts typed from it), and what a refusal fills into its {{placeholders}} is a value shown as it is
 * (an amount, a status, an id, a parameter name), a field rule of main/protocol with its words in the
 * request's language and its type notation as the spec writes it (ruleWords.ts), or a detail of the
 * catalogues made with words() where the refusal is made. Not from here, and in English: a body the
 * sandbox cannot read (http/body.ts: not UTF-8, not JSON, too large, the wrong Content-Type), as the
 * language is in that body; the plain-text body of an injected HTTP fault (http/gateway.ts), as a proxy's
 * would be; and the cardholder's HTML pages (endpoints/pages.ts), which quote a refusal in the order's
 * language.
 */
import type { Catalogue } from '../phrases/catalogue.js';
import { ActionCode } from './engine/cards.js';
import { wordsEn } from './words/en.js';
import { wordsRu } from './words/ru.js';

type Lang = 'en' | 'ru';

const CATALOGUES: Readonly<Record<Lang, Catalogue<typeof wordsEn>>> = { en: wordsEn, ru: wordsRu };

/** The parts of the catalogue a refusal's detail comes from (the answers and actionCodes are said whole). */
type DetailParts = Omit<typeof wordsEn, 'answer' | 'actionCode'>;
type DetailPart = keyof DetailParts & string;

/** A detail's key: its part and its name, "order.moreThanHeld". */
export type DetailKey = { [P in DetailPart]: `${P}.${keyof DetailParts[P] & string}` }[DetailPart];
type DetailText<K extends DetailKey> = K extends `${infer P extends DetailPart}.${infer W}`
  ? W extends keyof DetailParts[P]
    ? DetailParts[P][W]
    : never
  : never;

/**
 * A detail of the catalogues with its values, passed to message() as a value: the template words it in
 * the request's language as it words itself.
 */
export interface Words {
  readonly key: DetailKey;
  readonly values: Readonly<Record<string, MessageArg>>;
}

/** A value of a message: shown as it is (an amount, a status, an id, a parameter name), or words of the catalogues. */
export type MessageArg = string | number | Words;

type Holes<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Holes<Rest> : never;
/** A text's values, one for each of its {{placeholders}} and none besides; no argument where it has none. */
type ValuesOf<S> = [Holes<S>] extends [never] ? [] : [values: { readonly [N in Holes<S>]: MessageArg }];

export type MessageId = keyof typeof wordsEn.answer;
export type MessageValues<M extends MessageId> = ValuesOf<(typeof wordsEn.answer)[M]>;

/** A detail in both languages, worded where it is said: `words('order.moreThanHeld', { held: 1000 })`. */
export function words<K extends DetailKey>(key: K, ...values: ValuesOf<DetailText<K>>): Words {
  return { key, values: (values as [Words['values']?])[0] ?? {} };
}

function lang(language: string | undefined): Lang {
  return language?.toLowerCase() === 'ru' ? 'ru' : 'en';
}

function fill(text: string, values: Words['values'], language: Lang): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined ? '' : inLanguage(value, language);
  });
}

/** The text of a value in the request's language. */
function inLanguage(arg: MessageArg, language: Lang): string {
  if (typeof arg !== 'object') return String(arg);
  const [part, name] = arg.key.split('.') as [DetailPart, string];
  const texts = CATALOGUES[language][part] as Readonly<Record<string, string>>;
  return fill(texts[name]!, arg.values, language);
}

export function message<M extends MessageId>(id: M, language: string | undefined, ...values: MessageValues<M>): string {
  const l = lang(language);
  return fill(CATALOGUES[l].answer[id], (values as [Words['values']?])[0] ?? {}, l);
}

const ACTION_CODE_NAMES = new Map<number, keyof typeof ActionCode>(
  Object.entries(ActionCode).map(([name, code]) => [code, name as keyof typeof ActionCode]),
);

export function actionCodeDescription(code: number, language: string | undefined): string {
  const name = ACTION_CODE_NAMES.get(code);
  return name === undefined ? '' : CATALOGUES[lang(language)].actionCode[name];
}
