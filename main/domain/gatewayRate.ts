/**
 * The requests per second a gateway environment allows, as an administrator sets it in Settings (the
 * gateway's spec says a limit exists but not its value; the merchant's contract or the gateway's support
 * does). Not set (empty, or 0) means not known: the client then paces nothing and learns from 429 answers.
 *
 * At most 10,000: one desk's client, 16 requests in flight, answers about 15,000 look-ups a second on
 * loopback and far fewer across a network (benchmarks.md, "The gateway client"), so a larger figure could
 * never be reached and is a slip of the keyboard (an extra zero) rather than a gateway's limit.
 */
export const MAX_GATEWAY_RATE = 10_000;

/** A rate as stored: a whole number from 1 to MAX_GATEWAY_RATE (0, not known, is not stored). */
export const isGatewayRate = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_GATEWAY_RATE;

/**
 * What was typed in the rate's field: a rate, null for not known (empty or 0), or undefined when it is none
 * of these (text, a fraction, a negative number, more than MAX_GATEWAY_RATE).
 */
export function readGatewayRate(typed: string): number | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n === 0 ? null : isGatewayRate(n) ? n : undefined;
}
