/**
 * An audit entry in words, for people: "Charged RUB 12.50 to 411111******1111, order shop-42", "Refunded
 * RUB 10.00 of order 6c1f…", "Signing key 3F:A2:…:9C:01 activated". Built when the log is read, from the
 * entry's raw values (its facts, or the fixed form of its detail that every version has written), so an entry
 * written before the words existed reads as well as a new one. The raw values stay in the entry and in the
 * CSV export; these words are only how the screen says them. Nothing here adds a card number: a card
 * appears only as the masked one an entry already holds.
 */
import type { AuditFacts, AuditRecord } from '../store/audit.js';
import { maskCardNumbers } from './cardNumbers.js';
import { currencyInfo, decimalText } from './money.js';

/** What the log may know of an order an operation was made on, from the app's cache of looked-up orders. */
export interface OrderFacts {
  /** ISO 4217 numeric code. */
  readonly currency?: string;
  readonly orderNumber?: string;
}

/** "RUB 12.50" from minor units and the numeric code; the code itself where the currency is not known. */
export function moneyWords(minor: number, numeric: string): string {
  const info = currencyInfo(numeric);
  return `${info.alpha ?? `currency ${info.numeric}`} ${decimalText(minor, info.exponent)}`;
}

const text = (f: AuditFacts | undefined, key: string): string | undefined => {
  const v = f?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
};
const integer = (f: AuditFacts | undefined, key: string): number | undefined => {
  const v = f?.[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
};

/** A fingerprint short enough to read, long enough to tell keys apart: its first and last four bytes. */
const shortFingerprint = (fp: string): string => {
  const bytes = fp.split(':');
  return bytes.length > 8 ? `${bytes.slice(0, 4).join(':')}:…:${bytes.slice(-4).join(':')}` : fp;
};

/** "…: reason." with the reason's own capital and a full stop, or nothing. */
const because = (reason: string | undefined): string => (reason ? `: ${reason.replace(/[.\s]+$/, '')}` : '');

interface ChargeFacts {
  readonly state: string;
  readonly amount: number;
  readonly currency: string;
  readonly bindingId: string;
  readonly maskedPan?: string;
  readonly reason?: string;
}

/** A charge's values from its facts, or from the detail "PAID 1250 643 on binding b-1: reason" of older entries. */
function chargeFacts(e: AuditRecord): ChargeFacts | undefined {
  const f = e.facts;
  const state = text(f, 'state');
  const amount = integer(f, 'amount');
  const currency = text(f, 'currency');
  const bindingId = text(f, 'bindingId');
  if (state && amount !== undefined && currency && bindingId) {
    const maskedPan = text(f, 'maskedPan');
    const reason = text(f, 'reason');
    return { state, amount, currency, bindingId, ...(maskedPan ? { maskedPan } : {}), ...(reason ? { reason } : {}) };
  }
  const m = /^([A-Z]+) (\d+) (\d{1,3}) on binding (\S+?)(?:: (.*))?$/s.exec(e.detail ?? '');
  if (!m) return undefined;
  return { state: m[1]!, amount: Number(m[2]), currency: m[3]!, bindingId: m[4]!, ...(m[5] ? { reason: m[5] } : {}) };
}

function chargeWords(e: AuditRecord): string {
  const order = e.objectType === 'order' && e.objectId ? `order ${e.objectId}` : undefined;
  const c = chargeFacts(e);
  if (!c) {
    // A refusal before anything was journalled: the detail is the reason, the object the card's binding.
    const on = e.objectType === 'binding' && e.objectId ? ` on stored card ${e.objectId}` : order ? ` for ${order}` : '';
    return `Charge${on} ${e.outcome === 'refused' ? 'refused' : 'failed'}${because(e.detail)}`;
  }
  const money = moneyWords(c.amount, c.currency);
  const card = c.maskedPan ? `card ${c.maskedPan}` : `stored card ${c.bindingId}`;
  const where = order ? `, ${order}` : '';
  switch (c.state) {
    case 'PAID':
      return `Charged ${money} to ${c.maskedPan ?? `stored card ${c.bindingId}`}${where}`;
    case 'DECLINED':
      return `Charge of ${money} to ${card} declined${where}${because(c.reason)}`;
    case 'FAILED':
      return `Charge of ${money} to ${card} not made${where}${because(c.reason)}`;
    case 'UNKNOWN':
      return `Charge of ${money} to ${card}: outcome unknown until reconciled${where}${because(c.reason)}`;
    default:
      return `Charge of ${money} to ${card}: ${c.state.toLowerCase()}${where}${because(c.reason)}`;
  }
}

const OPERATION_WORDS = {
  deposit: { done: 'Charged the hold of', noun: 'Charge of the hold' },
  reverse: { done: 'Reversed', noun: 'Reversal' },
  refund: { done: 'Refunded', noun: 'Refund' },
} as const;

/** Deposit, reverse, refund: detail "DONE amount 1000: reason", or just the reason where nothing was sent. */
function operationWords(e: AuditRecord, kind: keyof typeof OPERATION_WORDS, order: OrderFacts | undefined): string {
  const w = OPERATION_WORDS[kind];
  const orderName = `order ${order?.orderNumber ?? e.objectId ?? ''}`.trim();
  if (e.outcome === 'refused') return `${w.noun} on ${orderName} not sent${because(e.detail)}`;
  // The technical detail in [brackets] stays in the raw detail (and the export), not in the words.
  const m = /^([A-Z]+)(?: amount (\d+))?(?:: (.*?))?(?: \[.*\])?(?:; operator's reason: (.*))?$/s.exec(e.detail ?? '');
  if (!m) return `${w.noun} on ${orderName}: ${e.outcome}${because(e.detail)}`;
  const [, state, amountText, reason, operatorReason] = m;
  return (
    operationSentence(kind, orderName, state!, amountText, reason, order) + (operatorReason ? ` (reason given: ${operatorReason})` : '')
  );
}

function operationSentence(
  kind: keyof typeof OPERATION_WORDS,
  orderName: string,
  state: string,
  amountText: string | undefined,
  reason: string | undefined,
  order: OrderFacts | undefined,
): string {
  const w = OPERATION_WORDS[kind];
  const amount = amountText === undefined ? undefined : Number(amountText);
  // An amount of 0 is "all of it" to the gateway; a whole reversal has none.
  const money =
    amount === undefined || amount === 0 ? undefined : order?.currency ? moneyWords(amount, order.currency) : `${amount} minor units`;
  if (state === 'DONE') return kind === 'reverse' || !money ? `${w.done} ${orderName}` : `${w.done} ${money} of ${orderName}`;
  const what = `${w.noun}${money ? ` of ${money}` : ''} on ${orderName}`;
  if (state === 'REFUSED') return `${what} refused by the gateway${because(reason)}`;
  if (state === 'UNKNOWN') return `${what}: outcome unknown until reconciled${because(reason)}`;
  return `${what}: ${state.toLowerCase()}${because(reason)}`;
}

const KEY_WORDS: Record<string, string> = {
  'signingKey.generate': 'generated',
  'signingKey.import': 'imported',
  'signingKey.export': 'certificate exported',
  'signingKey.activate': 'activated',
  'signingKey.retire': 'retired, its private key deleted',
  'signingKey.testSign': 'used to sign a test request',
};

/** Signing keys: detail "FINGERPRINT" or "FINGERPRINT: why". */
function keyWords(e: AuditRecord): string {
  const m = /^((?:[0-9A-F]{2}:){31}[0-9A-F]{2})(?:: (.*))?$/s.exec(e.detail ?? '');
  const key = m ? `Signing key ${shortFingerprint(m[1]!)}` : 'Signing key';
  const done = KEY_WORDS[e.action] ?? e.action.replace(/^signingKey\./, '');
  const why = m ? m[2] : e.detail;
  if (e.outcome === 'success') return `${key} ${done}${because(why)}`;
  return `${key} not ${done.split(',')[0]}${because(why)}`;
}

const CREDENTIAL = { password: 'API password', token: 'API token' } as const;

function settingsWords(e: AuditRecord): string | undefined {
  const d = e.detail ?? '';
  switch (e.action) {
    case 'settings.change':
      return `Settings changed: ${d}`;
    case 'environment.switch': {
      const refused = /^to (\S+): (.*)$/s.exec(d);
      if (refused) return `Switch to ${refused[1]} refused${because(refused[2])}`;
      const from = /^from (\S+)$/.exec(d);
      return from ? `Switched from ${from[1]} to ${e.environment}` : `Switched to ${e.environment}`;
    }
    case 'connection.change':
      return `Connection of ${e.environment} changed: ${d}`;
    case 'sandbox.console.open':
      return e.outcome === 'success'
        ? 'Sandbox developer console opened (one-time link)'
        : `Sandbox developer console not opened${because(d)}`;
    case 'credential.set':
    case 'credential.clear': {
      const m = /^(password|token)(?:: (.*))?$/s.exec(d);
      const what = m ? CREDENTIAL[m[1] as 'password' | 'token'] : 'Credential';
      if (e.action === 'credential.clear') return `${what} of ${e.environment} removed from the keychain`;
      return e.outcome === 'success'
        ? `${what} of ${e.environment} stored in the keychain`
        : `${what} of ${e.environment} not stored${because(m?.[2])}`;
    }
    default:
      return undefined;
  }
}

function roleWords(e: AuditRecord): string | undefined {
  const d = e.detail ?? '';
  if (e.action === 'access') return `Refused: ${e.objectId ?? 'an action'} is not allowed to the ${d.replace(/^profile /, '')} profile`;
  if (e.action === 'role.change') {
    const from = /^from (\S+) to (\S+)(?:: (.*))?$/s.exec(d);
    if (from && e.outcome === 'success') return `Profile changed from ${from[1]} to ${from[2]}${because(from[3])}`;
    const to = /^to (\S+)(?:: (.*))?$/s.exec(d);
    if (to) return `Profile change to ${to[1]} ${e.outcome === 'refused' ? 'refused' : 'failed'}${because(to[2])}`;
  }
  if (e.action === 'role.passphrase') {
    if (e.outcome === 'success') return d === 'changed' ? 'Passphrase changed' : 'Passphrase set';
    return `Passphrase not ${e.outcome === 'refused' ? 'accepted' : 'changed'}${because(d.replace(/^change: /, ''))}`;
  }
  return undefined;
}

function bindingWords(e: AuditRecord): string | undefined {
  const card = `Stored card ${e.objectId ?? ''}`.trim();
  const failed = e.outcome === 'success' ? undefined : (e.detail ?? '');
  switch (e.action) {
    case 'binding.disable':
      return failed === undefined ? `${card} disabled` : `${card} not disabled${because(failed)}`;
    case 'binding.enable':
      return failed === undefined ? `${card} re-enabled` : `${card} not re-enabled${because(failed)}`;
    case 'binding.extend': {
      const m = /^to (\d{4})(\d{2})(?:: (.*))?$/s.exec(e.detail ?? '');
      const until = m ? ` to ${m[2]}/${m[1]}` : '';
      return e.outcome === 'success'
        ? `${card}: expiry extended${until}`
        : `${card}: expiry not extended${until}${because(m?.[3] ?? failed)}`;
    }
    default:
      return undefined;
  }
}

/**
 * The entry in words. `order` is what is known of the order an operation (deposit, reverse, refund) was
 * made on, for its currency; without it the amount is said in minor units.
 */
export function auditWords(e: AuditRecord, order?: OrderFacts): string {
  const words =
    e.action === 'charge'
      ? chargeWords(e)
      : e.action === 'deposit' || e.action === 'reverse' || e.action === 'refund'
        ? operationWords(e, e.action, order)
        : e.action.startsWith('signingKey.')
          ? keyWords(e)
          : (settingsWords(e) ?? roleWords(e) ?? bindingWords(e));
  // An action this module does not know yet still reads as what it is, with its detail.
  const fallback = `${e.action} (${e.outcome})${e.detail ? `: ${e.detail}` : ''}`;
  // Masked again on the way out, like every error: words never show a whole card number.
  return maskCardNumbers(words ?? fallback);
}
