/**
 * Enrolling in two-factor sign-in: main makes a secret (twoFactor.begin) and shows it once, as the otpauth://
 * address an authenticator app reads and in base32 to type; the first code the app then shows confirms it
 * (twoFactor.confirm), and the recovery codes are shown once (RecoveryCodes). Used from the person's menu, and on
 * the start screen where two-factor is required of the person's role.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnrolmentBegin, useEnrolmentConfirm } from '../../api/twoFactor';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import './twoFactor.css';

export function Enrolment({ onCancel, onDone }: { readonly onCancel: () => void; readonly onDone?: () => void }) {
  const { t } = useTranslation('twoFactor');
  const begin = useEnrolmentBegin();
  const confirm = useEnrolmentConfirm({ onSuccess: () => onDone?.(), onSettled: () => setCode('') });
  const [code, setCode] = useState('');
  const { mutate } = begin;
  // One secret per opening; "Show a new secret" makes another (the one before is forgotten unconfirmed).
  useEffect(() => mutate(), [mutate]);
  const ready = begin.data !== undefined && code.trim() !== '' && !confirm.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) confirm.mutate({ code: code.trim() });
  };
  return (
    <form className="session-form enrolment" onSubmit={submit}>
      {begin.isError && <ErrorNotice error={begin.error} />}
      {begin.data && (
        <dl className="enrolment-secret">
          <dt>{t('enrol.secret')}</dt>
          <dd>
            <code data-testid="totp-secret">{begin.data.secret}</code>
          </dd>
          <dt>{t('enrol.uri')}</dt>
          <dd>
            <code className="enrolment-uri">{begin.data.uri}</code>
          </dd>
        </dl>
      )}
      <Field
        label={t('enrol.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {confirm.isError && <ErrorNotice className="field-error" error={confirm.error} />}
      <div className="session-buttons">
        <Button type="button" onClick={onCancel} disabled={confirm.isPending}>
          {t('enrol.cancel')}
        </Button>
        <Button type="button" onClick={() => mutate()} disabled={begin.isPending || confirm.isPending}>
          {begin.isPending ? t('enrol.beginning') : t('enrol.begin')}
        </Button>
        <Button type="submit" variant="primary" disabled={!ready}>
          {confirm.isPending ? t('enrol.confirming') : t('enrol.submit')}
        </Button>
      </div>
    </form>
  );
}
