import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Labelled } from './Labelled';

/** A labelled textarea with its hint and error wired for assistive technology, like Field; children go under it. */
export function TextArea({
  label,
  hint,
  error,
  children,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  readonly label: string;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
}) {
  return (
    <Labelled label={label} hint={hint} error={error} after={children}>
      {(control) => <textarea {...control} spellCheck={false} {...area} />}
    </Labelled>
  );
}
