/**
 * What each channel does, over the app core. Inputs arrive already validated by the dispatcher; results
 * are plain data shaped by the contract, built here field by field so that nothing the contract does not
 * name (a client, a credential) can ride along.
 */
import { ENVIRONMENT_KINDS } from '../gateway/environments.js';
import type { AppCore } from '../services/appCore.js';
import { auditCsv } from '../services/auditExport.js';
import { auditActionPhrase, auditOutcome, auditPhrase, type OrderFacts } from '../services/auditWords.js';
import type { AuditRecord } from '../store/audit.js';
import { BatchInputError } from '../services/batchInput.js';
import { BatchRetryError, UnknownBatchError, type BatchLine } from '../services/batchLookups.js';
import { EXPIRY_SOON_DAYS } from '../services/bindings.js';
import type { OperationOutcome } from '../services/orderOperations.js';
import { maskCardField, maskCardNumbers } from '../domain/cardNumbers.js';
import { EXPIRY_WARNING_DAYS, SigningKeyError, type SigningKeyView as KeyRecordView } from '../services/signingKeys.js';
import { SANDBOX_MERCHANT } from '../sandbox/index.js';
import { StoredCards, type StoredCard, type StoredCardChange } from '../services/storedCards.js';
import { VaultUnavailableError } from '../vault/errors.js';
import { saidOf } from '../services/settings.js';
import { CONTRACT_VERSION } from './channels.js';
import {
  MAX_KEY_DAYS,
  type AppInfo,
  type AuditEntryView,
  type BatchRow,
  type ConnectionView,
  type EnvironmentName,
  type OperationResult,
  type SettingsView,
  type SigningKeysView,
  type SigningKeyView,
  type StoredCardChanged,
  type StoredCardsFound,
  type StoredCardView,
} from './contract.js';
import { createChargeHandlers } from './chargeHandlers.js';
import { createChargeLimitHandlers } from './chargeLimitHandlers.js';
import { createPeriodHandlers } from './periodHandlers.js';
import type { Handlers } from './dispatcher.js';
import { confirmedEnvironment } from './confirmedEnvironment.js';
import { phrase } from '../phrases/phrase.js';
import { IpcFailure } from './errors.js';
import type { EventHub } from './events.js';
import { createRoleHandlers } from './roleHandlers.js';
import { createSavedViewHandlers } from './savedViewHandlers.js';
import { createSandboxConsoleHandlers } from './sandboxConsoleHandlers.js';
import { createCustomerHandlers } from './customerHandlers.js';

export interface HandlerContext {
  readonly core: AppCore;
  readonly events: EventHub;
  readonly app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'dataFolder'>;
}

async function connectionView(core: AppCore, environment: EnvironmentName): Promise<ConnectionView> {
  const c = core.settings.connection(environment);
  const problems = core.settings.connectionProblems(environment);
  // A keychain that cannot be read leaves the credentials unknown (not "not set"); the settings view says why
  // once, in keychainProblem, rather than in every connection.
  let credentials: ConnectionView['credentials'];
  try {
    credentials = await core.settings.credentialStatus(environment);
  } catch (err) {
    if (!(err instanceof VaultUnavailableError)) problems.push(...saidOf(err));
  }
  let effectiveBaseUrl: string | undefined;
  try {
    effectiveBaseUrl = core.settings.baseUrl(environment, core.sandbox.url);
  } catch (err) {
    problems.push(...saidOf(err));
  }
  return {
    ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
    authMode: c.authMode,
    ...(c.userName ? { userName: c.userName } : {}),
    ...(c.merchantLogin ? { merchantLogin: c.merchantLogin } : {}),
    signatureRequired: c.signatureRequired,
    ...(credentials ? { credentials } : {}),
    ...(effectiveBaseUrl ? { effectiveBaseUrl } : {}),
    ...(problems.length > 0 ? { problem: problems } : {}),
  };
}

