/** What the parts of the Signing keys workspace share: fixed texts, a short fingerprint, the tones of a state. */
import type { SigningKeyView } from '../../../../main/ipc/contract';

export const DAY = 86_400_000;

/** A small form body like the gateway's requests, with no credentials in it. */
export const SAMPLE_BODY = 'orderNumber=signature-check-0001&amount=100&currency=643&language=en';

/** The headers the gateway reads a signature from, and the first lines of the PEM files: names, not words. */
export const X_HASH = 'X-Hash';
export const X_SIGNATURE = 'X-Signature';
export const PRIVATE_KEY_PEM = '-----BEGIN PRIVATE KEY-----';
export const CERTIFICATE_PEM = '-----BEGIN CERTIFICATE-----';

/** The first and last groups of a fingerprint: enough to tell keys apart in a sentence or a button. */
export const shortFingerprint = (fp: string) => {
  const parts = fp.split(':');
  return parts.length > 8 ? `${parts.slice(0, 4).join(':')}…${parts.slice(-4).join(':')}` : fp;
};

export const STATE_TONES = { active: 'tone-success', inactive: 'tone-neutral', retired: 'tone-neutral' } as const;

export type Confirming = { readonly action: 'activate' | 'retire'; readonly key: SigningKeyView };

/** What can be done to a key in its state: an inactive one retired, or activated while it has not expired. */
export const actionsOn = (key: SigningKeyView): Confirming['action'][] =>
  key.state !== 'inactive' ? [] : key.expired ? ['retire'] : ['activate', 'retire'];
