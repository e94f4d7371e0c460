import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { RoleProfileView } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { ROLE_LABELS, ROLE_WORDS } from './profile';
import { ChangeProfile } from './ChangeProfile';
import { SetPassphrase } from './SetPassphrase';

export function ProfileDialog({ profile, onClose }: { readonly profile: RoleProfileView; readonly onClose: () => void }) {
  // Setting the first passphrase is the one thing a fresh installation's dialog is for; changing it is rare.
  // 'opened': by the button, which the form replaces; focus then goes to its first field rather than being lost.
  const [passphraseForm, setPassphraseForm] = useState<'hidden' | 'shown' | 'opened'>(profile.passphraseSet ? 'hidden' : 'shown');
  const { t, i18n } = useTranslation('roles');
  return (
    <div className="profile-dialog">
      <p>
        <Trans
          t={t}
          i18nKey="current"
          values={{ role: ROLE_LABELS[profile.role], words: ROLE_WORDS[profile.role] }}
          components={{ strong: <strong /> }}
        />
      </p>
      {profile.problem && (
        <p className="field-error" role="alert">
          {t('problem', { problem: say(i18n, profile.problem) })}
        </p>
      )}
      {profile.passphraseSet ? (
        <ChangeProfile profile={profile} onClose={onClose} />
      ) : (
        <p className="panel notice-panel" role="note">
          {t('noPassphrase')}
        </p>
      )}
      {profile.role === 'administrator' &&
        (passphraseForm !== 'hidden' ? (
          <SetPassphrase passphraseSet={profile.passphraseSet} focusFirst={passphraseForm === 'opened'} />
        ) : (
          <div className="profile-form">
            <Button onClick={() => setPassphraseForm('opened')}>{t('openChangePassphrase')}</Button>
          </div>
        ))}
      <div className="dialog-buttons">
        <Button onClick={onClose}>{t('close')}</Button>
      </div>
    </div>
  );
}
