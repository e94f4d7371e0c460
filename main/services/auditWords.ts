/**
 * An audit entry in words, for people: "Charged RUB 12.50 to 411111******1111, order shop-42", "Refunded
 * RUB 10.00 of order 6c1f…", "Signing key 3F:A2:…:9C:01 activated". Built when the log is read, from the
 * entry's raw values (its facts, or the fixed form of its detail that every version has written), so an entry
 * written before the words existed reads as well as a new one. The raw values stay in the entry and in the
 * CSV export; these words are only how the screen says them: a phrase (main/phrases/en/audit.ts) the
 * renderer words in the language shown, whose English is the export's `words` column. A reason the entry
 * recorded is quoted as it was recorded (the log's stable English). Nothing here adds a card number: a card
 * appears only as the masked one an entry already holds, and every text taken from the entry is masked again.
 */
import { english } from '../phrases/english.js';
import { listPhrase, phrase, type Phrase, type PhraseArg, type PhraseCode } from '../phrases/phrase.js';
import type { AuditFacts, AuditFilter, AuditRecord, AuditRepository } from '../store/audit.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';

/**
 * What the log may know of an order an entry is about: for an operation, from the app's cache of looked-up
 * orders; for a charge, from the charge journal as it is now.
 */
export interface OrderFacts {
  /** ISO 4217 numeric code. */
  readonly currency?: string;
  readonly orderNumber?: string;
  /** The state of the order's charge in the journal now (PAID, DECLINED, FAILED, UNKNOWN, PENDING). */
  readonly chargeState?: string;
}

/** A charge's states whose outcome was not known when the entry was written: the answer was lost. */
const NOT_KNOWN = new Set(['UNKNOWN', 'PENDING']);
/** The states a charge whose answer was lost may be settled in, as an entry written before says it. */
const SETTLED_AS = new Set(['PAID', 'DECLINED', 'FAILED']);

/** An outcome as the screen shows it and filters by it. */
export type ShownOutcome = AuditRecord['outcome'] | 'unknown';

/** How many entries are read at a time while the outcome is filtered as shown. */
const CHUNK = 500;

/**
 * The entries of the filter, newest first, at most `limit`, the outcome taken as the screen shows it
 * (auditOutcome): "failure" leaves out the charges whose answer was lost, which "unknown" lists. The log
 * records both as failures, so they are read as such and told apart here, by the same rule as the words.
 */
export function auditEntries(
  audit: AuditRepository,
  filter: Omit<AuditFilter, 'outcome' | 'before' | 'limit'> & { readonly outcome?: ShownOutcome },
  limit: number,
): AuditRecord[] {
  const { outcome, ...rest } = filter;
  if (outcome !== 'failure' && outcome !== 'unknown') return audit.query({ ...rest, ...(outcome ? { outcome } : {}), limit });
  const found: AuditRecord[] = [];
  let before: AuditFilter['before'];
  for (;;) {
    const chunk = audit.query({ ...rest, outcome: 'failure', ...(before ? { before } : {}), limit: CHUNK });
    for (const e of chunk) {
      if (auditOutcome(e) !== outcome) continue;
      found.push(e);
      if (found.length === limit) return found;
    }
    const last = chunk.at(-1);
    if (chunk.length < CHUNK || !last) return found;
    before = { at: last.at, id: last.id };
  }
}

/**
 * The entry's outcome as the screen shows it: a charge whose answer was lost did not fail (it is recorded
 * as a failure, the log's one word for "not a success"); it is "unknown" until reconciled, and stays so.
 */
export function auditOutcome(e: AuditRecord): ShownOutcome {
  if (e.action !== 'charge' || e.outcome !== 'failure') return e.outcome;
  const state = chargeFacts(e)?.state;
  return state !== undefined && NOT_KNOWN.has(state) ? 'unknown' : e.outcome;
}

