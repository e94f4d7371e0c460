/**
 * An error of the app that knows what to tell the person at the screen: its phrases cross IPC as they are
 * (ipc/errors.ts) and the renderer words them; its message is their English, for the log and for tests.
 */
import { english } from './english.js';
import type { Phrase, Said } from './phrase.js';

export class SaidError extends Error {
  readonly said: Said;

  constructor(said: Phrase | Said, options?: ErrorOptions) {
    const all: Said = Array.isArray(said) ? (said as Said) : [said as Phrase];
    super(english(all), options);
    this.name = 'SaidError';
    this.said = all;
  }
}
