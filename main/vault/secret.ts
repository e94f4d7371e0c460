/**
 * A secret held in memory: an opaque object whose value only revealSecret() reads. Logged, printed,
 * JSON-serialised or sent through Electron's structured clone, it shows nothing of its value, so a
 * secret passed by mistake to a log, an error or the renderer leaks nothing.
 */
import { inspect } from 'node:util';

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  toString(): string {
    return '[secret]';
  }

  toJSON(): string {
    return '[secret]';
  }

  [inspect.custom](): string {
    return '[secret]';
  }

  /** @internal Use revealSecret(), which says at the call site that a secret is being used. */
  static reveal(secret: Secret): string {
    return secret.#value;
  }
}

/** The secret's value, for the one place that must use it (building the gateway client's credentials). */
export function revealSecret(secret: Secret): string {
  return Secret.reveal(secret);
}
