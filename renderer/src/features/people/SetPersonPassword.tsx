/** A new password an administrator sets for someone who forgot theirs. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { usePersonPassword } from '../../api/people';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';
import { NO_PASSWORD, NewPassword, passwordReady } from '../session/NewPassword';

export function SetPersonPassword({ person, onClose }: { readonly person: PersonView; readonly onClose: () => void }) {
  const { t } = useTranslation('people');
  const toast = useUi((s) => s.toast);
  const [password, setPassword] = useState(NO_PASSWORD);
  const save = usePersonPassword({
    onSuccess: () => {
      toast('success', t('password.set', { login: person.login }));
      onClose();
    },
  });
  const ready = passwordReady(password) && !save.isPending;
  return (
    <FormDialog
      title={t('password.title', { login: person.login })}
      lead={<p>{t('password.lead')}</p>}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (ready) save.mutate({ id: person.id, password: password.next });
      }}
      cancel={t('password.cancel')}
      cancelDisabled={save.isPending}
      submit={save.isPending ? t('password.saving') : t('password.submit')}
      submitDisabled={!ready}
    >
      <NewPassword value={password} onChange={setPassword} />
      {save.isError && <ErrorNotice className="field-error" error={save.error} />}
    </FormDialog>
  );
}
