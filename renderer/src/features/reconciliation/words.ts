/**
 * The reconciliation report in words. Main sends codes and raw values (minor units, ISO 4217 numeric
 * currencies, status codes); this is where they become what finance reads: "Journal: charged RUB 30.00;
 * gateway: refunded RUB 30.00".
 */
import cc from 'currency-codes';
import type { Difference, ReconciliationClass, ReconciliationRow } from '../../../../main/ipc/contract';
import type { GatewaySide, JournalSide } from '../../../../main/services/periodViews';
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

/** What the journal says became of the charge, with what the app did to it since. */
export function journalWords(j: JournalSide): string {
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
      return t('held', g.amount);
    case 2:
      return g.refundedAmount > 0
        ? i18n.t('reconciliation:gateway.chargedRefunded', { amount: m(g.depositedAmount), refunded: m(g.refundedAmount) })
        : t('charged', g.depositedAmount);
    case 3:
      return t('reversed', g.amount);
    case 4:
      return t('refunded', g.refundedAmount);
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
  const journal = j ? journalWords(j) : i18n.t('reconciliation:row.noCharge');
  switch (d.kind) {
    case 'notAtGateway':
      return i18n.t('reconciliation:difference.notAtGateway', { journal });
    case 'status':
      return i18n.t('reconciliation:difference.status', {
        journal,
        gateway: g ? gatewayWords(g) : i18n.t('reconciliation:difference.statusCode', { code: d.actual }),
      });
    case 'amount':
      return i18n.t('reconciliation:difference.amount', {
        journal: formatMinorIn(d.expected, j?.currency ?? ''),
        gateway: formatMinorIn(d.actual, g?.currency ?? j?.currency ?? ''),
      });
    case 'currency':
      return i18n.t('reconciliation:difference.currency', { journal: currencyName(d.expected), gateway: currencyName(d.actual) });
    case 'refunded':
      return i18n.t('reconciliation:difference.refunded', {
        journal: formatMinorIn(d.expected, j?.currency ?? ''),
        gateway: formatMinorIn(d.actual, g?.currency ?? j?.currency ?? ''),
      });
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
      if (j && (j.state === 'PENDING' || j.state === 'UNKNOWN'))
        out.push(i18n.t('reconciliation:finding.open', { journal: journalWords(j) }));
      if (j && j.openOperations > 0) out.push(i18n.t('reconciliation:finding.operations', { count: j.openOperations }));
      return out;
    }
    case 'matched':
      return [i18n.t('reconciliation:finding.agree')];
    default:
      return [];
  }
}
