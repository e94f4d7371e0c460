import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  readonly title: string;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** While true, Escape does not close it: what it started is still going and its answer belongs here. */
  readonly busy?: boolean;
}

/**
 * A modal dialog on the platform's <dialog>: showModal() gives the focus trap, the inert background and
 * Escape to close, so none of that is hand-written. Focus starts on the element marked data-autofocus, if any.
 */
export function Dialog({ title, open, onClose, children, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element (a tick box, say), and React's autoFocus cannot act
      // on a closed dialog: the element marked data-autofocus (the safe choice, Cancel) takes the focus here.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onClose={onClose}
      onCancel={(e) => {
        if (busy) e.preventDefault();
      }}
      className="dialog"
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
