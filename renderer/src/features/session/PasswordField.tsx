/**
 * A password typed in a form of the session's (signing in, one's own, a new one, the old role profile's
 * passphrase): masked, required, and named to the browser's password manager as the password in use or a new one.
 */
import type { ComponentProps } from 'react';
import { Field } from '../../components/Field';

type Shared = Omit<ComponentProps<typeof Field>, 'type' | 'autoComplete' | 'required' | 'value' | 'onChange'>;

export function PasswordField({
  autoComplete,
  value,
  onChange,
  ...field
}: Shared & {
  /** The password in use (signing in, the current one) or a new one. */
  readonly autoComplete: 'current-password' | 'new-password';
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return <Field {...field} type="password" autoComplete={autoComplete} required value={value} onChange={(e) => onChange(e.target.value)} />;
}
