/**
 * Why a typed amount was refused (domain/typedAmount.ts), as a phrase of the `input.amount` group: the
 * one wording of those refusals, for a batch file's rows in main and for the amount fields on screen.
 */
import type { AmountProblem } from '../domain/typedAmount.js';
import { phrase, type Phrase } from './phrase.js';

export function amountProblemPhrase(problem: AmountProblem): Phrase {
  switch (problem.key) {
    case 'decimals':
      return phrase('input.amount.decimals', { count: problem.count });
    default:
      return phrase(`input.amount.${problem.key}`);
  }
}
