import { Field } from './Field';

/**
 * The first and the last day of a period, each in a date field of its own; what is wrong with either is said
 * under it. Used wherever a screen asks for its own days (the charge journal, the audit log, a report).
 */
export function DayRange({
  first,
  last,
  onFirst,
  onLast,
  firstLabel,
  lastLabel,
  firstError,
  lastError,
}: {
  readonly first: string;
  readonly last: string;
  readonly onFirst: (day: string) => void;
  readonly onLast: (day: string) => void;
  readonly firstLabel: string;
  readonly lastLabel: string;
  readonly firstError?: string | undefined;
  readonly lastError?: string | undefined;
}) {
  return (
    <>
      <Field label={firstLabel} type="date" value={first} onChange={(e) => onFirst(e.target.value)} error={firstError} />
      <Field label={lastLabel} type="date" value={last} onChange={(e) => onLast(e.target.value)} error={lastError} />
    </>
  );
}
