import { useId, type Ref } from 'react';

/**
 * A button that opens the system's file chooser: a label styled as a button, for an input that stays out of
 * sight but in the tab order. The file is handed over as chosen; it is read in the page, never uploaded.
 */
export function FileButton({
  label,
  accept,
  onFile,
  className,
  inputRef,
}: {
  readonly label: string;
  /** The kinds of file offered (extensions and media types). */
  readonly accept: string;
  readonly onFile: (file: File | undefined) => void;
  /** Classes beside the button's own. */
  readonly className?: string;
  /** The input, for clearing what was chosen. */
  readonly inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={`btn btn-secondary${className ? ` ${className}` : ''}`}>
        {label}
      </label>
      <input id={id} ref={inputRef} className="visually-hidden" type="file" accept={accept} onChange={(e) => onFile(e.target.files?.[0])} />
    </>
  );
}
