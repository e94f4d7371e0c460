import type { ReactNode } from 'react';

/** One term of a description list (<dl>) and what it says: a label and its value. */
export function Term({
  label,
  className,
  children,
}: {
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
