/** A person's name or role changed by an administrator; only what changed is sent. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView, Role } from '../../../../main/ipc/contract';
import { usePersonChange } from '../../api/people';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { RoleField } from './RoleField';

export function ChangePerson({ person, onClose }: { readonly person: PersonView; readonly onClose: () => void }) {
  const { t } = useTranslation('people');
  const toast = useUi((s) => s.toast);
  const [name, setName] = useState(person.displayName);
  const [role, setRole] = useState<Role>(person.role);
  const save = usePersonChange({
    onSuccess: (p) => {
      toast('success', t('change.changed', { name: p.displayName }));
      onClose();
    },
  });
  const change = {
    ...(name.trim() !== person.displayName ? { displayName: name.trim() } : {}),
    ...(role !== person.role ? { role } : {}),
  };
  const ready = name.trim() !== '' && Object.keys(change).length > 0 && !save.isPending;
  return (
    <FormDialog
      title={t('change.title', { login: person.login })}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (ready) save.mutate({ id: person.id, ...change });
      }}
      cancel={t('change.cancel')}
      cancelDisabled={save.isPending}
      submit={save.isPending ? t('change.saving') : t('change.submit')}
      submitDisabled={!ready}
    >
      <Field label={t('change.name')} required value={name} onChange={(e) => setName(e.target.value)} />
      <RoleField label={t('change.role')} value={role} onChange={setRole} />
      {save.isError && <ErrorNotice className="field-error" error={save.error} />}
    </FormDialog>
  );
}
