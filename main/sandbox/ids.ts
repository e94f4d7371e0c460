/**
 * Identifiers the gateway hands out (orderId, bindingId, approval codes, reference numbers).
 * Random by default; from a seeded generator (pure-rand's xoroshiro128+) when the sandbox is seeded,
 * so that a seeded run hands out the same identifiers every time.
 */
import { randomFillSync } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { luhnValid } from '../domain/cardNumbers.js';

type ByteSource = (n: number) => Uint8Array;

function seededBytes(seed: number): ByteSource {
  const rng = xoroshiro128plus(seed);
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = uniformInt(rng, 0, 255);
    return out;
  };
}

/**
 * Random bytes taken from a pool refilled 64 KB at a time: an order takes a dozen small draws, and a call
 * into the system's generator for each cost more than the rest of a seeded order's making.
 */
function pooledRandomBytes(): ByteSource {
  const pool = Buffer.alloc(65_536);
  let at = pool.length;
  return (n) => {
    if (n > pool.length) return randomFillSync(new Uint8Array(n));
    if (at + n > pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    at += n;
    return Uint8Array.prototype.slice.call(pool, at - n, at);
  };
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export class IdSource {
  private bytes: ByteSource;

  constructor(seed?: number) {
    this.bytes = seed === undefined ? pooledRandomBytes() : seededBytes(seed);
  }

  /** A version-4 UUID, the gateway's orderId and bindingId form. */
  uuid(): string {
    const b = this.bytes(16);
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const hex = Buffer.from(b).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** n decimal digits (reference numbers, RRN). */
  digits(n: number): string {
    return Array.from(this.bytes(n), (x) => String(x % 10)).join('');
  }

  /**
   * n decimal digits that never pass Luhn's check (the last digit moved on when they would): a reference of
   * 13 digits or more (paymentNetRefNum, an orderNumber the sandbox makes up) that the app, which masks a
   * card number wherever one appears, shows whole. It draws what digits(n) draws, so a seeded sandbox
   * still hands out the same identifiers.
   */
  referenceDigits(n: number): string {
    const digits = this.digits(n);
    return luhnValid(digits) ? digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10) : digits;
  }

  /** n characters of digits and Latin capitals (approval codes). */
  code(n: number): string {
    return Array.from(this.bytes(n), (x) => ALNUM[x % ALNUM.length]).join('');
  }
}
