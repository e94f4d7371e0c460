/**
 * zod's issues as phrases, so that no zod English reaches the screen: a schema's own message is a phrase
 * code ("input.orderId", with the refinement's params as its values, and the bound of a too_small or
 * too_big as `min`/`max` and `count`); zod's own kinds of issue each have a phrase of the `input` group.
 * Used by the IPC layer for a refused payload (ipc/errors.ts) and by services that check with zod.
 */
import type { ZodError } from 'zod';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { holesOf, isPhraseCode } from './english.js';
import { phrase, type Phrase } from './phrase.js';

type Issue = ZodError['issues'][number];

/** The bound a too_small or too_big names, as values a phrase may use. */
function bounds(issue: Issue): Record<string, number> {
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    return { min, count: min };
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return { max, count: max };
  }
  return {};
}

const TYPES = ['string', 'number', 'int', 'boolean', 'object', 'array', 'null'] as const;

/** zod's own issue, by its kind. */
function ownPhrase(issue: Issue): Phrase {
  switch (issue.code) {
    case 'invalid_type': {
      // zod keeps no input in an issue unless asked; its message says what it received.
      if (issue.input === undefined && /received undefined/.test(issue.message)) return phrase('input.missing');
      const type = TYPES.find((t) => t === issue.expected);
      return type ? phrase('input.expected', { type: phrase(`input.type.${type}`) }) : phrase('input.wrongType');
    }
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string') return phrase('input.tooShort', { count });
      if (issue.origin === 'array' || issue.origin === 'set') return phrase('input.tooFew', { count });
      return issue.inclusive === false ? phrase('input.aboveZero', { min: count }) : phrase('input.tooSmall', { min: count });
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return phrase('input.tooLong', { count });
      if (issue.origin === 'array' || issue.origin === 'set') return phrase('input.tooMany', { count });
      return issue.inclusive === false ? phrase('input.belowMax', { max: count }) : phrase('input.tooBig', { max: count });
    }
    case 'invalid_format':
      if (issue.format === 'url') return phrase('input.url');
      if (issue.format === 'uuid' || issue.format === 'guid') return phrase('input.uuid');
      return phrase('input.badFormat');
    case 'invalid_value':
      return phrase('input.notOneOf', { values: issue.values.map(String).join(', ') });
    case 'not_multiple_of':
      return phrase('input.notMultiple', { divisor: Number(issue.divisor) });
    case 'unrecognized_keys':
      // The names are the payload's own keys: masked, as anything echoed from input is.
      return phrase('input.unknownFields', { keys: maskCardNumbers(issue.keys.join(', ')), count: issue.keys.length });
    default:
      return phrase('input.invalid');
  }
}

/** zod's own English messages ("Invalid input: …", "Too small: …"): these never reach the screen. */
const ZOD_OWN = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)\b/;

/** One issue as a phrase: the schema's own code with its values, or zod's kind of issue. */
export function issuePhrase(issue: Issue): Phrase {
  if (isPhraseCode(issue.message)) {
    // Only the values its words use: a bound the message does not name stays out of the phrase.
    const holes = holesOf(issue.message);
    const given: Record<string, unknown> = { ...bounds(issue), ...('params' in issue && issue.params ? issue.params : {}) };
    const params = Object.fromEntries(Object.entries(given).filter(([name]) => holes.has(name)));
    return (Object.keys(params).length > 0 ? { code: issue.message, params } : { code: issue.message }) as Phrase;
  }
  // A schema's own English message not yet made a code (issue 16 converts them part by part): quoted.
  if (!ZOD_OWN.test(issue.message)) return phrase('input.notAccepted', { reason: maskCardNumbers(issue.message) });
  return ownPhrase(issue);
}

/** Where an issue is: the dotted path of the value, or "(payload)" for the whole of it. */
export const issuePath = (issue: Issue): string => issue.path.map(String).join('.') || '(payload)';

/** Several values' problems as one phrase: "path: problem; path: problem" (input.field, input.fields). */
export function fieldList(fields: readonly { readonly path: string; readonly said: Phrase }[]): Phrase {
  const [first, ...rest] = fields;
  if (!first) return phrase('input.invalid');
  if (rest.length === 0) return phrase('input.field', { path: first.path, problem: first.said });
  return phrase('input.fields', { path: first.path, problem: first.said, rest: fieldList(rest) });
}

/** A zod error's issues as one phrase, for a service's refusal ("Invalid settings: …"). */
export const inputIssues = (err: ZodError): Phrase =>
  fieldList(err.issues.map((issue) => ({ path: issuePath(issue), said: issuePhrase(issue) })));
