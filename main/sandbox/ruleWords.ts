/**
 * The protocol's field rules (main/protocol: the spec's type text, "String [3], ISO 4217 numeric code")
 * in the request's language: each is found by its English in the catalogue's rules (words/en/rule.ts).
 * The type notation itself (String [1..36], Integer [1..19], Boolean, YYYYMM) is the spec's and stays as
 * it is in both languages; the words around it are Russian in a Russian answer. The protocol is shared
 * with the gateway client, whose rules stay English (a developer's detail), so the sandbox translates them
 * where it answers; a rule it does not know is quoted as it is.
 */
import type { MessageArg } from './messages.js';
import { rule as rules } from './words/en/rule.js';

type RuleName = keyof typeof rules;

/** Rules by their whole English text. */
const WHOLE = new Map<string, RuleName>();
/** Rules built from a list of values ({{values}}): the words before the list translated, the values kept. */
const LISTS: [RegExp, RuleName][] = [];
for (const [name, english] of Object.entries(rules) as [RuleName, string][]) {
  const [lead, rest] = english.split('{{values}}');
  if (rest === undefined) WHOLE.set(english, name);
  else LISTS.push([new RegExp(`^${escape(lead!)}(.+)${escape(rest)}$`, 's'), name]);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function ruleWords(rule: string): MessageArg {
  const whole = WHOLE.get(rule);
  if (whole !== undefined) return { key: `rule.${whole}`, values: {} };
  for (const [list, name] of LISTS) {
    const values = list.exec(rule)?.[1];
    if (values !== undefined) return { key: `rule.${name}`, values: { values } };
  }
  return rule;
}
