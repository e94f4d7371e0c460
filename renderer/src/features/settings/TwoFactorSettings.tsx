/**
 * Two-factor sign-in in Settings, for administrators: whether it is required of finance and administrators (the
 * team's setting, in team mode), and the team key, which seals everyone's secret: whether this desk holds it, the
 * key read out (behind the administrator's password) for a desk that joins, and the key entered at such a desk.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useSettingsChange } from '../../api/settings';
import { useTeamKeyText } from '../../api/twoFactor';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';
import { useMayCall } from '../session/offered';
import { PasswordField } from '../session/PasswordField';
import { EnterTeamKey } from '../twoFactor/EnterTeamKey';
import '../twoFactor/twoFactor.css';

export function TwoFactorSettings({ view }: { readonly view: SettingsView['twoFactor'] }) {
  const { t } = useTranslation('twoFactor');
  const toast = useUi((s) => s.toast);
  const [showing, setShowing] = useState(false);
  const administrator = useMayCall('settings.setTwoFactorRequired');
  const save = useSettingsChange((required: boolean) => call('settings.setTwoFactorRequired', { required }), {
    onSuccess: () => toast('success', t('required.saved')),
  });
  if (!administrator) return null;
  return (
    <section className="panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('required.title')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={view.required}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          aria-describedby="two-factor-hint"
        />{' '}
        {t('required.label')}
      </label>
      <p id="two-factor-hint" className="hint">
        {t('required.hint')}
      </p>
      {save.isError && <ErrorNotice className="field-error" error={save.error} />}
      <h3>{t('teamKey.title')}</h3>
      <p>{t('teamKey.lead')}</p>
      <p role="status">{view.teamKeyHeld ? t('teamKey.held') : t('teamKey.notHeld')}</p>
      {view.teamKeyHeld ? <Button onClick={() => setShowing(true)}>{t('teamKey.show')}</Button> : <EnterTeamKey />}
      {showing && <ShowTeamKey onClose={() => setShowing(false)} />}
    </section>
  );
}

/** The team key, shown once the administrator typed their password again; gone when the dialog closes. */
function ShowTeamKey({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const [password, setPassword] = useState('');
  const read = useTeamKeyText({ onSettled: () => setPassword('') });
  const ready = password !== '' && !read.isPending && !read.data;
  return (
    <FormDialog
      title={t('teamKey.showTitle')}
      lead={<p>{t('teamKey.showLead')}</p>}
      onClose={onClose}
      busy={read.isPending}
      onSubmit={() => {
        if (ready) read.mutate({ password });
      }}
      cancel={t('teamKey.close')}
      submit={read.isPending ? t('teamKey.showing') : t('teamKey.showSubmit')}
      submitDisabled={!ready}
    >
      {read.data ? (
        <p>
          {t('teamKey.key')}: <code className="team-key-text">{read.data.key}</code>
        </p>
      ) : (
        <PasswordField autoComplete="current-password" label={t('teamKey.password')} value={password} onChange={setPassword} />
      )}
      {read.isError && <ErrorNotice className="field-error" error={read.error} />}
    </FormDialog>
  );
}
