/**
 * A new password typed twice, as every form that sets one asks it (the first administrator, one's own, a
 * person's): the length and the match are said beside the fields while typing; main checks again.
 */
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from './access';
import { PasswordField } from './PasswordField';

export interface NewPasswordValue {
  readonly next: string;
  readonly repeat: string;
}

export const NO_PASSWORD: NewPasswordValue = { next: '', repeat: '' };

/** Whether the two fields hold a password main may take: long enough, and typed the same twice. */
export const passwordReady = ({ next, repeat }: NewPasswordValue): boolean => next.length >= MIN_PASSWORD_LENGTH && repeat === next;

export function NewPassword({
  value,
  onChange,
  labels,
  error,
}: {
  readonly value: NewPasswordValue;
  readonly onChange: (value: NewPasswordValue) => void;
  /** The fields' names where the form says more than "Password" (its own "New password"). */
  readonly labels?: { readonly next: string; readonly repeat: string };
  /** Main's refusal of the password, said beside it. */
  readonly error?: string | undefined;
}) {
  const { t } = useTranslation('session');
  const tooShort =
    value.next !== '' && value.next.length < MIN_PASSWORD_LENGTH ? t('newPassword.tooShort', { count: MIN_PASSWORD_LENGTH }) : undefined;
  const differ = value.repeat !== '' && value.repeat !== value.next ? t('newPassword.differ') : undefined;
  return (
    <>
      <PasswordField
        autoComplete="new-password"
        label={labels?.next ?? t('newPassword.password')}
        value={value.next}
        onChange={(next) => onChange({ ...value, next })}
        hint={t('newPassword.hint', { count: MIN_PASSWORD_LENGTH })}
        error={tooShort ?? error}
      />
      <PasswordField
        autoComplete="new-password"
        label={labels?.repeat ?? t('newPassword.repeat')}
        value={value.repeat}
        onChange={(repeat) => onChange({ ...value, repeat })}
        error={differ}
      />
    </>
  );
}
