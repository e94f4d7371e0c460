/**
 * The role profile in the top bar: "Profile: Support / Finance / Administrator", opening a dialog that
 * changes the profile with the passphrase and, for an administrator, sets or changes the passphrase.
 * Main checks the passphrase (and throttles wrong ones); this only shows its answer in words. The
 * passphrase fields live only as long as the dialog is open and are never put anywhere else.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
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
        Profile: {role ? ROLE_LABELS[role] : profile.isError ? 'unknown' : '…'}
      </button>
      {profile.data && (
        <Dialog title="Role profile" open={open} onClose={() => setOpen(false)}>
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
  return (
    <div className="profile-dialog">
      <p>
        This installation is on the <strong>{ROLE_LABELS[profile.role]}</strong> profile. {ROLE_WORDS[profile.role]}
      </p>
      {profile.problem && (
        <p className="field-error" role="alert">
          The role profile cannot be used now: {profile.problem}
        </p>
      )}
      {profile.passphraseSet ? (
        <ChangeProfile profile={profile} onClose={onClose} />
      ) : (
        <p className="panel notice-panel" role="note">
          No passphrase is set yet, so this installation is an administrator’s. Set a passphrase below; then the profile can be changed to
          Support or Finance, and only the passphrase brings Administrator back.
        </p>
      )}
      {profile.role === 'administrator' &&
        (passphraseForm !== 'hidden' ? (
          <SetPassphrase passphraseSet={profile.passphraseSet} focusFirst={passphraseForm === 'opened'} />
        ) : (
          <div className="profile-form">
            <Button onClick={() => setPassphraseForm('opened')}>Change the passphrase…</Button>
          </div>
        ))}
      <div className="dialog-buttons">
        <Button onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}

function ChangeProfile({ profile, onClose }: { readonly profile: RoleProfileView; readonly onClose: () => void }) {
  const id = useId();
  const toast = useUi((s) => s.toast);
  const queries = useQueryClient();
  // The next profile down is the usual change; from support, back up to administrator.
  const [role, setRole] = useState<Role>(profile.role === 'support' ? 'administrator' : 'support');
  const [passphrase, setPassphrase] = useState('');
  const change = useMutation({
    mutationFn: () => call('roles.set', { role, passphrase }),
    onSuccess: (view) => {
      queries.setQueryData(rolesKey, view);
      toast('success', `Profile: ${ROLE_LABELS[view.role]}`);
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
      <h3 id={`${id}-title`}>Change the profile</h3>
      <fieldset className="field">
        <legend>Profile</legend>
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
              {r === profile.role && <span className="badge tone-info">current</span>}
            </label>
            <div id={`${id}-${r}-words`} className="hint">
              {ROLE_WORDS[r]}
            </div>
          </div>
        ))}
      </fieldset>
      <Field
        label="Passphrase"
        type="password"
        autoComplete="off"
        required
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        hint="The passphrase an administrator set; it is needed from every profile."
        error={fieldError(change.error, 'passphrase')}
      />
      <Button type="submit" variant="primary" disabled={change.isPending || passphrase === ''}>
        {change.isPending ? 'Checking…' : `Switch to ${ROLE_LABELS[role]}`}
      </Button>
    </form>
  );
}

function SetPassphrase({ passphraseSet, focusFirst }: { readonly passphraseSet: boolean; readonly focusFirst: boolean }) {
  const id = useId();
  const queries = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [saved, setSaved] = useState<string>();
  const mismatch = repeat !== '' && repeat !== next ? 'The two new passphrases differ' : undefined;
  const tooShort = next !== '' && next.length < MIN_PASSPHRASE_LENGTH ? `At least ${MIN_PASSPHRASE_LENGTH} characters` : undefined;
  const save = useMutation({
    mutationFn: () => call('roles.setPassphrase', passphraseSet ? { current, next } : { next }),
    // Said here rather than in a toast: the modal dialog keeps the page behind it, toasts too, out of reach.
    onSuccess: (view) => {
      queries.setQueryData(rolesKey, view);
      setSaved(passphraseSet ? 'The passphrase is changed.' : 'The passphrase is set: the profile can now be changed.');
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
  const title = passphraseSet ? 'Change the passphrase' : 'Set the passphrase';
  return (
    <form className="profile-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{title}</h3>
      {passphraseSet && (
        <Field
          label="Current passphrase"
          type="password"
          autoComplete="off"
          autoFocus={focusFirst}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={fieldError(err, 'current')}
        />
      )}
      <Field
        label="New passphrase"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={`At least ${MIN_PASSPHRASE_LENGTH} characters; a sentence is a good passphrase. Only a hash of it is kept, in the OS keychain.`}
        error={tooShort ?? (err instanceof ApiError && err.fields ? err.fieldMessage('next') : undefined)}
      />
      <Field
        label="New passphrase again"
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
        {save.isPending ? 'Saving…' : title}
      </Button>
    </form>
  );
}
