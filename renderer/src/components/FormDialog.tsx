import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A dialog that asks for one thing: what it is about (`lead`, outside the form), its form, and under it
 * Cancel and the button that does it (`submit`, in its `variant`). Enter submits; Cancel comes first in the tab
 * order, and takes the focus where a stray Enter must do nothing (`cancelFocused`).
 */
export function FormDialog({
  title,
  onClose,
  busy,
  lead,
  onSubmit,
  cancel,
  cancelFocused = false,
  cancelDisabled,
  submit,
  variant = 'primary',
  submitDisabled,
  children,
}: {
  readonly title: string;
  readonly onClose: () => void;
  /** While true, Escape does not close it (Dialog). */
  readonly busy?: boolean;
  readonly lead?: ReactNode;
  readonly onSubmit: () => void;
  readonly cancel: string;
  readonly cancelFocused?: boolean;
  readonly cancelDisabled?: boolean;
  readonly submit: string;
  readonly variant?: 'primary' | 'danger';
  readonly submitDisabled: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Dialog title={title} open onClose={onClose} busy={busy}>
      {lead}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <div className="dialog-buttons">
          <Button onClick={onClose} {...(cancelFocused ? { 'data-autofocus': true } : {})} disabled={cancelDisabled}>
            {cancel}
          </Button>
          <Button type="submit" variant={variant} disabled={submitDisabled}>
            {submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
