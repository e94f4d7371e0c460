/** How an order status looks: a tone for its colour. The words come from main with the order. */
export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const TONES: Readonly<Record<number, Tone>> = {
  0: 'neutral', // registered, not paid
  1: 'info', // amount held
  2: 'success', // charged
  3: 'warning', // reversed
  4: 'warning', // refunded
  5: 'neutral', // 3-D Secure in progress
  6: 'danger', // declined
  7: 'neutral', // pending
  8: 'warning', // partly completed
};

export const statusTone = (status: number | undefined): Tone => (status === undefined ? 'neutral' : (TONES[status] ?? 'neutral'));

/** The 3-D Secure result in words, from the ECI the gateway reports. */
export function eciWords(eci: number | undefined): string {
  if (eci === undefined) return 'No 3-D Secure data';
  if (eci === 5 || eci === 2) return `Cardholder authenticated (ECI ${String(eci).padStart(2, '0')})`;
  if (eci === 6 || eci === 1) return `Authentication attempted (ECI ${String(eci).padStart(2, '0')})`;
  return `Not authenticated (ECI ${String(eci).padStart(2, '0')})`;
}