const text = (f: AuditFacts | undefined, key: string): string | undefined => {
  const v = f?.[key];
  return typeof v === 'string' && v !== '' ? maskCardNumbers(v) : undefined;
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

/** ": reason" without the reason's closing stop, or nothing. */
const because = (reason: string | undefined): PhraseArg =>
  reason ? phrase('audit.because', { reason: maskCardNumbers(reason).replace(/[.\s]+$/, '') }) : '';

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

function chargePhrase(e: AuditRecord, order: OrderFacts | undefined): Phrase {
  const orderId = e.objectType === 'order' && e.objectId ? e.objectId : undefined;
  const c = chargeFacts(e);
  if (!c) {
    // A refusal before anything was journalled: the detail is the reason, the object the card's binding.
    const refused = e.outcome === 'refused';
    const why = { because: because(e.detail) };
    if (e.objectType === 'binding' && e.objectId) {
      const on = { binding: e.objectId, ...why };
      return refused ? phrase('audit.charge.refusedOnCard', on) : phrase('audit.charge.failedOnCard', on);
    }
    if (orderId)
      return refused
        ? phrase('audit.charge.refusedForOrder', { order: orderId, ...why })
        : phrase('audit.charge.failedForOrder', { order: orderId, ...why });
    return refused ? phrase('audit.charge.refused', why) : phrase('audit.charge.failed', why);
  }
  const money = { minor: c.amount, currency: c.currency };
  const stored = phrase('audit.storedCard', { binding: c.bindingId });
  const card = c.maskedPan ? phrase('audit.card', { pan: c.maskedPan }) : stored;
  const where = orderId ? phrase('audit.whereOrder', { order: orderId }) : '';
  const said = { money, card, where, because: because(c.reason) };
  switch (c.state) {
    case 'PAID':
      return phrase('audit.charge.paid', { money, card: c.maskedPan ?? stored, where });
    case 'DECLINED':
      return phrase('audit.charge.declined', said);
    case 'FAILED':
      return phrase('audit.charge.notMade', said);
    case 'UNKNOWN':
    case 'PENDING':
      // What became of it, once reconciled: the entry after it says so too, this one no longer reads as open.
      return order?.chargeState !== undefined && SETTLED_AS.has(order.chargeState)
        ? phrase('audit.charge.unknownThen', {
            ...said,
            then: phrase(`audit.charge.then.${order.chargeState as 'PAID' | 'DECLINED' | 'FAILED'}`),
          })
        : phrase('audit.charge.unknown', said);
    default:
      return phrase('audit.charge.other', { ...said, state: c.state.toLowerCase() });
  }
}

type OperationKind = 'deposit' | 'reverse' | 'refund';

/** Deposit, reverse, refund: detail "DONE amount 1000: reason", or just the reason where nothing was sent. */
function operationPhrase(e: AuditRecord, kind: OperationKind, order: OrderFacts | undefined): Phrase {
  const name = order?.orderNumber ?? e.objectId;
  const orderArg = name ? phrase('audit.order', { order: name }) : phrase('audit.anOrder');
  if (e.outcome === 'refused') return phrase(`audit.${kind}.notSent`, { order: orderArg, because: because(e.detail) });
  // The technical detail in [brackets] stays in the raw detail (and the export), not in the words.
  const m = /^([A-Z]+)(?: amount (\d+))?(?:: (.*?))?(?: \[.*\])?(?:; operator's reason: (.*))?$/s.exec(e.detail ?? '');
  if (!m) return phrase(`audit.${kind}.unread`, { order: orderArg, outcome: e.outcome, because: because(e.detail) });
  const [, state, amountText, reason, operatorReason] = m;
  const sentence = operationSentence(kind, orderArg, state!, amountText, reason, order);
  return operatorReason
    ? phrase('app.joined', { first: sentence, second: phrase('audit.reasonGiven', { reason: maskCardNumbers(operatorReason) }) })
    : sentence;
}

function operationSentence(
  kind: OperationKind,
  order: Phrase,
  state: string,
  amountText: string | undefined,
  reason: string | undefined,
  facts: OrderFacts | undefined,
): Phrase {
  const amount = amountText === undefined ? undefined : Number(amountText);
  // An amount of 0 is "all of it" to the gateway; a whole reversal has none.
  const money: PhraseArg | undefined =
    amount === undefined || amount === 0
      ? undefined
      : facts?.currency
        ? { minor: amount, currency: facts.currency }
        : phrase('audit.minorUnits', { amount });
  const why = { order, because: because(reason) };
  if (state === 'DONE') {
    if (kind === 'reverse') return phrase('audit.reverse.done', { order });
    return money ? phrase(`audit.${kind}.doneAmount`, { order, money }) : phrase(`audit.${kind}.done`, { order });
  }
  if (state === 'REFUSED') return money ? phrase(`audit.${kind}.refusedAmount`, { ...why, money }) : phrase(`audit.${kind}.refused`, why);
  if (state === 'UNKNOWN') return money ? phrase(`audit.${kind}.unknownAmount`, { ...why, money }) : phrase(`audit.${kind}.unknown`, why);
  const other = { ...why, state: state.toLowerCase() };
  return money ? phrase(`audit.${kind}.otherAmount`, { ...other, money }) : phrase(`audit.${kind}.other`, other);
}

const KEY_ACTIONS = ['generate', 'import', 'export', 'activate', 'retire', 'testSign'] as const;
type KeyAction = (typeof KEY_ACTIONS)[number];
const NOT: Readonly<Record<KeyAction, `not${Capitalize<KeyAction>}`>> = {
  generate: 'notGenerate',
  import: 'notImport',
  export: 'notExport',
  activate: 'notActivate',
  retire: 'notRetire',
  testSign: 'notTestSign',
};

/** Signing keys: detail "FINGERPRINT" or "FINGERPRINT: why". */
function keyPhrase(e: AuditRecord): Phrase {
  const m = /^((?:[0-9A-F]{2}:){31}[0-9A-F]{2})(?:: (.*))?$/s.exec(e.detail ?? '');
  const key = m ? phrase('audit.key.key', { fingerprint: shortFingerprint(m[1]!) }) : phrase('audit.key.anyKey');
  const why = because(m ? m[2] : e.detail);
  const action = e.action.replace(/^signingKey\./, '');
  const known = (KEY_ACTIONS as readonly string[]).includes(action) ? (action as KeyAction) : undefined;
  const success = e.outcome === 'success';
  if (!known) return phrase(success ? 'audit.key.other' : 'audit.key.notOther', { key, action, because: why });
  return phrase(`audit.key.${success ? known : NOT[known]}`, { key, because: why });
}

const SETTINGS = ['language', 'theme', 'gatewayUrls'] as const;
/** A changed setting by the key the log records: worded where the app knows it, else the key itself. */
const settingName = (key: string): PhraseArg =>
  (SETTINGS as readonly string[]).includes(key) ? phrase(`audit.setting.${key as (typeof SETTINGS)[number]}`) : key;

function settingsPhrase(e: AuditRecord): Phrase | undefined {
  const d = maskCardNumbers(e.detail ?? '');
  const environment = e.environment;
  switch (e.action) {
    case 'settings.change':
      return phrase('audit.settings.changed', { detail: listPhrase(d.split(', ').map(settingName)) });
    case 'environment.switch': {
      const refused = /^to (\S+): (.*)$/s.exec(d);
      if (refused) return phrase('audit.settings.switchRefused', { environment: refused[1]!, because: because(refused[2]) });
      const from = /^from (\S+)$/.exec(d);
      return from
        ? phrase('audit.settings.switchedFrom', { from: from[1]!, environment })
        : phrase('audit.settings.switched', { environment });
    }
    case 'connection.change':
      return phrase('audit.settings.connection', { environment, detail: d });
    case 'sandbox.console.open':
      return e.outcome === 'success'
        ? phrase('audit.settings.consoleOpened')
        : phrase('audit.settings.consoleRefused', { because: because(d) });
    case 'credential.set':
    case 'credential.clear': {
      const m = /^(password|token)(?:: (.*))?$/s.exec(d);
      const what = (m?.[1] ?? 'credential') as 'password' | 'token' | 'credential';
      if (e.action === 'credential.clear') return phrase(`audit.settings.${what}Cleared`, { environment });
      return e.outcome === 'success'
        ? phrase(`audit.settings.${what}Stored`, { environment })
        : phrase(`audit.settings.${what}NotStored`, { environment, because: because(m?.[2]) });
    }
    default:
      return undefined;
  }
}

function rolePhrase(e: AuditRecord): Phrase | undefined {
  const d = maskCardNumbers(e.detail ?? '');
  if (e.action === 'access') {
    const role = d.replace(/^profile /, '');
    return e.objectId ? phrase('audit.role.refusedAction', { action: e.objectId, role }) : phrase('audit.role.refusedAnAction', { role });
  }
  if (e.action === 'role.change') {
    const from = /^from (\S+) to (\S+)(?:: (.*))?$/s.exec(d);
    if (from && e.outcome === 'success') return phrase('audit.role.changed', { from: from[1]!, to: from[2]!, because: because(from[3]) });
    const to = /^to (\S+)(?:: (.*))?$/s.exec(d);
    if (to)
      return phrase(e.outcome === 'refused' ? 'audit.role.changeRefused' : 'audit.role.changeFailed', {
        to: to[1]!,
        because: because(to[2]),
      });
  }
  if (e.action === 'role.passphrase') {
    if (e.outcome === 'success') return d === 'changed' ? phrase('audit.role.passphraseChanged') : phrase('audit.role.passphraseSet');
    const why = { because: because(d.replace(/^change: /, '')) };
    return e.outcome === 'refused' ? phrase('audit.role.passphraseNotAccepted', why) : phrase('audit.role.passphraseNotChanged', why);
  }
  return undefined;
}

function bindingPhrase(e: AuditRecord): Phrase | undefined {
  const binding = e.objectId ?? '';
  const success = e.outcome === 'success';
  const failed = success ? undefined : (e.detail ?? '');
  switch (e.action) {
    case 'binding.disable':
      return success
        ? phrase('audit.binding.disabled', { binding })
        : phrase('audit.binding.notDisabled', { binding, because: because(failed) });
    case 'binding.enable':
      return success
        ? phrase('audit.binding.enabled', { binding })
        : phrase('audit.binding.notEnabled', { binding, because: because(failed) });
    case 'binding.extend': {
      const m = /^to (\d{4})(\d{2})(?:: (.*))?$/s.exec(e.detail ?? '');
      const until = m ? phrase('audit.binding.until', { month: m[2]!, year: m[1]! }) : '';
      return success
        ? phrase('audit.binding.extended', { binding, until })
        : phrase('audit.binding.notExtended', { binding, until, because: because(m?.[3] ?? failed) });
    }
    default:
      return undefined;
  }
}

function limitsPhrase(e: AuditRecord): Phrase | undefined {
  const d = maskCardNumbers(e.detail ?? '');
  if (e.action === 'chargeMaximum.change') {
    const object = e.objectId ?? '';
    return e.outcome === 'success'
      ? phrase('audit.limits.maximum', { object, detail: d.replace(/^per-charge maximum in \S+: /, '') })
      : phrase('audit.limits.maximumRefused', { object, because: because(d) });
  }
  if (e.action === 'currencies.change')
    return phrase('audit.limits.currencies', { environment: e.environment, detail: d.replace(/^accepted currencies: /, '') });
  return undefined;
}

/** A reconciliation: its period (the object "from/to", ISO instants) and its counts (the facts). */
function reconciliationPhrase(e: AuditRecord): Phrase | undefined {
  if (e.action !== 'reconciliation.run') return undefined;
  const [fromIso, toIso] = (e.objectId ?? '').split('/');
  const from = Date.parse(fromIso ?? '');
  const to = Date.parse(toIso ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  const period = { from: { at: from }, to: { at: to } };
  const counts = ['matched', 'disagrees', 'notInJournal', 'open'].map((k) => integer(e.facts, k));
  const [matched, disagrees, notInJournal, open] = counts;
  if (e.outcome === 'success' && matched !== undefined && disagrees !== undefined && notInJournal !== undefined && open !== undefined)
    return phrase('audit.reconciliation.done', { ...period, matched, disagrees, notInJournal, open });
  return phrase('audit.reconciliation.unsynced', { ...period, because: because(e.detail) });
}

/** Each action the app records, by the code the log keeps, named as the Audit's column and filter say it. */
const ACTIONS: Readonly<Record<string, Extract<PhraseCode, `audit.action.${string}`>>> = {
  charge: 'audit.action.charge',
  deposit: 'audit.action.deposit',
  reverse: 'audit.action.reverse',
  refund: 'audit.action.refund',
  'signingKey.generate': 'audit.action.keyGenerate',
  'signingKey.import': 'audit.action.keyImport',
  'signingKey.export': 'audit.action.keyExport',
  'signingKey.activate': 'audit.action.keyActivate',
  'signingKey.retire': 'audit.action.keyRetire',
  'signingKey.testSign': 'audit.action.keyTestSign',
  'settings.change': 'audit.action.settingsChange',
  'environment.switch': 'audit.action.environmentSwitch',
  'connection.change': 'audit.action.connectionChange',
  'credential.set': 'audit.action.credentialSet',
  'credential.clear': 'audit.action.credentialClear',
  'sandbox.console.open': 'audit.action.consoleOpen',
  access: 'audit.action.access',
  'role.change': 'audit.action.roleChange',
  'role.passphrase': 'audit.action.rolePassphrase',
  'binding.disable': 'audit.action.bindingDisable',
  'binding.enable': 'audit.action.bindingEnable',
  'binding.extend': 'audit.action.bindingExtend',
  'chargeMaximum.change': 'audit.action.chargeMaximum',
  'currencies.change': 'audit.action.currencies',
  'reconciliation.run': 'audit.action.reconciliation',
};

/** An action's name in words; one this version does not know (written by a newer one) keeps its code. */
export const auditActionPhrase = (action: string): Phrase => {
  const code = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  return code && code !== 'audit.action.other' ? phrase(code) : phrase('audit.action.other', { action });
};

/**
 * The entry as a phrase for the screen. `order` is what is known of the order an operation (deposit,
 * reverse, refund) was made on, for its currency; without it the amount is said in minor units.
 */
export function auditPhrase(e: AuditRecord, order?: OrderFacts): Phrase {
  const said =
    e.action === 'charge'
      ? chargePhrase(e, order)
      : e.action === 'deposit' || e.action === 'reverse' || e.action === 'refund'
        ? operationPhrase(e, e.action, order)
        : e.action.startsWith('signingKey.')
          ? keyPhrase(e)
          : (settingsPhrase(e) ?? rolePhrase(e) ?? bindingPhrase(e) ?? limitsPhrase(e) ?? reconciliationPhrase(e));
  // An action this module does not know yet still reads as what it is, with its detail.
  return said ?? phrase('audit.other', { action: e.action, outcome: e.outcome, detail: e.detail ? `: ${maskCardNumbers(e.detail)}` : '' });
}

/** The entry in English, as the CSV export's `words` column has it. */
export const auditWords = (e: AuditRecord, order?: OrderFacts): string => maskCardNumbers(english(auditPhrase(e, order)));
