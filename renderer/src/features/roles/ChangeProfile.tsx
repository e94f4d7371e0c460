import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, RoleProfileView } from '../../../../main/ipc/contract';
import { useProfileSwitch } from '../../api/roles';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ROLE_LABELS, ROLE_WORDS } from './profile';
import { ROLES } from '../../../../main/ipc/contract';
import { fieldError } from './shared';

export function ChangeProfile({ profile, onClose }: { readonly profile: RoleProfileView; readonly onClose: () => void }) {
  const id = useId();
  const { t } = useTranslation('roles');
  const toast = useUi((s) => s.toast);
  // The next profile down is the usual change; from support, back up to administrator.
  const [role, setRole] = useState<Role>(profile.role === 'support' ? 'administrator' : 'support');
  const [passphrase, setPassphrase] = useState('');
  const change = useProfileSwitch({
    onSuccess: (view) => {
      toast('success', t('profile', { role: ROLE_LABELS[view.role] }));
      onClose();
    },
    onError: () => setPassphrase(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (passphrase !== '' && !change.isPending) change.mutate({ role, passphrase });
  };
  return (
    <form className="profile-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{t('change.title')}</h3>
      <fieldset className="field">
        <legend>{t('change.profile')}</legend>
        {ROLES.map((r) => (
          <div key={r} className="profile-choice">
            <label>
              <input
                type="radio"
                name={`${id}-role`}
                checked={role === r}
                onChange={() => setRole(r)}
                aria-describedby={`${id}-${r}-words`}
              />{' '}
              {ROLE_LABELS[r]}
              {r === profile.role && <span className="badge tone-info">{t('change.current')}</span>}
            </label>
            <div id={`${id}-${r}-words`} className="hint">
              {ROLE_WORDS[r]}
            </div>
          </div>
        ))}
      </fieldset>
      <Field
        label={t('change.passphrase')}
        type="password"
        autoComplete="off"
        required
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        hint={t('change.passphraseHint')}
        error={fieldError(change.error, 'passphrase')}
      />
      <Button type="submit" variant="primary" disabled={change.isPending || passphrase === ''}>
        {change.isPending ? t('change.checking') : t('change.switchTo', { role: ROLE_LABELS[role] })}
      </Button>
    </form>
  );
}
