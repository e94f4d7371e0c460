import { type ReactNode } from 'react';
import { Id } from './Id';
import { CopyButton } from './CopyButton';

/**
 * A value with its Copy button kept beside it: the two share one flex line, the value wrapping within its own
 * box (a long UUID or fingerprint) instead of pushing the button onto a line of its own.
 */
export function Copyable({
  value,
  what,
  className = 'mono',
  children,
}: {
  readonly value: string;
  readonly what: string;
  /** The value's own class (mono, id-value, fingerprint). */
  readonly className?: string;
  /** How the value is shown, when not as its plain text. */
  readonly children?: ReactNode;
}) {
  return (
    <span className="copyable">
      <span className={`copyable-value ${className}`}>{children ?? <Id value={value} />}</span>
      <CopyButton value={value} what={what} />
    </span>
  );
}
