/**
 * An audit entry in words, for people: "Charged RUB 12.50 to 411111******1111, order shop-42", "Refunded
 * RUB 10.00 of order 6c1f…", "Signing key 3F:A2:…:9C:01 activated". Built when the log is read, from the
 * entry's facts, typed by its action (main/store/auditEvents.ts; entries of earlier versions got theirs from
 * their detail line when the database was migrated), never from the detail line itself. The raw values stay in the entry and in the
 * CSV export; these words are only how the screen says them: a phrase (main/phrases/en/audit.ts) the
 * renderer words in the language shown, whose English is the export's `words` column. A reason the entry
 * recorded is quoted as it was recorded (the log's stable English). Nothing here adds a card number: a card
 * appears only as the masked one an entry already holds, and every text taken from the entry is masked again.
 */
import { english } from '../phrases/english.js';
import { listPhrase, phrase, type Phrase, type PhraseArg, type PhraseCode } from '../phrases/phrase.js';
import type { AuditFilter, AuditLog, AuditRecord } from '../store/audit.js';
import { auditEventOf, isAuditAction, type AuditAction, type AuditEvent, type AuditFactsOf } from '../store/auditEvents.js';
import { maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';

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
export async function auditEntries(
  audit: AuditLog,
  filter: Omit<AuditFilter, 'outcome' | 'before' | 'limit'> & { readonly outcome?: ShownOutcome },
  limit: number,
): Promise<AuditRecord[]> {
  const { outcome, ...rest } = filter;
  if (outcome !== 'failure' && outcome !== 'unknown') return await audit.query({ ...rest, ...(outcome ? { outcome } : {}), limit });
  const found: AuditRecord[] = [];
  let before: AuditFilter['before'];
  for (;;) {
    const chunk = await audit.query({ ...rest, outcome: 'failure', ...(before ? { before } : {}), limit: CHUNK });
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
  const event = auditEventOf(e.action, e.facts);
  const state = event?.action === 'charge' && 'state' in event.facts ? event.facts.state : undefined;
  return state !== undefined && NOT_KNOWN.has(state) ? 'unknown' : e.outcome;
}

type Facts<A extends AuditAction> = AuditFactsOf<A>;

/** A fingerprint short enough to read, long enough to tell keys apart: its first and last four bytes. */
const shortFingerprint = (fp: string): string => {
  const bytes = fp.split(':');
  return bytes.length > 8 ? `${bytes.slice(0, 4).join(':')}:…:${bytes.slice(-4).join(':')}` : fp;
};

/** ": reason" without the reason's closing stop, or nothing. */
const because = (reason: string | undefined): PhraseArg =>
  reason ? phrase('audit.because', { reason: maskCardNumbers(reason).replace(/[.\s]+$/, '') }) : '';

function chargePhrase(f: Facts<'charge'>, e: AuditRecord, order: OrderFacts | undefined): Phrase {
  const orderId = e.objectType === 'order' && e.objectId ? e.objectId : undefined;
  if (!('state' in f)) {
    // A refusal before anything was journalled: the object is the card's binding.
    const refused = e.outcome === 'refused';
    const why = { because: because(f.reason) };
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
  const money = { minor: f.amount, currency: f.currency };
  const stored = phrase('audit.storedCard', { binding: f.bindingId });
  const card = f.maskedPan ? phrase('audit.card', { pan: f.maskedPan }) : stored;
  const where = orderId ? phrase('audit.whereOrder', { order: orderId }) : '';
  const said = { money, card, where, because: because(f.reason) };
  switch (f.state) {
    case 'PAID':
      return phrase('audit.charge.paid', { money, card: f.maskedPan ?? stored, where });
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
      return phrase('audit.charge.other', { ...said, state: f.state.toLowerCase() });
  }
}

type OperationKind = 'deposit' | 'reverse' | 'refund';

const orderOf = (e: AuditRecord, order: OrderFacts | undefined): Phrase => {
  const name = order?.orderNumber ?? e.objectId;
  return name ? phrase('audit.order', { order: name }) : phrase('audit.anOrder');
};

function operationPhrase(kind: OperationKind, f: Facts<OperationKind>, e: AuditRecord, facts: OrderFacts | undefined): Phrase {
  const order = orderOf(e, facts);
  if (!('state' in f)) return phrase(`audit.${kind}.notSent`, { order, because: because(f.reason) });
  const { state, amount } = f;
  // An amount of 0 is "all of it" to the gateway; a whole reversal has none.
  const money: PhraseArg | undefined =
    amount === undefined || amount === 0
      ? undefined
      : facts?.currency
        ? { minor: amount, currency: facts.currency }
        : phrase('audit.minorUnits', { amount });
  const why = { order, because: because(f.reason) };
  const sentence =
    state === 'DONE'
      ? kind === 'reverse'
        ? phrase('audit.reverse.done', { order })
        : money
          ? phrase(`audit.${kind}.doneAmount`, { order, money })
          : phrase(`audit.${kind}.done`, { order })
      : state === 'REFUSED'
        ? money
          ? phrase(`audit.${kind}.refusedAmount`, { ...why, money })
          : phrase(`audit.${kind}.refused`, why)
        : state === 'UNKNOWN'
          ? money
            ? phrase(`audit.${kind}.unknownAmount`, { ...why, money })
            : phrase(`audit.${kind}.unknown`, why)
          : money
            ? phrase(`audit.${kind}.otherAmount`, { ...why, state: state.toLowerCase(), money })
            : phrase(`audit.${kind}.other`, { ...why, state: state.toLowerCase() });
  return f.operatorReason
    ? phrase('app.joined', { first: sentence, second: phrase('audit.reasonGiven', { reason: f.operatorReason }) })
    : sentence;
}

type KeyAction = Extract<AuditAction, `signingKey.${string}`>;
type KeyWord = KeyAction extends `signingKey.${infer W}` ? W : never;
const NOT: Readonly<Record<KeyWord, `not${Capitalize<KeyWord>}`>> = {
  generate: 'notGenerate',
  import: 'notImport',
  export: 'notExport',
  activate: 'notActivate',
  retire: 'notRetire',
  testSign: 'notTestSign',
};

function keyPhrase(action: KeyAction, f: Facts<KeyAction>, e: AuditRecord): Phrase {
  const key = f.fingerprint ? phrase('audit.key.key', { fingerprint: shortFingerprint(f.fingerprint) }) : phrase('audit.key.anyKey');
  const done = action.slice('signingKey.'.length) as KeyWord;
  return phrase(`audit.key.${e.outcome === 'success' ? done : NOT[done]}`, { key, because: because(f.reason) });
}

const SETTINGS = ['language', 'theme', 'gatewayUrls'] as const;
/** A changed setting by the key the log records: worded where the app knows it, else the key itself. */
const settingName = (key: string): PhraseArg =>
  (SETTINGS as readonly string[]).includes(key) ? phrase(`audit.setting.${key as (typeof SETTINGS)[number]}`) : key;

function credentialPhrase(action: 'credential.set' | 'credential.clear', f: Facts<'credential.set'>, e: AuditRecord): Phrase {
  const what = f.credential ?? 'credential';
  const environment = e.environment;
  if (action === 'credential.clear') return phrase(`audit.settings.${what}Cleared`, { environment });
  return e.outcome === 'success'
    ? phrase(`audit.settings.${what}Stored`, { environment })
    : phrase(`audit.settings.${what}NotStored`, { environment, because: because(f.reason) });
}

function teamDatabasePhrase(f: Facts<'teamDatabase.change'>, e: AuditRecord): Phrase {
  if (e.outcome !== 'success') return phrase('audit.team.notChanged', { because: because(f.reason) });
  const password = f.password ? phrase(`audit.team.password.${f.password}`) : '';
  if (!f.database) return phrase('audit.team.off', { password });
  return phrase('audit.team.set', { database: f.database, user: f.user ?? '', tls: f.tls ?? '', password });
}

function movedRecordsPhrase(f: Facts<'teamDatabase.moveRecords'>, e: AuditRecord): Phrase {
  if (e.outcome !== 'success') return phrase('audit.team.notMoved', { database: f.database, because: because(f.reason) });
  return phrase('audit.team.moved', {
    database: f.database,
    charges: f.charges,
    operations: f.operations,
    auditEntries: f.auditEntries,
    kept: f.kept,
  });
}

function rolePhrase(f: Facts<'role.change'>, e: AuditRecord): Phrase {
  const why = because(f.reason);
  if (f.from && f.to && e.outcome === 'success') return phrase('audit.role.changed', { from: f.from, to: f.to, because: why });
  const to = f.to ?? '';
  return phrase(e.outcome === 'refused' ? 'audit.role.changeRefused' : 'audit.role.changeFailed', { to, because: why });
}

function passphrasePhrase(f: Facts<'role.passphrase'>, e: AuditRecord): Phrase {
  if (e.outcome === 'success')
    return f.passphrase === 'changed' ? phrase('audit.role.passphraseChanged') : phrase('audit.role.passphraseSet');
  const why = { because: because(f.reason) };
  return e.outcome === 'refused' ? phrase('audit.role.passphraseNotAccepted', why) : phrase('audit.role.passphraseNotChanged', why);
}

function operatorPhrase(
  event: Extract<
    AuditEvent,
    {
      action: 'operator.signIn' | 'operator.add' | 'operator.change' | 'operator.password' | 'operator.endSessions' | 'operator.twoFactor';
    }
  >,
  e: AuditRecord,
): Phrase {
  const login = e.objectId ?? '';
  const why = because(event.facts.reason);
  const done = e.outcome === 'success';
  switch (event.action) {
    case 'operator.signIn':
      return done ? phrase('audit.operator.signedIn', { login }) : phrase('audit.operator.notSignedIn', { login, because: why });
    case 'operator.add': {
      const role = phrase(`roles.role.${event.facts.role}`);
      return done ? phrase('audit.operator.added', { login, role }) : phrase('audit.operator.notAdded', { login, role, because: why });
    }
    case 'operator.change':
      return done && event.facts.change
        ? phrase('audit.operator.changed', { login, change: event.facts.change })
        : phrase('audit.operator.notChanged', { login, because: why });
    case 'operator.password':
      return done ? phrase('audit.operator.passwordSet', { login }) : phrase('audit.operator.passwordNotSet', { login, because: why });
    case 'operator.endSessions':
      return done ? phrase('audit.operator.sessionsEnded', { login }) : phrase('audit.operator.sessionsNotEnded', { login, because: why });
    case 'operator.twoFactor':
      return done
        ? phrase(`audit.operator.twoFactor.${event.facts.event}`, { login })
        : phrase(`audit.operator.twoFactor.not.${event.facts.event}`, { login, because: why });
  }
}

function bindingPhrase(action: 'binding.disable' | 'binding.enable', f: Facts<'binding.disable'>, e: AuditRecord): Phrase {
  const binding = e.objectId ?? '';
  const success = e.outcome === 'success';
  if (action === 'binding.disable')
    return success
      ? phrase('audit.binding.disabled', { binding })
      : phrase('audit.binding.notDisabled', { binding, because: because(f.reason) });
  return success
    ? phrase('audit.binding.enabled', { binding })
    : phrase('audit.binding.notEnabled', { binding, because: because(f.reason) });
}

function extendPhrase(f: Facts<'binding.extend'>, e: AuditRecord): Phrase {
  const binding = e.objectId ?? '';
  const until = f.until ? phrase('audit.binding.until', { month: f.until.slice(4), year: f.until.slice(0, 4) }) : '';
  return e.outcome === 'success'
    ? phrase('audit.binding.extended', { binding, until })
    : phrase('audit.binding.notExtended', { binding, until, because: because(f.reason) });
}

/** A step of an approval request (the entry's object is the request's id). */
function approvalPhrase(f: Facts<'approval'>, e: AuditRecord): Phrase {
  const request = e.objectId ?? '';
  const what = {
    request,
    action: f.action ? phrase(`approval.action.${f.action}`) : '',
    money: f.amount !== undefined && f.currency ? { minor: f.amount, currency: f.currency } : '',
    subject: f.subject ?? '',
  };
  switch (f.step) {
    case 'asked':
      return phrase('audit.approval.asked', { ...what, because: because(f.reason) });
    case 'approved':
      return phrase('audit.approval.approved', { ...what, requester: f.requester ?? '' });
    case 'withdrawn':
      return phrase('audit.approval.withdrawn', what);
    case 'declined':
      return phrase('audit.approval.declined', { ...what, requester: f.requester ?? '' });
    case 'notApproved':
      return phrase('audit.approval.notApproved', { request, because: because(f.reason) });
    case 'notEnded':
      return phrase('audit.approval.notEnded', { request, because: because(f.reason) });
  }
}

/** A reconciliation: its period (the object "from/to", ISO instants) and its counts. */
function reconciliationPhrase(f: Facts<'reconciliation.run'>, e: AuditRecord): Phrase | undefined {
  const [fromIso, toIso] = (e.objectId ?? '').split('/');
  const from = Date.parse(fromIso ?? '');
  const to = Date.parse(toIso ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  const period = { from: { at: from }, to: { at: to } };
  if (e.outcome === 'success')
    return phrase('audit.reconciliation.done', {
      ...period,
      matched: f.matched,
      disagrees: f.disagrees,
      notInJournal: f.notInJournal,
      open: f.open,
    });
  return phrase('audit.reconciliation.unsynced', { ...period, because: because(f.reason) });
}

/** The event in words: one case an action, so an action without words does not compile. */
function eventPhrase(event: AuditEvent, e: AuditRecord, order: OrderFacts | undefined): Phrase | undefined {
  switch (event.action) {
    case 'charge':
      return chargePhrase(event.facts, e, order);
    case 'deposit':
    case 'reverse':
    case 'refund':
      return operationPhrase(event.action, event.facts, e, order);
    case 'signingKey.generate':
    case 'signingKey.import':
    case 'signingKey.export':
    case 'signingKey.activate':
    case 'signingKey.retire':
    case 'signingKey.testSign':
      return keyPhrase(event.action, event.facts, e);
    case 'settings.change':
      return phrase('audit.settings.changed', { detail: listPhrase(event.facts.changed.map(settingName)) });
    case 'environment.switch': {
      const f = event.facts;
      if (f.to) return phrase('audit.settings.switchRefused', { environment: f.to, because: because(f.reason) });
      return f.from
        ? phrase('audit.settings.switchedFrom', { from: f.from, environment: e.environment })
        : phrase('audit.settings.switched', { environment: e.environment });
    }
    case 'connection.change':
      return phrase('audit.settings.connection', { environment: e.environment, detail: event.facts.changed.join(', ') });
    case 'credential.set':
    case 'credential.clear':
      return credentialPhrase(event.action, event.facts, e);
    case 'teamDatabase.change':
      return teamDatabasePhrase(event.facts, e);
    case 'teamDatabase.moveRecords':
      return movedRecordsPhrase(event.facts, e);
    case 'sandbox.console.open':
      return e.outcome === 'success'
        ? phrase('audit.settings.consoleOpened')
        : phrase('audit.settings.consoleRefused', { because: because(event.facts.reason) });
    case 'access': {
      const action = e.objectId ?? '';
      const role = event.facts.role;
      return role === undefined ? phrase('audit.role.refusedSignedOut', { action }) : phrase('audit.role.refusedAction', { action, role });
    }
    case 'role.change':
      return rolePhrase(event.facts, e);
    case 'role.passphrase':
      return passphrasePhrase(event.facts, e);
    case 'role.abandon':
      return phrase(`audit.role.abandoned.${event.facts.why}`);
    case 'operator.signIn':
    case 'operator.add':
    case 'operator.change':
    case 'operator.password':
    case 'operator.endSessions':
    case 'operator.twoFactor':
      return operatorPhrase(event, e);
    case 'operator.session':
      return phrase(`audit.operator.session.${event.facts.event}`, { login: e.objectId ?? '' });
    case 'binding.disable':
    case 'binding.enable':
      return bindingPhrase(event.action, event.facts, e);
    case 'binding.extend':
      return extendPhrase(event.facts, e);
    case 'chargeMaximum.change': {
      const object = e.objectId ?? '';
      const f = event.facts;
      return e.outcome === 'success' && f.change
        ? phrase('audit.limits.maximum', { object, detail: f.change })
        : phrase('audit.limits.maximumRefused', { object, because: because(f.reason) });
    }
    case 'approval':
      return approvalPhrase(event.facts, e);
    case 'approvalThreshold.change': {
      const object = e.objectId ?? '';
      const f = event.facts;
      return e.outcome === 'success' && f.change
        ? phrase('audit.approval.threshold', { object, detail: f.change })
        : phrase('audit.approval.thresholdRefused', { object, because: because(f.reason) });
    }
    case 'currencies.change':
      return phrase('audit.limits.currencies', { environment: e.environment, detail: event.facts.change });
    case 'reconciliation.run':
      return reconciliationPhrase(event.facts, e);
    default:
      return unreachable(event);
  }
}

const unreachable = (event: never): never => {
  throw new Error(`an audit action without words: ${JSON.stringify(event)}`);
};

/** Each action the app records, by the code the log keeps, named as the Audit's column and filter say it. */
const ACTIONS: { readonly [A in AuditAction]: Exclude<Extract<PhraseCode, `audit.action.${string}`>, 'audit.action.other'> } = {
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
  'teamDatabase.change': 'audit.action.teamDatabase',
  'teamDatabase.moveRecords': 'audit.action.teamMoveRecords',
  'credential.set': 'audit.action.credentialSet',
  'credential.clear': 'audit.action.credentialClear',
  'sandbox.console.open': 'audit.action.consoleOpen',
  access: 'audit.action.access',
  'role.change': 'audit.action.roleChange',
  'role.passphrase': 'audit.action.rolePassphrase',
  'role.abandon': 'audit.action.roleAbandon',
  'operator.signIn': 'audit.action.operatorSignIn',
  'operator.add': 'audit.action.operatorAdd',
  'operator.change': 'audit.action.operatorChange',
  'operator.password': 'audit.action.operatorPassword',
  'operator.session': 'audit.action.operatorSession',
  'operator.endSessions': 'audit.action.operatorEndSessions',
  'operator.twoFactor': 'audit.action.operatorTwoFactor',
  'binding.disable': 'audit.action.bindingDisable',
  'binding.enable': 'audit.action.bindingEnable',
  'binding.extend': 'audit.action.bindingExtend',
  'chargeMaximum.change': 'audit.action.chargeMaximum',
  'currencies.change': 'audit.action.currencies',
  'reconciliation.run': 'audit.action.reconciliation',
  approval: 'audit.action.approval',
  'approvalThreshold.change': 'audit.action.approvalThreshold',
};

/** An action's name in words; one this version does not know (written by a newer one) keeps its code. */
export const auditActionPhrase = (action: string): Phrase => {
  // Typed as a Phrase by hand: TypeScript matches a phrase of a union of codes against the union of phrases
  // only up to 25 codes, and there are more actions than that.
  return isAuditAction(action) ? (phrase(ACTIONS[action]) as Phrase) : phrase('audit.action.other', { action });
};

/**
 * The entry as a phrase for the screen. `order` is what is known of the order an operation (deposit,
 * reverse, refund) was made on, for its currency; without it the amount is said in minor units.
 */
export function auditPhrase(e: AuditRecord, order?: OrderFacts): Phrase {
  // Every text the words take from the entry is masked again, however it was written.
  const event = auditEventOf(e.action, e.facts === undefined ? undefined : maskCardNumbersIn(e.facts));
  const said = event && eventPhrase(event, e, order);
  if (said) return said;
  // An entry that kept only its detail, or of an action a newer version knows: what it is, with its detail.
  if (e.action === 'deposit' || e.action === 'reverse' || e.action === 'refund')
    return phrase(`audit.${e.action}.unread`, { order: orderOf(e, order), outcome: e.outcome, because: because(e.detail) });
  return phrase('audit.other', { action: e.action, outcome: e.outcome, detail: e.detail ? `: ${maskCardNumbers(e.detail)}` : '' });
}

/** The entry in English, as the CSV export's `words` column has it. */
export const auditWords = (e: AuditRecord, order?: OrderFacts): string => maskCardNumbers(english(auditPhrase(e, order)));
