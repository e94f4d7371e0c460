/** One's own two-factor sign-in removed, with one's password (twoFactor.remove); main's refusal said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTwoFactorRemove } from '../../api/twoFactor';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';
import { PasswordField } from '../session/PasswordField';

export function RemoveTwoFactor({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const toast = useUi((s) => s.toast);
  const [password, setPassword] = useState('');
  const remove = useTwoFactorRemove({
    onSuccess: () => {
      toast('success', t('remove.removed'));
      onClose();
    },
    onError: () => setPassword(''),
  });
  const ready = password !== '' && !remove.isPending;
  return (
    <FormDialog
      title={t('remove.title')}
      lead={<p>{t('remove.lead')}</p>}
      onClose={onClose}
      busy={remove.isPending}
      onSubmit={() => {
        if (ready) remove.mutate({ password });
      }}
      cancel={t('remove.cancel')}
      cancelDisabled={remove.isPending}
      variant="danger"
      submit={remove.isPending ? t('remove.removing') : t('remove.submit')}
      submitDisabled={!ready}
    >
      <PasswordField autoComplete="current-password" label={t('remove.password')} value={password} onChange={setPassword} />
      {remove.isError && <ErrorNotice className="field-error" error={remove.error} />}
    </FormDialog>
  );
}
