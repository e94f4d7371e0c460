/**
 * The reconciliation report in words. Main sends codes and raw values (minor units, ISO 4217 numeric
 * currencies, status codes); this is where they become what finance reads: "Journal: charged RUB 30.00;
 * gateway: refunded RUB 30.00".
 */
import cc from 'currency-codes';
import type { Difference, ReconciliationClass, ReconciliationRow } from '../../../../main/ipc/contract';
import type { ChargeSide, GatewaySide, JournalSide, OperationsSide } from '../../../../main/ipc/contract';
import { formatMinorIn } from '../../format/money';
import { i18n } from '../../i18n';

/** A class in words, in the language shown. */
export const classWords = (c: ReconciliationClass): string => i18n.t(`reconciliation:class.${c}`);

/** What each class means, for the totals and the filter's description. */
export const classHint = (c: ReconciliationClass): string => i18n.t(`reconciliation:hint.${c}`);

export const CLASS_TONES: Record<ReconciliationClass, string> = {
  matched: 'tone-success',
  disagrees: 'tone-danger',
  notInJournal: 'tone-warning',
  open: 'tone-info',
};

/** The ISO 4217 record of a numeric code ("643"), where it is one. */
const currencyOf = (numeric: string) => cc.number(numeric.padStart(3, '0'));

const currencyName = (numeric: string) => currencyOf(numeric)?.code ?? i18n.t('reconciliation:currency', { code: numeric });

/** The currency a row's amounts are in: the charge's, else the gateway's order's. */
export const rowCurrency = (row: ReconciliationRow): string =>
  row.journal?.source === 'charge' ? row.journal.currency : (row.gateway?.currency ?? '');

/** What the journals say of the order: the charge and what became of it, or what the app did to a storefront's order. */
export function journalWords(j: JournalSide, currency: string): string {
  return j.source === 'charge' ? chargeWords(j) : operationsWords(j, currency);
}

/** What the app's operations on an order it did not charge moved, in the order's currency. */
function operationsWords(j: OperationsSide, currency: string): string {
  const amount = (minor: number) => ({ amount: formatMinorIn(minor, currency) });
  const t = (key: 'capturedAll' | 'refundedAll' | 'reversedOrder' | 'nothingMoved') => i18n.t(`reconciliation:journal.${key}`);
  const what: string[] = [];
  if (j.captured !== undefined)
    what.push(j.captured === 'all' ? t('capturedAll') : i18n.t('reconciliation:journal.captured', amount(j.captured)));
  if (j.refunded === 'all') what.push(t('refundedAll'));
  else if (j.refunded > 0) what.push(i18n.t('reconciliation:journal.refundedPart', amount(j.refunded)));
  if (j.reversed) what.push(t('reversedOrder'));
  if (what.length === 0) what.push(t('nothingMoved'));
  return i18n.t('reconciliation:journal.operations', { what: what.join(', ') });
}

/** How the app's operations on a storefront's order ended, by count. */
export const operationCounts = (j: OperationsSide): string =>
  i18n.t('reconciliation:journal.count', { done: j.done, refused: j.refused, open: j.openOperations });

/** What the journal says became of the charge, with what the app did to it since. */
function chargeWords(j: ChargeSide): string {
  const amount = formatMinorIn(j.amount, j.currency);
  const t = (key: 'reversed' | 'refunded' | 'charged' | 'declined' | 'failed' | 'pending' | 'unknown') =>
    i18n.t(`reconciliation:journal.${key}`, { amount });
  switch (j.state) {
    case 'PAID':
      if (j.reversed) return t('reversed');
      if (j.refunded >= j.amount) return t('refunded');
      if (j.refunded > 0)
        return i18n.t('reconciliation:journal.chargedRefunded', { amount, refunded: formatMinorIn(j.refunded, j.currency) });
      return t('charged');
    case 'DECLINED':
      return t('declined');
    case 'FAILED':
      return t('failed');
    case 'PENDING':
      return t('pending');
    case 'UNKNOWN':
      return t('unknown');
  }
}

/** What the gateway's order shows, by its status. */
export function gatewayWords(g: GatewaySide): string {
  const m = (minor: number) => formatMinorIn(minor, g.currency);
  const t = (key: 'registered' | 'held' | 'charged' | 'reversed' | 'refunded' | 'threeDs' | 'declined', minor: number) =>
    i18n.t(`reconciliation:gateway.${key}`, { amount: m(minor) });
  switch (g.status) {
    case 0:
      return t('registered', g.amount);
    case 1:
      return t('held', g.held);
    case 2:
      return g.refunded > 0
        ? i18n.t('reconciliation:gateway.chargedRefunded', { amount: m(g.captured), refunded: m(g.refunded) })
        : t('charged', g.captured);
    case 3:
      return t('reversed', g.amount);
    case 4:
      return t('refunded', g.refunded);
    case 5:
      return t('threeDs', g.amount);
    case 6:
      return t('declined', g.amount);
  }
}

/** One difference between the two sides, in a sentence naming both. */
export function differenceWords(d: Difference, row: ReconciliationRow): string {
  const j = row.journal;
  const g = row.gateway;
  const currency = rowCurrency(row);
  const journal = j ? journalWords(j, currency) : i18n.t('reconciliation:row.noCharge');
  switch (d.kind) {
    case 'notAtGateway':
      return i18n.t('reconciliation:difference.notAtGateway', { journal });
    case 'status':
      return i18n.t('reconciliation:difference.status', {
        journal,
        gateway: g ? gatewayWords(g) : i18n.t('reconciliation:difference.statusCode', { code: d.actual }),
      });
    case 'amount':
    case 'captured':
    case 'refunded':
      return i18n.t(`reconciliation:difference.${d.kind}`, {
        journal: formatMinorIn(d.expected, currency),
        gateway: formatMinorIn(d.actual, g?.currency ?? currency),
      });
    case 'currency':
      return i18n.t('reconciliation:difference.currency', { journal: currencyName(d.expected), gateway: currencyName(d.actual) });
  }
}

/** Everything the row's class says in words: the differences, or why it is open or missing, or that both agree. */
export function rowFindings(row: ReconciliationRow): readonly string[] {
  if (row.differences.length > 0) return row.differences.map((d) => differenceWords(d, row));
  const j = row.journal;
  switch (row.class) {
    case 'notInJournal':
      return [
        i18n.t('reconciliation:finding.notInJournal', {
          gateway: row.gateway ? gatewayWords(row.gateway) : i18n.t('reconciliation:finding.paid'),
        }),
      ];
    case 'open': {
      const out: string[] = [];
      if (j?.source === 'charge' && (j.state === 'PENDING' || j.state === 'UNKNOWN'))
        out.push(i18n.t('reconciliation:finding.open', { journal: chargeWords(j) }));
      if (j && j.openOperations > 0) out.push(i18n.t('reconciliation:finding.operations', { count: j.openOperations }));
      if (!row.gateway && j?.source === 'operations') out.push(i18n.t('reconciliation:finding.unread'));
      return out;
    }
    case 'matched':
      return [i18n.t('reconciliation:finding.agree')];
    default:
      return [];
  }
}