async function settingsView(core: AppCore): Promise<SettingsView> {
  const g = core.settings.general();
  const own = core.settings.preferences(core.roles.role());
  const entries = await Promise.all(ENVIRONMENT_KINDS.map(async (e) => [e, await connectionView(core, e)] as const));
  const refused = core.switchRefused;
  const keychainProblem = await core.settings.keychainProblem();
  return {
    general: { environment: g.environment, language: own.language, ...(own.theme ? { theme: own.theme } : {}) },
    connections: Object.fromEntries(entries) as SettingsView['connections'],
    ...(refused ? { switchRefused: { environment: refused.environment, reason: refused.reason, at: refused.at } } : {}),
    ...(keychainProblem ? { keychainProblem } : {}),
  };
}

/** One audit entry in the contract's terms, with its words. */
function auditEntryView(e: AuditRecord, order: OrderFacts | undefined): AuditEntryView {
  return {
    id: e.id,
    at: e.at,
    osUser: e.osUser,
    environment: e.environment,
    action: e.action,
    actionSaid: auditActionPhrase(e.action),
    outcome: auditOutcome(e),
    ...(e.objectType !== undefined ? { objectType: e.objectType } : {}),
    ...(e.objectId !== undefined ? { objectId: e.objectId } : {}),
    ...(e.detail !== undefined ? { detail: e.detail } : {}),
    ...(e.role !== undefined ? { role: e.role } : {}),
    said: auditPhrase(e, order),
  };
}

/**
 * What the app knows of an entry's order, for the words: for an operation, what the cache of looked-up
 * orders knows (its currency); for a charge, its state in the charge journal now. Only in the environment
 * open now, whose cache and journal the services read. Asked once per order per read.
 */
function orderFactsOf(core: AppCore): (e: AuditRecord) => OrderFacts | undefined {
  const known = new Map<string, OrderFacts | undefined>();
  return (e) => {
    const charge = e.action === 'charge';
    if ((!charge && !OPERATIONS.has(e.action)) || e.objectType !== 'order' || !e.objectId || e.environment !== core.services.environment)
      return undefined;
    const id = e.objectId;
    const key = `${e.action === 'charge' ? 'charge' : 'operation'} ${id}`;
    if (!known.has(key)) {
      if (charge) {
        const row = core.services.charges.journal.byOrderNumber(core.services.environment, id);
        known.set(key, row ? { chargeState: row.state } : undefined);
      } else {
        const o = core.services.orders.cachedOrder(id);
        known.set(key, o ? { currency: o.currency, orderNumber: o.orderNumber } : undefined);
      }
    }
    return known.get(key);
  };
}
const OPERATIONS = new Set(['deposit', 'reverse', 'refund']);

function batchRow({ line, result: r }: BatchLine): BatchRow {
  if (r.kind === 'failed') return { line, query: r.query, result: r.kind, reason: r.reason, ...(r.detail ? { detail: r.detail } : {}) };
  if (r.kind !== 'found') return { line, query: r.query, result: r.kind };
  const o = r.order;
  return {
    line,
    query: r.query,
    result: r.kind,
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    ...(o.status !== undefined ? { status: o.status } : {}),
    statusWords: o.statusWords,
    paid: o.paid,
    amount: o.amount,
    exponent: o.exponent,
    currency: o.currencyAlpha ?? o.currency,
    ...(o.card?.maskedPan ? { maskedPan: o.card.maskedPan } : {}),
    ...(o.registeredAt !== undefined ? { registeredAt: o.registeredAt } : {}),
    // The gateway's reason matters where something did not go through; "processed successfully" is noise.
    ...(o.actionCodeDescription && o.actionCode !== 0
      ? { reason: [phrase('batch.gatewayReason', { reason: o.actionCodeDescription })] }
      : {}),
  };
}

/** Failures of the batch layer in the contract's terms. */
function batchCall<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof UnknownBatchError) throw new IpcFailure('notFound', err.said);
    if (err instanceof BatchInputError || err instanceof BatchRetryError) throw new IpcFailure('invalidInput', err.said);
    throw err;
  }
}

function keyView(k: KeyRecordView): SigningKeyView {
  return {
    id: k.id,
    subject: k.subject,
    fingerprint256: k.fingerprint256,
    notBefore: k.notBefore,
    notAfter: k.notAfter,
    state: k.state,
    expired: k.expired,
    expiresSoon: k.expiresSoon,
    daysLeft: k.daysLeft,
  };
}

