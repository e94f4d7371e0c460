/**
 * A phrase kept in a TEXT column (a stored reason, a sync's failure): written as JSON, read back through
 * one parser. A value written before reasons were phrases is plain English text: it is read as that text,
 * quoted (app.quoted), so no stored reason is ever lost.
 */
import { english, isPhraseCode } from '../phrases/english.js';
import { maskedPhrase } from '../phrases/masked.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';

const isStoredPhrase = (v: unknown): v is Phrase =>
  typeof v === 'object' && v !== null && 'code' in v && typeof v.code === 'string' && isPhraseCode(v.code);

/**
 * What a column keeps: the phrases as JSON (one phrase as itself, several as an array), any card number
 * they quote (the gateway's words, a typed reason) masked.
 */
export function storeSaid(said: Phrase | Said): string {
  return JSON.stringify(Array.isArray(said) ? said.map((p) => maskedPhrase(p)) : maskedPhrase(said as Phrase));
}

/** The phrases a column keeps; a legacy plain-text value (or anything unreadable) as that text, quoted. */
export function storedSaid(text: string): Said {
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(text);
      if (isStoredPhrase(value)) return [value];
      if (Array.isArray(value) && value.length > 0 && value.every(isStoredPhrase)) return value;
    } catch {
      // Not JSON after all: a legacy text that begins with a bracket.
    }
  }
  return [phrase('app.quoted', { text })];
}

/** One phrase from a column that keeps one (several, never written so, would be quoted in English). */
export function storedPhrase(text: string): Phrase {
  const said = storedSaid(text);
  return said.length === 1 ? said[0]! : phrase('app.quoted', { text: english(said) });
}
