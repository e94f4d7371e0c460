import type { ReactNode } from 'react';

/** The box ticked to say the confirmation was read: the dialog's button stays disabled until it is. */
export function ConfirmCheck({
  checked,
  onChange,
  children,
}: {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly children: ReactNode;
}) {
  return (
    <label className="checkbox confirm-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {children}
    </label>
  );
}