/** The current environment's keys; the private keys stay in the keychain and nothing of them is here. */
async function keysView(core: AppCore): Promise<SigningKeysView> {
  const environment = core.services.environment;
  const connection = core.settings.connection(environment);
  // The sandbox's merchant is fixed (its credentials are public), so its login is known without settings.
  const merchantLogin = connection.merchantLogin ?? (environment === 'sandbox' ? SANDBOX_MERCHANT.login : undefined);
  const keychainProblem = await core.settings.keychainProblem();
  return {
    environment,
    keys: core.keys.list(environment).map(keyView),
    ...(merchantLogin ? { merchantLogin } : {}),
    signatureRequired: connection.signatureRequired,
    expiryWarningDays: EXPIRY_WARNING_DAYS,
    maxDays: MAX_KEY_DAYS,
    // Generating or importing keeps a private key in the keychain: the screen says so before, not after.
    ...(keychainProblem ? { keychainProblem } : {}),
  };
}

/** Failures of the signing-key service in the contract's terms. */
async function keyCall<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof SigningKeyError) throw new IpcFailure(err.reason === 'notFound' ? 'notFound' : 'invalidInput', err.said);
    throw err;
  }
}

/** A file name that says which key's certificate it is: the environment and the fingerprint's start. */
const certificateFileName = (environment: string, fingerprint256: string) =>
  `signing-certificate-${environment}-${fingerprint256.replace(/:/g, '').slice(0, 16).toLowerCase()}.pem`;

/** One stored card in the contract's terms: the masked card only, never more. */
function storedCardView(c: StoredCard): StoredCardView {
  return {
    bindingId: c.bindingId,
    ...(c.clientId !== undefined ? { clientId: c.clientId } : {}),
    category: c.category,
    // The gateway masks card numbers; masked once more in case a gateway ever sends more.
    ...(c.maskedPan ? { maskedPan: maskCardField(c.maskedPan) } : {}),
    ...(c.paymentSystem ? { paymentSystem: c.paymentSystem } : {}),
    ...(c.displayLabel ? { displayLabel: maskCardNumbers(c.displayLabel) } : {}),
    ...(c.expiry ? { expiry: c.expiry } : {}),
    expired: c.expired,
    expiresSoon: c.expiresSoon,
    enabled: c.enabled,
    ...(c.disabledAt !== undefined ? { disabledAt: c.disabledAt } : {}),
  };
}

function storedCardsFound(
  searchedBy: StoredCardsFound['searchedBy'],
  query: string,
  showExpired: boolean,
  cards: StoredCard[],
): StoredCardsFound {
  const views = cards.map(storedCardView);
  return {
    searchedBy,
    query,
    showExpired,
    groups: {
      common: views.filter((c) => c.category === 'COMMON'),
      recurrent: views.filter((c) => c.category === 'RECURRENT'),
      installment: views.filter((c) => c.category === 'INSTALLMENT'),
    },
    other: views.filter((c) => c.category === 'UNKNOWN'),
    total: views.length,
    expirySoonDays: EXPIRY_SOON_DAYS,
  };
}

const storedCardChanged = (change: StoredCardChanged['change'], r: StoredCardChange): StoredCardChanged => ({
  change,
  card: storedCardView(r.card),
  listedByGateway: r.listedByGateway,
});

