/** What charges' phrases share: an environment and a card's category in a sentence, and masking. */
import { isPhrase, phrase, type Phrase, type PhraseArg } from '../phrases/phrase.js';
import { maskCardNumbers } from './cardNumbers.js';

export { environmentWords } from '../gateway/environments.js';

const CATEGORIES = {
  COMMON: phrase('charge.category.COMMON'),
  RECURRENT: phrase('charge.category.RECURRENT'),
  INSTALLMENT: phrase('charge.category.INSTALLMENT'),
} as const;

/** A card's category in a sentence ("recurrent"); one the app does not know in lower case. */
export const categoryWords = (category: string): Phrase | string =>
  Object.hasOwn(CATEGORIES, category) ? CATEGORIES[category as keyof typeof CATEGORIES] : category.toLowerCase();

/** A phrase with card-like digit runs masked in every text it quotes (a file's cells, the gateway's words). */
export function maskedPhrase<P extends Phrase>(p: P): P {
  if (!p.params) return p;
  const params: Record<string, PhraseArg> = {};
  for (const [name, arg] of Object.entries(p.params as Readonly<Record<string, PhraseArg>>))
    params[name] = typeof arg === 'string' ? maskCardNumbers(arg) : isPhrase(arg) ? maskedPhrase(arg) : arg;
  return { ...p, params } as P;
}
