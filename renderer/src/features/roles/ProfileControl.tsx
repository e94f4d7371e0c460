/**
 * The role profile in the top bar: "Profile: Support / Finance / Administrator", opening a dialog that
 * changes the profile with the passphrase and, for an administrator, sets or changes the passphrase.
 * Main checks the passphrase (and throttles wrong ones); this only shows its answer in words. The
 * passphrase fields live only as long as the dialog is open and are never put anywhere else.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { Role, RoleProfileView } from '../../../../main/ipc/contract';
import { ApiError, call, errorText } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { MIN_PASSPHRASE_LENGTH, ROLE_LABELS, ROLE_WORDS, rolesKey, useRoleProfile } from './profile';
import './roles.css';

const ROLES: readonly Role[] = ['support', 'finance', 'administrator'];

/** The message for a field when main named it, otherwise main's message: a refusal is always shown in words. */
const fieldError = (err: unknown, path: string): string | undefined => {
  if (!err) return undefined;
  if (err instanceof ApiError && err.fields) return err.fieldMessage(path);
  return errorText(err);
};

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

function ProfileDialog({ profile, onClose }: { readonly profile: RoleProfileView; readonly onClose: () => void }) {
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

function ChangeProfile({ profile, onClose }: { readonly profile: RoleProfileView; readonly onClose: () => void }) {
  const id = useId();
  const { t } = useTranslation('roles');
  const toast = useUi((s) => s.toast);
  const queries = useQueryClient();
  // The next profile down is the usual change; from support, back up to administrator.
  const [role, setRole] = useState<Role>(profile.role === 'support' ? 'administrator' : 'support');
  const [passphrase, setPassphrase] = useState('');
  const change = useMutation({
    mutationFn: () => call('roles.set', { role, passphrase }),
    onSuccess: (view) => {
      queries.setQueryData(rolesKey, view);
      toast('success', t('profile', { role: ROLE_LABELS[view.role] }));
      onClose();
    },
    onError: () => setPassphrase(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (passphrase !== '' && !change.isPending) change.mutate();
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

function SetPassphrase({ passphraseSet, focusFirst }: { readonly passphraseSet: boolean; readonly focusFirst: boolean }) {
  const id = useId();
  const { t } = useTranslation('roles');
  const queries = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [saved, setSaved] = useState<string>();
  const mismatch = repeat !== '' && repeat !== next ? t('passphrase.differ') : undefined;
  const tooShort =
    next !== '' && next.length < MIN_PASSPHRASE_LENGTH ? t('passphrase.tooShort', { count: MIN_PASSPHRASE_LENGTH }) : undefined;
  const save = useMutation({
    mutationFn: () => call('roles.setPassphrase', passphraseSet ? { current, next } : { next }),
    // Said here rather than in a toast: the modal dialog keeps the page behind it, toasts too, out of reach.
    onSuccess: (view) => {
      queries.setQueryData(rolesKey, view);
      setSaved(passphraseSet ? t('passphrase.changed') : t('passphrase.set'));
    },
    onSettled: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
    },
  });
  const err = save.error;
  // A refusal with no field named (a wrong current passphrase, the keychain out of reach) is still said in words.
  const general = err && !(err instanceof ApiError && err.fields) ? errorText(err) : undefined;
  const ready = next !== '' && repeat === next && !tooShort && (!passphraseSet || current !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(undefined);
    if (ready && !save.isPending) save.mutate();
  };
  const title = passphraseSet ? t('passphrase.changeTitle') : t('passphrase.setTitle');
  return (
    <form className="profile-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{title}</h3>
      {passphraseSet && (
        <Field
          label={t('passphrase.current')}
          type="password"
          autoComplete="off"
          autoFocus={focusFirst}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={fieldError(err, 'current')}
        />
      )}
      <Field
        label={t('passphrase.next')}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={t('passphrase.hint', { count: MIN_PASSPHRASE_LENGTH })}
        error={tooShort ?? (err instanceof ApiError && err.fields ? err.fieldMessage('next') : undefined)}
      />
      <Field
        label={t('passphrase.repeat')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={mismatch}
      />
      {general && !passphraseSet && (
        <p className="field-error" role="alert">
          {general}
        </p>
      )}
      {saved && (
        <p className="ok-text" role="status">
          {saved}
        </p>
      )}
      <Button type="submit" disabled={!ready || save.isPending}>
        {save.isPending ? t('passphrase.saving') : passphraseSet ? t('passphrase.changeButton') : t('passphrase.setButton')}
      </Button>
    </form>
  );
}
