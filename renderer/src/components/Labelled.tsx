import { useId, type ReactNode } from 'react';

/** What a labelled control carries: its id, and what describes it (its hint, its error) for assistive technology. */
export interface ControlWiring {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/**
 * A control with its label, and under it a hint and an error wired to it: the frame every field of a form
 * shares (Field, TextArea, SelectField), so each says the same to a screen reader.
 */
export function Labelled({
  id: given,
  label,
  hint,
  error,
  className,
  after,
  children,
}: {
  /** The control's id where something else names it; otherwise one of its own. */
  readonly id?: string | undefined;
  readonly label: string;
  /** Shown under the control; describes it to screen readers too. */
  readonly hint?: ReactNode;
  /** Shown under the control in the error colour, and marks it invalid. */
  readonly error?: string | undefined;
  /** Classes beside "field" (compact, grow...). */
  readonly className?: string | undefined;
  /** Shown after the error: what goes with the control (a file to read it from). */
  readonly after?: ReactNode;
  readonly children: (control: ControlWiring) => ReactNode;
}) {
  const own = useId();
  const id = given ?? own;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
      {after}
    </div>
  );
}
