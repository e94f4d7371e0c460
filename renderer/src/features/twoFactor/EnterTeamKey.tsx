/**
 * The team key typed at this desk by an administrator (twoFactor.enterTeamKey): at a desk that joined a team
 * whose people enrolled elsewhere. Main takes it only if it is the key whose check value the team keeps; the
 * field is cleared once sent.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnterTeamKey } from '../../api/twoFactor';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';

export function EnterTeamKey({ onEntered }: { readonly onEntered?: () => void }) {
  const { t } = useTranslation('twoFactor');
  const toast = useUi((s) => s.toast);
  const [key, setKey] = useState('');
  const enter = useEnterTeamKey({
    onSuccess: () => {
      toast('success', t('teamKey.entered'));
      onEntered?.();
    },
    onSettled: () => setKey(''),
  });
  const ready = key.trim() !== '' && !enter.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) enter.mutate({ key: key.trim() });
  };
  return (
    <form className="session-form team-key-form" onSubmit={submit}>
      <Field
        label={t('teamKey.enter')}
        autoComplete="off"
        spellCheck={false}
        className="team-key-field"
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      {enter.isError && <ErrorNotice className="field-error" error={enter.error} />}
      <Button type="submit" disabled={!ready}>
        {enter.isPending ? t('teamKey.entering') : t('teamKey.enterSubmit')}
      </Button>
    </form>
  );
}
