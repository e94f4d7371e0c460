import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningKeysView } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Field } from '../../components/Field';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DAY, shortFingerprint } from './shared';
import { useKeyGenerate } from '../../api/signingKeys';
import { FormDialog } from '../../components/FormDialog';

export function GenerateDialog({ view, onClose }: { readonly view: SigningKeysView; readonly onClose: () => void }) {
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const [merchantLogin, setMerchantLogin] = useState(view.merchantLogin ?? '');
  const [daysText, setDaysText] = useState('365');
  const days = /^\d{1,5}$/.test(daysText.trim()) ? Number(daysText.trim()) : NaN;
  const daysError =
    daysText.trim() === ''
      ? undefined
      : Number.isNaN(days)
        ? t('generate.daysWhole')
        : days < 1 || days > view.maxDays
          ? t('generate.daysRange', { count: view.maxDays })
          : undefined;
  const generate = useKeyGenerate({
    onSuccess: (key) => {
      toast('success', t('generate.done', { fingerprint: shortFingerprint(key.fingerprint256), subject: key.subject }));
      onClose();
    },
  });
  const fieldError = (path: string) => (generate.error instanceof ApiError ? generate.error.fieldMessage(path) : undefined);
  const merchantLoginError = fieldError('merchantLogin');
  const daysFieldError = fieldError('days');
  const valid = merchantLogin.trim() !== '' && !Number.isNaN(days) && !daysError;

  return (
    <FormDialog
      title={t('generate.title')}
      onClose={onClose}
      onSubmit={() => {
        if (valid) generate.mutate({ merchantLogin: merchantLogin.trim(), days });
      }}
      cancel={t('cancel')}
      submit={generate.isPending ? t('generate.pending') : t('generate.submit')}
      submitDisabled={!valid || generate.isPending}
    >
      <p>{t('generate.intro', { environment: t(`environment.${view.environment}`) })}</p>
      <Field
        label={t('generate.merchantLogin')}
        value={merchantLogin}
        onChange={(e) => setMerchantLogin(e.target.value)}
        required
        autoComplete="off"
        hint={view.merchantLogin ? t('generate.merchantLoginFromSettings') : t('generate.merchantLoginRequired')}
        error={merchantLoginError}
      />
      <Field
        label={t('generate.days')}
        inputMode="numeric"
        value={daysText}
        onChange={(e) => setDaysText(e.target.value)}
        hint={
          !Number.isNaN(days) && !daysError
            ? t('generate.daysHintUntil', { max: view.maxDays, until: formatDateTime(Date.now() + days * DAY) })
            : t('generate.daysHint', { max: view.maxDays })
        }
        error={daysError ?? daysFieldError}
      />
      {generate.isError && !(generate.error instanceof ApiError && generate.error.fields) && (
        <ErrorNotice className="field-error" error={generate.error} />
      )}
    </FormDialog>
  );
}
