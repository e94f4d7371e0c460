import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Labelled } from './Labelled';

/** A labelled choice among options (the children), like Field for a select. */
export function SelectField({
  label,
  className,
  id,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { readonly label: string; readonly hint?: ReactNode; readonly children: ReactNode }) {
  return (
    <Labelled id={id} label={label} hint={hint} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </Labelled>
  );
}
