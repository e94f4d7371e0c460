/** One's own password, changed with the current one (session.setPassword); main's refusal said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnPasswordChange } from '../../api/session';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';
import { NO_PASSWORD, NewPassword, passwordReady } from './NewPassword';
import { PasswordField } from './PasswordField';

export function ChangePassword({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('session');
  const toast = useUi((s) => s.toast);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState(NO_PASSWORD);
  const save = useOwnPasswordChange({
    onSuccess: () => {
      toast('success', t('password.changed'));
      onClose();
    },
    onError: () => setCurrent(''),
  });
  const ready = current !== '' && passwordReady(next) && !save.isPending;
  return (
    <FormDialog
      title={t('password.title')}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (ready) save.mutate({ current, next: next.next });
      }}
      cancel={t('password.cancel')}
      cancelDisabled={save.isPending}
      submit={save.isPending ? t('password.saving') : t('password.submit')}
      submitDisabled={!ready}
    >
      <PasswordField autoComplete="current-password" label={t('password.current')} value={current} onChange={setCurrent} />
      <NewPassword value={next} onChange={setNext} labels={{ next: t('password.next'), repeat: t('password.repeat') }} />
      {save.isError && <ErrorNotice className="field-error" error={save.error} />}
    </FormDialog>
  );
}
