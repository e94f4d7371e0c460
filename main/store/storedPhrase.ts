/**
 * A phrase kept in a TEXT column (a charge's reason): written as JSON, read back through storedPhrase(),
 * which turns a value written before phrases were stored (plain English text) into app.quoted, so that no
 * stored reason is ever lost or shown as raw JSON.
 */
import { isPhraseCode } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';

export const storePhrase = (p: Phrase): string => JSON.stringify(p);

export function storedPhrase(text: string): Phrase {
  if (text.startsWith('{')) {
    try {
      const p = JSON.parse(text) as unknown;
      if (
        typeof p === 'object' &&
        p !== null &&
        'code' in p &&
        typeof p.code === 'string' &&
        (isPhraseCode(p.code) || isPhraseCode(`${p.code}_other`))
      ) {
        const params = 'params' in p && typeof p.params === 'object' && p.params !== null ? p.params : undefined;
        return (params ? { code: p.code, params } : { code: p.code }) as Phrase;
      }
    } catch {
      // Not JSON after all: a legacy text that happens to start with a brace.
    }
  }
  return phrase('app.quoted', { text });
}
