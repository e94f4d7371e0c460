/**
 * How long a desk may sit idle before it locks, the administrator's (settings.setIdleMinutes; the team's, in
 * team mode): whole minutes from 1 to 15, since PCI DSS (8.2.8) asks for 15 at most. The field says what it
 * cannot take while it is typed; main checks again, and its refusal is said under the field.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from '../../../../main/domain/idleTime';
import { call } from '../../api/client';
import { useSettingsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';

const BOUNDS = { min: MIN_IDLE_MINUTES, max: MAX_IDLE_MINUTES } as const;

/** Settings shows it keyed by the minutes saved: a change saved elsewhere (another desk of the team) replaces what the field held. */
export function IdleTime({ minutes }: { readonly minutes: number }) {
  const { t } = useTranslation('settings');
  const toast = useUi((s) => s.toast);
  const [text, setText] = useState(String(minutes));
  const typed = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const problem =
    text.trim() === ''
      ? undefined
      : Number.isNaN(typed)
        ? t('idle.whole', BOUNDS)
        : typed < MIN_IDLE_MINUTES || typed > MAX_IDLE_MINUTES
          ? t('idle.range', BOUNDS)
          : undefined;
  const save = useSettingsChange((next: number) => call('settings.setIdleMinutes', { minutes: next }), {
    onSuccess: (view) => toast('success', t('idle.saved', { count: view.idleMinutes })),
  });
  const ready = !Number.isNaN(typed) && problem === undefined && typed !== minutes && !save.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) save.mutate(typed);
  };
  return (
    <section className="panel" aria-labelledby="idle-title">
      <h2 id="idle-title">{t('idle.title')}</h2>
      <form className="idle-form" onSubmit={submit}>
        <Field
          label={t('idle.label')}
          className="idle-minutes"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            save.reset();
          }}
          hint={t('idle.hint', BOUNDS)}
          error={problem}
        />
        {save.isError && <ErrorNotice className="field-error" error={save.error} />}
        <Button type="submit" variant="primary" disabled={!ready}>
          {save.isPending ? t('idle.saving') : t('idle.save')}
        </Button>
      </form>
    </section>
  );
}
