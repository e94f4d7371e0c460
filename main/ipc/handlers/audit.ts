/** The audit log: read with its words, and exported. */
import type { AppCore } from '../../services/appCore.js';
import { auditCsv, auditExportEntries } from '../../services/auditExport.js';
import { auditActionPhrase, auditEntries, auditOutcome, auditPhrase, type OrderFacts } from '../../services/auditWords.js';
import { DeskAuditLog, type AuditLog, type AuditRecord } from '../../store/audit.js';
import { isUnreachable } from '../../store/errors.js';
import type { AuditEntryView, auditChannels } from '../contract.js';
import type { HandlerContext, HandlersOf } from './context.js';

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
    ...(e.person !== undefined ? { person: e.person } : {}),
    ...(e.desk !== undefined ? { desk: e.desk } : {}),
    said: auditPhrase(e, order),
  };
}

/**
 * What the app knows of each entry's order, for the words: for an operation, what the cache of looked-up
 * orders knows (its currency); for a charge, its state in the charge journal now. Only in the environment
 * open now, whose cache and journal the services read. Read once per order, before the words are made.
 */
async function orderFactsOf(core: AppCore, entries: readonly AuditRecord[]): Promise<(e: AuditRecord) => OrderFacts | undefined> {
  const known = new Map<string, OrderFacts | undefined>();
  const keyOf = (e: AuditRecord): string | undefined => {
    const charge = e.action === 'charge';
    if ((!charge && !OPERATIONS.has(e.action)) || e.objectType !== 'order' || !e.objectId || e.environment !== core.services.environment)
      return undefined;
    return `${charge ? 'charge' : 'operation'} ${e.objectId}`;
  };
  for (const e of entries) {
    const key = keyOf(e);
    if (key === undefined || known.has(key)) continue;
    const id = e.objectId!;
    if (e.action === 'charge') {
      // While the team database is away the words go without the charge's state now, as for a charge not journalled here.
      const row = await core.services.charges.journal.byOrderNumber(core.services.environment, id).catch((err: unknown) => {
        if (isUnreachable(err)) return undefined;
        throw err;
      });
      known.set(key, row ? { chargeState: row.state } : undefined);
    } else {
      const o = core.services.orders.cachedOrder(id);
      known.set(key, o ? { currency: o.currency, orderNumber: o.orderNumber } : undefined);
    }
  }
  return (e) => {
    const key = keyOf(e);
    return key === undefined ? undefined : known.get(key);
  };
}
const OPERATIONS = new Set(['deposit', 'reverse', 'refund']);

/**
 * Reads the team's log, or, while the team database cannot be reached, this desk's own, said as such
 * (look-ups keep working while it is away; a screen never passes a part off as the whole).
 */
async function readLog<T>(core: AppCore, read: (log: AuditLog) => Promise<T>): Promise<{ value: T; thisDeskOnly: boolean }> {
  try {
    return { value: await read(core.auditLog), thisDeskOnly: false };
  } catch (err) {
    if (core.auditLog instanceof DeskAuditLog || !isUnreachable(err)) throw err;
    return { value: await read(new DeskAuditLog(core.audit)), thisDeskOnly: true };
  }
}

export function auditHandlers({ core }: HandlerContext): HandlersOf<typeof auditChannels> {
  return {
    'audit.query': async ({ limit = 500, ...filter }) => {
      const {
        value: { entries, actions },
        thisDeskOnly,
      } = await readLog(core, async (log) => ({
        // One more than asked says whether there is more, without counting the whole log.
        entries: await auditEntries(log, filter, limit + 1),
        actions: await log.actions(),
      }));
      const shown = entries.slice(0, limit);
      const order = await orderFactsOf(core, shown);
      return {
        entries: shown.map((e) => auditEntryView(e, order(e))),
        more: entries.length > limit,
        actions: actions.map((action) => ({ action, said: auditActionPhrase(action) })),
        ...(thisDeskOnly ? { thisDeskOnly: true as const } : {}),
      };
    },
    // The team's log or nothing: a file passed on as the team's record must not be one desk's part of it.
    'audit.export': async (filter) => {
      const entries = await auditExportEntries(core.auditLog, filter);
      return {
        fileName: `audit-${new Date().toISOString().slice(0, 10)}.csv`,
        mimeType: 'text/csv' as const,
        content: auditCsv(entries, await orderFactsOf(core, entries)),
      };
    },
  };
}
