/**
 * The sandbox's catalogues (main/sandbox/words): Russian has English's keys (the type checks that too),
 * and every text names the same {{values}} in both languages and is well formed, so no value is lost in
 * one language's answer.
 */
import { describe, expect, it } from 'vitest';
import { wordsEn } from '../../main/sandbox/words/en.js';
import { wordsRu } from '../../main/sandbox/words/ru.js';

type Catalogue = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Every text of a catalogue by "part.key": the sandbox's catalogues are one level of parts deep. */
const texts = (catalogue: Catalogue): Map<string, string> =>
  new Map(
    Object.entries(catalogue).flatMap(([part, words]) => Object.entries(words).map(([key, text]) => [`${part}.${key}`, text] as const)),
  );

/** The values a text names, sorted; braces left over make it malformed. */
function placeholders(text: string): string[] {
  const names: string[] = [];
  const rest = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (names.push(name), ''));
  expect(rest, text).not.toMatch(/[{}]/);
  return names.sort();
}

describe("the sandbox's words", () => {
  const en = texts(wordsEn);
  const ru = texts(wordsRu);

  it('has the same keys in both languages', () => {
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('names the same values in each text in Russian as in English', () => {
    for (const [key, english] of en) {
      expect(placeholders(ru.get(key)!), key).toEqual(placeholders(english));
      expect(ru.get(key)!.trim(), key).not.toBe('');
    }
  });
});
