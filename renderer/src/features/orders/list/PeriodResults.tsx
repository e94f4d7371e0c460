import { useTranslation } from 'react-i18next';
import type { PeriodOrder, PeriodSort } from '../../../../../main/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatCount } from '../../../format/numbers';
import { type PeriodQuery } from './period';
import { coverageOf, CoverageMark } from './CoverageMark';
import { usePeriodPage } from '../../../api/period';
import { PeriodChart } from './PeriodChart';
import { PeriodTotals } from './PeriodTotals';
import { PeriodTable } from './PeriodTable';

/**
 * The summary and table of a query: used by the list and by the client view (the same query with the
 * client's ID), so both count and sum the same way.
 */
export function PeriodResults({
  query,
  sort = 'newest',
  label,
  onOpen,
  onClient,
  syncing = false,
  onSync,
  tools,
  children,
}: {
  readonly query: PeriodQuery;
  /** Newest first unless said. */
  readonly sort?: PeriodSort;
  readonly label: string;
  readonly onOpen: (order: PeriodOrder) => void;
  readonly onClient?: (clientId: string) => void;
  /** A sync of the period is running: the totals say they are what was read so far. */
  readonly syncing?: boolean;
  /** Syncs the period again: offered beside the totals when the period was only partly read. */
  readonly onSync?: () => void;
  /** Shown at the end of the totals' line (the sort, the export). */
  readonly tools?: React.ReactNode;
  /** Shown under the table (how to move through it). */
  readonly children?: React.ReactNode;
}) {
  const { t } = useTranslation('list');
  const first = usePeriodPage(query, sort, 0);
  const view = first.listed;
  const { preparing } = first;
  return (
    <>
      {first.isError && <ErrorNotice lead={t('readFailed')} error={first.error} />}
      {preparing && (
        <p className="list-preparing" role="status">
          {t('preparing', { count: preparing.of, n: formatCount(preparing.of), read: formatCount(preparing.read) })}
        </p>
      )}
      {view && (
        <>
          <PeriodTotals
            totals={view.totals}
            total={view.total}
            syncing={syncing}
            coverage={<CoverageMark coverage={coverageOf(view, syncing)} {...(onSync ? { onSync } : {})} />}
            chart={<PeriodChart perDay={view.perDay} currency={query.currency} />}
            tools={tools}
          />
          <PeriodTable
            query={query}
            sort={sort}
            total={view.total}
            firstPage={view.orders}
            label={label}
            onOpen={onOpen}
            {...(onClient ? { onClient } : {})}
          />
          {children}
        </>
      )}
    </>
  );
}
