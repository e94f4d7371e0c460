import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/client';
import { usePassphraseChange } from '../../api/roles';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { MIN_PASSPHRASE_LENGTH } from './profile';
import { fieldError } from './shared';

export function SetPassphrase({ passphraseSet, focusFirst }: { readonly passphraseSet: boolean; readonly focusFirst: boolean }) {
  const id = useId();
  const { t } = useTranslation('roles');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [saved, setSaved] = useState<string>();
  const mismatch = repeat !== '' && repeat !== next ? t('passphrase.differ') : undefined;
  const tooShort =
    next !== '' && next.length < MIN_PASSPHRASE_LENGTH ? t('passphrase.tooShort', { count: MIN_PASSPHRASE_LENGTH }) : undefined;
  const save = usePassphraseChange({
    // Said here rather than in a toast: the modal dialog keeps the page behind it, toasts too, out of reach.
    onSuccess: () => {
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
    if (ready && !save.isPending) save.mutate(passphraseSet ? { current, next } : { next });
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
