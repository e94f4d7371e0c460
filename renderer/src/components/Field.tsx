import type { InputHTMLAttributes, ReactNode } from 'react';
import { Labelled } from './Labelled';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** Shown under the input; describes it to screen readers too. */
  readonly hint?: ReactNode;
  /** Shown under the input in the error colour, and marks it invalid. */
  readonly error?: string | undefined;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function Field({ label, hint, error, className, id, ...input }: FieldProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </Labelled>
  );
}
