import { Fragment } from 'react';
import { formatCount } from '../format/numbers';
import { ProgressBar } from './ProgressBar';

/** One count under a batch's progress: its name for tests and styles, its words, and how many. */
export type Count = readonly [key: string, label: string, count: number];

/** How far a batch has got (a progress bar), and under it how many rows came to what. */
export function ProgressCounts({
  done,
  total,
  label,
  counts,
  quiet = false,
}: {
  readonly done: number;
  readonly total: number;
  readonly label: string;
  readonly counts: readonly Count[];
  /** The counts change with every row: not announced as they do (the progress bar says how far it is). */
  readonly quiet?: boolean;
}) {
  return (
    <>
      <ProgressBar value={done} max={total} label={label} />
      <dl className="counts" aria-live={quiet ? 'off' : undefined}>
        {counts.map(([key, name, count]) => (
          <Fragment key={key}>
            <dt>{name}</dt>
            <dd data-count={key}>{formatCount(count)}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
