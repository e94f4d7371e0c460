/**
 * The sandbox's catalogues (main/sandbox/words): Russian has English's keys (the type checks that too),
 * and every text names the same {{values}} in both languages and is well formed, so no value is lost in
 * one language's answer.
 */
import { describe, expect, it } from 'vitest';
import { wordsEn } from '../../main/sandbox/words/en.js';
import { wordsRu } from '../../main/sandbox/words/ru.js';

type Tree = { readonly [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of texts(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The values a text names, sorted; braces left over make it malformed. */
function placeholders(text: string): string[] {
  const names: string[] = [];
  const rest = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (names.push(name), ''));
  expect(rest, text).not.toMatch(/[{}]/);
  return names.sort();
}

describe("the sandbox's words", () => {
  const en = texts(wordsEn);
  const ru = texts(wordsRu as unknown as Tree);

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
