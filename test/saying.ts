/**
 * Matches a phrase (or phrases) by its English, as main's log writes it: `reason: saying('not settled')`
 * inside toMatchObject/toEqual, where a reason was a string before main said phrases.
 */
import { english } from '../main/phrases/english.js';
import type { Phrase, Said } from '../main/phrases/phrase.js';

export const saying = (text: string | RegExp) => ({
  asymmetricMatch: (actual: unknown) => {
    if (typeof actual !== 'object' || actual === null) return false;
    const words = english(actual as Phrase | Said);
    return typeof text === 'string' ? words.includes(text) : text.test(words);
  },
  toString: () => `saying(${String(text)})`,
  toAsymmetricMatcher: () => `saying(${String(text)})`,
});
