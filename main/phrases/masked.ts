/**
 * Phrases with card-like digit runs masked in every text they quote (a file's cells, the gateway's words,
 * an echoed input), as every message of the app is: whatever reaches the screen or the log says at most
 * a masked card number. Amounts, times and numbers are values, not text, and stay as they are.
 */
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { isPhrase, type Phrase, type PhraseArg, type Said } from './phrase.js';

export function maskedPhrase<P extends Phrase>(p: P): P {
  if (!p.params) return p;
  const params: Record<string, PhraseArg> = {};
  for (const [name, arg] of Object.entries(p.params as Readonly<Record<string, PhraseArg>>))
    params[name] = typeof arg === 'string' ? maskCardNumbers(arg) : isPhrase(arg) ? maskedPhrase(arg) : arg;
  return { ...p, params } as P;
}

export const maskedSaid = (said: Said): Said => said.map((p) => maskedPhrase(p));
