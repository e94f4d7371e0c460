import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { EnvironmentName, SettingsView } from '../../../../main/ipc/contract';
import { useConnectionCheck, useEnvironmentSwitch } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ENVIRONMENTS } from './shared';
import { SelectField } from '../../components/SelectField';

/** The environment the app works in (switched behind a confirmation), and a check of its connection. */
export function GeneralSettings({ view }: { readonly view: SettingsView }) {
  const g = view.general;
  const { t, i18n } = useTranslation('settings');
  const toast = useUi((s) => s.toast);
  // The choice waiting for confirmation; the selector itself always shows main's environment in use.
  const [choice, setChoice] = useState<EnvironmentName | undefined>();
  const check = useConnectionCheck();
  const switchEnv = useEnvironmentSwitch({
    onSuccess: (next) => {
      toast('success', t('general.nowWorkingIn', { environment: t(`environment.${next.general.environment}`) }));
    },
    // Main keeps the refusal and its reason; the view read again shows them beside the selector.
    onSettled: () => {
      setChoice(undefined);
      check.reset();
    },
  });
  const refused = view.switchRefused;

  return (
    <section className="panel" aria-labelledby="general-title">
      <h2 id="general-title">{t('general.title')}</h2>
      <div className="inline-form">
        <SelectField
          label={t('general.workIn')}
          id="environment"
          value={g.environment}
          disabled={switchEnv.isPending}
          aria-describedby={refused ? 'environment-refused' : undefined}
          onChange={(e) => setChoice(e.target.value as EnvironmentName)}
        >
          {ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {t(`environment.${e}`)}
            </option>
          ))}
        </SelectField>
        <Button onClick={() => check.mutate()} disabled={check.isPending || switchEnv.isPending}>
          {check.isPending ? t('general.checking') : t('general.check')}
        </Button>
      </div>
      {refused && (
        <p id="environment-refused" className="field-error" role="alert">
          {t('general.refused', {
            environment: t(`environment.${refused.environment}`),
            reason: sentence(say(i18n, refused.reason)),
            current: t(`environment.${g.environment}`),
          })}
        </p>
      )}
      {check.data?.ok && (
        <p className="ok-text" role="status">
          {t('general.checked', { environment: t(`environment.${check.data.environment}`), message: say(i18n, check.data.message) })}
        </p>
      )}
      {check.data && !check.data.ok && (
        <ErrorNotice
          className="field-error"
          message={t('general.checked', {
            environment: t(`environment.${check.data.environment}`),
            message: say(i18n, check.data.message),
          })}
          detail={check.data.detail}
        />
      )}
      {check.isError && <ErrorNotice className="field-error" error={check.error} />}
      <Dialog
        title={choice ? t('general.confirmTitle', { environment: t(`environment.${choice}`) }) : t('general.switchEnvironment')}
        open={choice !== undefined}
        busy={switchEnv.isPending}
        onClose={() => {
          if (!switchEnv.isPending) setChoice(undefined);
        }}
      >
        {choice && (
          <>
            <p>{t('general.confirmWhat', { next: t(`environment.${choice}`), current: t(`environment.${g.environment}`) })}</p>
            <div className="dialog-buttons">
              <Button data-autofocus onClick={() => setChoice(undefined)} disabled={switchEnv.isPending}>
                {t('general.cancel')}
              </Button>
              <Button
                variant={choice === 'production' ? 'danger' : 'primary'}
                onClick={() => switchEnv.mutate(choice)}
                disabled={switchEnv.isPending || choice === g.environment}
              >
                {switchEnv.isPending
                  ? t('general.switching')
                  : choice === 'production'
                    ? t('general.switchToProduction')
                    : t('general.switch')}
              </Button>
            </div>
          </>
        )}
      </Dialog>

      {/* The language and theme are each person's own and set in the top bar, the one control for them
          (a second one here, saved by a button, said the same fact twice); this says where they went. */}
      <p className="hint">{t('general.preferencesWhere')}</p>
    </section>
  );
}

/** Main's reason as the middle of a sentence: ends with a full stop, whatever it ended with. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
