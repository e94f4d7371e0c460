/**
 * What an authenticator app does with a TOTP secret shown at enrolment, for the tests of two-factor sign-in: the
 * code of now, and a code of a step the store has not taken yet (it takes each step once, and none before the
 * last it took). Real time through otpauth; a test that needs more codes than the window holds waits for them.
 */
import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;
const stepNow = (): number => Math.floor(Date.now() / STEP_MS);

export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  /** The code the app shows now, whether or not it was used. */
  now(): string {
    return this.codeAt(stepNow());
  }

  /** A code of a step not used here yet: now's, or the next one (the window takes one step either side), or one after that once its time comes. */
  async fresh(): Promise<string> {
    while (stepNow() + 1 <= this.lastStep) await new Promise((r) => setTimeout(r, 500));
    this.lastStep = Math.max(stepNow(), this.lastStep + 1);
    return this.codeAt(this.lastStep);
  }

  private codeAt(step: number): string {
    return new TOTP({ secret: Secret.fromBase32(this.secret) }).generate({ timestamp: step * STEP_MS });
  }
}
