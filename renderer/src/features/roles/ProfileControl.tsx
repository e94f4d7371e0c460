/**
 * The role profile in the top bar: "Profile: Support / Finance / Administrator", opening a dialog that
 * changes the profile with the passphrase and, for an administrator, sets or changes the passphrase.
 * Main checks the passphrase (and throttles wrong ones); this only shows its answer in words. The
 * passphrase fields live only as long as the dialog is open and are never put anywhere else.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { ROLE_LABELS } from './profile';
import { useRoleProfile } from '../../api/roles';
import './roles.css';
import { ProfileDialog } from './ProfileDialog';

export function ProfileControl() {
  const profile = useRoleProfile();
  const { t } = useTranslation('roles');
  const [open, setOpen] = useState(false);
  const role = profile.data?.role;
  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost profile-button profile-${role ?? 'unknown'}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        disabled={!profile.data}
      >
        {t('profile', { role: role ? ROLE_LABELS[role] : profile.isError ? t('unknown') : '…' })}
      </button>
      {profile.data && (
        <Dialog title={t('dialogTitle')} open={open} onClose={() => setOpen(false)}>
          <ProfileDialog profile={profile.data} onClose={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
