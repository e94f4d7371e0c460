import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { CsvDropZone } from './CsvDropZone';
import { ErrorNotice } from './ErrorNotice';

/**
 * A batch's file: its rows pasted or read from a CSV file (CsvDropZone), what went wrong with the last try,
 * and the one button that sends them (a batch look-up starts, a batch of charges is checked).
 */
export function CsvForm({
  title,
  label,
  note,
  submit,
  pending,
  error,
  onSubmit,
}: {
  readonly title: string;
  /** What the rows are (the columns a file has). */
  readonly label: string;
  /** Said above the button: what pressing it does. */
  readonly note?: ReactNode;
  /** The button's words: while idle, and while its answer is awaited. */
  readonly submit: { readonly idle: string; readonly pending: string };
  readonly pending: boolean;
  readonly error: Error | null;
  readonly onSubmit: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <CsvDropZone label={label} text={text} onText={setText} />
      {error && <ErrorNotice className="field-error" error={error} />}
      {note}
      <Button type="submit" variant="primary" disabled={text.trim() === '' || pending}>
        {pending ? submit.pending : submit.idle}
      </Button>
    </form>
  );
}
