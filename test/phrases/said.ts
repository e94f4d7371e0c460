/**
 * Test helpers for what main says: its English (the log form) matched like a string, and the codes said.
 */
import { english } from '../../main/phrases/english.js';
import type { Phrase, Said } from '../../main/phrases/phrase.js';

/** An asymmetric matcher: phrases whose English matches `re`. */
export const saidMatching = (re: RegExp) => ({
  asymmetricMatch: (actual: unknown) => Array.isArray(actual) && re.test(english(actual as Said)),
  toString: () => `SaidMatching ${String(re)}`,
  toAsymmetricMatcher: () => `SaidMatching ${String(re)}`,
});

/** The English of phrases, or '' for none. */
export const en = (said: Phrase | Said | undefined): string => (said === undefined ? '' : english(said));

/** The codes of phrases, in order. */
export const codes = (said: Said | undefined): string[] => (said ?? []).map((p) => p.code);
