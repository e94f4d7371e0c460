/** How long until the next attempt, in words: seconds under two minutes, whole minutes beyond. */
import { phrase, type Phrase } from './phrase.js';

export const waitWords = (ms: number): Phrase => {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? phrase('roles.seconds', { count: s }) : phrase('roles.minutes', { count: Math.ceil(s / 60) });
};
