/**
 * The reconciliation report in words. Main sends codes and raw values (minor units, ISO 4217 numeric
 * currencies, status codes); this is where they become what finance reads: "Journal: charged RUB 30.00;
 * gateway: refunded RUB 30.00".
 */
import cc from 'currency-codes';
import type { Difference, ReconciliationClass, ReconciliationRow } from '../../../../main/ipc/contract';
import type { GatewaySide, JournalSide } from '../../../../main/services/periodViews';
import { formatAmount } from '../../format/money';

export const CLASS_WORDS: Record<ReconciliationClass, string> = {
  matched: 'Matched',
  disagrees: 'Disagrees',
  notInJournal: 'Not in journal',
  open: 'Open',
};

/** What each class means, for the totals and the filter's description. */
export const CLASS_HINTS: Record<ReconciliationClass, string> = {
  matched: 'The gateway shows what the journal says happened',
  disagrees: 'The gateway shows another state, amount, currency or refund, or no such order',
  notInJournal: 'Paid at the gateway under a number this app makes up, but never journalled here',
  open: 'The journal does not know the outcome yet: reconcile it',
};

export const CLASS_TONES: Record<ReconciliationClass, string> = {
  matched: 'tone-success',
  disagrees: 'tone-danger',
  notInJournal: 'tone-warning',
  open: 'tone-info',
};

/** The ISO 4217 record of a numeric code ("643"), where it is one. */
const currencyOf = (numeric: string) => cc.number(numeric.padStart(3, '0'));

/** Minor units in a numeric currency, as the rest of the app writes money ("RUB 30.00"). */
export function money(minor: number, numeric: string): string {
  const c = currencyOf(numeric);
  return formatAmount(minor, c?.digits ?? 2, c?.code ?? numeric);
}

const currencyName = (numeric: string) => currencyOf(numeric)?.code ?? `currency ${numeric}`;

/** What the journal says became of the charge, with what the app did to it since. */
export function journalWords(j: JournalSide): string {
  const m = (minor: number) => money(minor, j.currency);
  switch (j.state) {
    case 'PAID':
      if (j.reversed) return `reversed ${m(j.amount)}`;
      if (j.refunded >= j.amount) return `refunded ${m(j.amount)}`;
      if (j.refunded > 0) return `charged ${m(j.amount)}, refunded ${m(j.refunded)}`;
      return `charged ${m(j.amount)}`;
    case 'DECLINED':
      return `declined ${m(j.amount)}`;
    case 'FAILED':
      return `failed, nothing charged (${m(j.amount)})`;
    case 'PENDING':
      return `being sent, ${m(j.amount)}`;
    case 'UNKNOWN':
      return `outcome unknown, ${m(j.amount)}`;
  }
}

/** What the gateway's order shows, by its status. */
export function gatewayWords(g: GatewaySide): string {
  const m = (minor: number) => money(minor, g.currency);
  switch (g.status) {
    case 0:
      return `registered, not paid (${m(g.amount)})`;
    case 1:
      return `held ${m(g.amount)}`;
    case 2:
      return g.refundedAmount > 0 ? `charged ${m(g.depositedAmount)}, refunded ${m(g.refundedAmount)}` : `charged ${m(g.depositedAmount)}`;
    case 3:
      return `reversed ${m(g.amount)}`;
    case 4:
      return `refunded ${m(g.refundedAmount)}`;
    case 5:
      return `at 3-D Secure, not paid (${m(g.amount)})`;
    case 6:
      return `declined ${m(g.amount)}`;
  }
}

/** One difference between the two sides, in a sentence naming both. */
export function differenceWords(d: Difference, row: ReconciliationRow): string {
  const j = row.journal;
  const g = row.gateway;
  const journal = j ? journalWords(j) : 'no charge';
  switch (d.kind) {
    case 'notAtGateway':
      return `Journal: ${journal}; gateway: no such order in this period`;
    case 'status':
      return `Journal: ${journal}; gateway: ${g ? gatewayWords(g) : `status ${d.actual}`}`;
    case 'amount':
      return `Amount: journal ${money(d.expected, j?.currency ?? '')}; gateway ${money(d.actual, g?.currency ?? j?.currency ?? '')}`;
    case 'currency':
      return `Currency: journal ${currencyName(d.expected)}; gateway ${currencyName(d.actual)}`;
    case 'refunded':
      return `Refunded: journal ${money(d.expected, j?.currency ?? '')}; gateway ${money(d.actual, g?.currency ?? j?.currency ?? '')}`;
  }
}

/** Everything the row's class says in words: the differences, or why it is open or missing, or that both agree. */
export function rowFindings(row: ReconciliationRow): readonly string[] {
  if (row.differences.length > 0) return row.differences.map((d) => differenceWords(d, row));
  const j = row.journal;
  switch (row.class) {
    case 'notInJournal':
      return [`Gateway: ${row.gateway ? gatewayWords(row.gateway) : 'paid'}; journal: no charge under this number`];
    case 'open': {
      const out: string[] = [];
      if (j && (j.state === 'PENDING' || j.state === 'UNKNOWN'))
        out.push(`Journal: ${journalWords(j)}; Reconcile asks the gateway what happened`);
      if (j && j.openOperations > 0) {
        out.push(
          `${j.openOperations} operation${j.openOperations === 1 ? '' : 's'} on it with an unknown outcome (settled when the app starts)`,
        );
      }
      return out;
    }
    case 'matched':
      return ['Both agree'];
    default:
      return [];
  }
}
