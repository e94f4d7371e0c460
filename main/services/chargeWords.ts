/** A card's category in a sentence, as charges' phrases name it. */
import { phrase, type Phrase } from '../phrases/phrase.js';

const CATEGORIES = {
  COMMON: phrase('charge.category.COMMON'),
  RECURRENT: phrase('charge.category.RECURRENT'),
  INSTALLMENT: phrase('charge.category.INSTALLMENT'),
} as const;

/** A card's category in a sentence ("recurrent"); one the app does not know in lower case. */
export const categoryWords = (category: string): Phrase | string =>
  Object.hasOwn(CATEGORIES, category) ? CATEGORIES[category as keyof typeof CATEGORIES] : category.toLowerCase();
