/** The audit log: read with its words, and exported. */
import type { AppCore } from '../../services/appCore.js';
import { auditCsv } from '../../services/auditExport.js';
import { auditActionPhrase, auditEntries, auditOutcome, auditPhrase, type OrderFacts } from '../../services/auditWords.js';
import type { AuditRecord } from '../../store/audit.js';
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

export function auditHandlers({ core }: HandlerContext): HandlersOf<typeof auditChannels> {
  return {
    'audit.query': ({ limit = 500, ...filter }) => {
      // One more than asked says whether there is more, without counting the whole log.
      const entries = auditEntries(core.audit, filter, limit + 1);
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
  };
}
