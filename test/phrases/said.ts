/**
 * Test helpers for what main says: its English (the log form) matched like a string, and the codes said.
 */
import { english } from '../../main/phrases/english.js';
import type { Phrase, Said } from '../../main/phrases/phrase.js';

/**
 * An asymmetric matcher: a phrase (or phrases) whose English, as main's log writes it, contains `text` or
 * matches it; for toMatchObject/toEqual where a reason was a string before main said phrases.
 */
export const saying = (text: string | RegExp) => ({
  asymmetricMatch: (actual: unknown) => {
    if (typeof actual !== 'object' || actual === null) return false;
    const words = english(actual as Phrase | Said);
    return typeof text === 'string' ? words.includes(text) : text.test(words);
  },
  toString: () => `saying(${String(text)})`,
  toAsymmetricMatcher: () => `saying(${String(text)})`,
});

/** The English of phrases, or '' for none. */
export const en = (said: Phrase | Said | undefined): string => (said === undefined ? '' : english(said));

/** The codes of phrases, in order. */
export const codes = (said: Said | undefined): string[] => (said ?? []).map((p) => p.code);