/** A masked card number as the gateway shows them: first 6 and last 4 digits. */
export function createHandlers({ core, events, app }: HandlerContext): Handlers {
  const batches = core.batchLookups;
  // The batches' progress, to the screens; a batch charge's also means the charge journal changed.
  core.onBatchProgress((progress) => {
    events.publish(progress);
    if (progress.type === 'chargeBatch.progress') events.publish({ type: 'charges.changed' });
  });

  const changed = async (): Promise<SettingsView> => {
    events.publish({ type: 'settings.changed' });
    return settingsView(core);
  };

  const operation = async (
    kind: OperationResult['operation'],
    confirmedIn: EnvironmentName,
    run: () => Promise<OperationOutcome>,
    orderId: string,
  ): Promise<OperationResult> => {
    confirmedEnvironment(core.services.environment, confirmedIn, phrase('charge.notDone.sent'));
    const outcome = await run();
    if (outcome.kind === 'notSent') return { operation: kind, outcome: 'notSent', reason: outcome.reason };
    if (outcome.kind === 'wayChanged') {
      const { chance, reversible } = outcome.plan;
      const way = kind === 'reverse' ? 'refund' : 'reverse';
      return { operation: kind, outcome: 'wayChanged', plan: { way, chance, ...(reversible !== undefined ? { reversible } : {}) } };
    }
    if (outcome.kind === 'needsConfirmation') {
      return {
        operation: kind,
        outcome: 'needsConfirmation',
        earlier: outcome.earlier.map((o) => ({ at: o.createdAt, amount: o.amount ?? 0, operator: o.operator })),
      };
    }
    const op = outcome.operation;
    // The order as it is now, so the screen shows the new state. Unreadable now, the screen gets the cached
    // view marked as such (never the view from before the operation shown as live, with its money actions).
    const now = await core.services.orders.current(orderId).catch(() => undefined);
    return {
      operation: kind,
      outcome: outcome.kind,
      ...(op.amount !== undefined ? { amount: op.amount } : {}),
      ...(op.reason ? { reason: op.reason } : {}),
      ...(now?.kind === 'found' ? { order: now.order } : {}),
      ...(now?.kind === 'cached'
        ? { cached: { order: now.order, fetchedAt: now.fetchedAt, reason: now.reason, ...(now.detail ? { detail: now.detail } : {}) } }
        : {}),
    };
  };

  const storedCards = () =>
    new StoredCards({ environment: core.services.environment, bindings: core.services.bindings, known: core.knownBindings });

  return {
    'app.info': () => ({
      ...app,
      contractVersion: CONTRACT_VERSION,
      environment: core.services.environment,
      sandboxUrl: core.sandbox.url,
    }),
    'settings.get': () => settingsView(core),
    'settings.updateGeneral': async (change) => {
      await core.updateGeneral(change);
      return changed();
    },
    'settings.setPreferences': async (change) => {
      await core.updatePreferences(change);
      return changed();
    },
    'settings.setConnection': async ({ environment, ...change }) => {
      // null clears a field; absent leaves it as it is.
      const update = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v ?? undefined]));
      await core.updateConnection(environment, update);
      return changed();
    },
    'settings.setCredential': async ({ environment, kind, secret }) => {
      await core.updateCredential(environment, kind, secret);
      return changed();
    },
    'settings.clearCredential': async ({ environment, kind }) => {
      await core.updateCredential(environment, kind, undefined);
      return changed();
    },
    'settings.checkConnection': async () => ({ ...(await core.checkConnection()), environment: core.services.environment }),
    'orders.lookup': ({ query }) => core.services.orders.lookup(query),
    'orders.search': ({ text }) => core.services.orders.searchOffline(text),
    'orders.history': ({ limit }) => core.services.orders.history(limit),
    'orders.deposit': ({ environment, orderId, amount, reason }) =>
      operation('deposit', environment, () => core.services.operations.deposit(orderId, amount, reason ? { reason } : {}), orderId),
    'orders.reverse': ({ environment, orderId, reason }) =>
      operation('reverse', environment, () => core.services.operations.reverse(orderId, reason ? { reason } : {}), orderId),
    'orders.refund': ({ environment, orderId, amount, way, confirmRepeat, reason }) =>
      operation(
        way ?? 'refund',
        environment,
        () =>
          core.services.operations.refund(orderId, amount, {
            confirmRepeat: confirmRepeat ?? false,
            ...(way ? { way } : {}),
            ...(reason ? { reason } : {}),
          }),
        orderId,
      ),
    'orders.refundPlan': async ({ orderId }) => {
      const plan = await core.services.operations.refundPlan(orderId);
      return 'kind' in plan ? { chance: 'unreadable' } : plan;
    },
    'orders.batch.start': ({ text }) =>
      batchCall(() => {
        const { batchId, input } = batches.start(text);
        return { batchId, total: input.queries.length, duplicates: input.duplicates, skipped: input.skipped };
      }),
    'orders.batch.cancel': ({ batchId }) => batchCall(() => ({ batchId, state: batches.cancel(batchId) })),
    'orders.batch.results': ({ batchId, from = 0 }) =>
      batchCall(() => {
        const { state, progress, lines } = batches.read(batchId, from);
        return { batchId, state, progress, from, rows: lines.map(batchRow) };
      }),
    'orders.batch.retry': ({ batchId }) => batchCall(() => batches.retry(batchId)),
    'audit.query': ({ limit = 500, ...filter }) => {
      // One more than asked says whether there is more, without counting the whole log.
      const entries = core.audit.query({ ...filter, limit: limit + 1 });
      const order = orderFactsOf(core);
      return {
        entries: entries.slice(0, limit).map((e) => auditEntryView(e, order(e))),
        more: entries.length > limit,
        actions: core.audit.actions().map((action) => ({ action, said: auditActionPhrase(action) })),
      };
    },
    'audit.export': (filter) => ({
      fileName: `audit-${new Date().toISOString().slice(0, 10)}.csv`,
      mimeType: 'text/csv' as const,
      content: auditCsv(core.audit, filter, orderFactsOf(core)),
    }),
    'keys.list': () => keysView(core),
    'keys.generate': ({ merchantLogin, days }) =>
      keyCall(async () => keyView(await core.keys.generate(core.services.environment, merchantLogin, days))),
    'keys.import': ({ privateKeyPem, certificatePem }) =>
      keyCall(async () => keyView(await core.keys.import(core.services.environment, privateKeyPem, certificatePem))),
    'keys.exportCertificate': ({ id }) =>
      keyCall(() => {
        const environment = core.services.environment;
        const content = core.keys.exportCertificate(environment, id);
        return {
          fileName: certificateFileName(environment, core.keys.get(environment, id).fingerprint256),
          mimeType: 'application/x-pem-file' as const,
          content,
        };
      }),
    'keys.activate': ({ id }) =>
      keyCall(async () => {
        await core.activateSigningKey(id);
        return await keysView(core);
      }),
    'keys.retire': ({ id }) =>
      keyCall(async () => {
        await core.keys.retire(core.services.environment, id);
        return await keysView(core);
      }),
    'keys.testSign': ({ id, body }) =>
      keyCall(async () => {
        const r = await core.keys.testSign(core.services.environment, id, Buffer.from(body, 'utf8'));
        return {
          id,
          fingerprint256: r.fingerprint256,
          bodyBytes: r.bodyBytes,
          xHash: r.xHash,
          xSignature: r.xSignature,
          verified: r.verified,
          detail: r.detail,
        };
      }),
    'bindings.find': async ({ clientId, bindingId, cardNumber, showExpired = false }) => {
      if (clientId !== undefined)
        return storedCardsFound('clientId', clientId, showExpired, await storedCards().find({ clientId }, showExpired));
      if (bindingId !== undefined)
        return storedCardsFound('bindingId', bindingId, showExpired, await storedCards().find({ bindingId }, showExpired));
      // The contract lets exactly one through; the card number goes to the gateway and comes back masked only.
      const pan = cardNumber ?? '';
      return storedCardsFound('cardNumber', maskCardField(pan), showExpired, await storedCards().find({ cardNumber: pan }, showExpired));
    },
    'bindings.disable': async ({ bindingId }) => storedCardChanged('disable', await storedCards().disable(bindingId)),
    'bindings.enable': async ({ bindingId }) => storedCardChanged('enable', await storedCards().enable(bindingId)),
    'bindings.extend': async ({ bindingId, newExpiry }) => storedCardChanged('extend', await storedCards().extend(bindingId, newExpiry)),
    'orders.batch.export': ({ batchId, result, status }) =>
      batchCall(() => ({
        fileName: `lookup-${batchId}${result ? `-${result}` : ''}${status !== undefined ? `-status${status}` : ''}.csv`,
        mimeType: 'text/csv' as const,
        content: batches.csv(batchId, { ...(result ? { result } : {}), ...(status !== undefined ? { status } : {}) }),
      })),
    ...createChargeHandlers({ core, events, app }),
    ...createRoleHandlers({ core, events, app }),
    ...createChargeLimitHandlers({ core, events, app }),
    ...createPeriodHandlers({ core, events, app }),
    ...createSavedViewHandlers({ core, events, app }),
    ...createSandboxConsoleHandlers({ core, events, app }),
    ...createCustomerHandlers({ core, events, app }, storedCardView),
  };
}
