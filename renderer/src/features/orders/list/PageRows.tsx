import { useEffect } from 'react';
import type { PeriodOrder, PeriodSort } from '../../../../../main/ipc/contract';
import { type PeriodQuery } from './period';
import { usePeriodPage } from '../../../api/period';

/** The rows of one page, read when the page comes into view; undefined while it is being read. */
export function PageRows({
  query,
  sort,
  page,
  onRows,
}: {
  readonly query: PeriodQuery;
  readonly sort: PeriodSort;
  readonly page: number;
  readonly onRows: (page: number, rows: readonly PeriodOrder[] | undefined) => void;
}) {
  const { listed } = usePeriodPage(query, sort, page);
  const rows = listed?.orders;
  useEffect(() => onRows(page, rows), [page, rows, onRows]);
  return null;
}
