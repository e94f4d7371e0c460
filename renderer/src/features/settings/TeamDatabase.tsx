/**
 * The team database this desk keeps its journals in: where it is (host, port, database, user, TLS with an
 * optional CA file), its password (sent to main once, into the keychain; the screen only learns whether one
 * is kept), a test of what the form holds, turning team mode off, and moving this desk's records there. What the desk uses now is said from
 * main's view, including a database chosen at start that overrides these settings. Validated in main.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Input, TeamConnection, TeamDatabaseView, TlsMode } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useTeamDatabase, useTeamDatabaseSave, useTeamDatabaseTest, useTeamDatabaseTurnOff } from '../../api/teamDatabase';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { FileButton } from '../../components/FileButton';
import { TextArea } from '../../components/TextArea';
import { useErrorToast } from '../../components/useErrorToast';
import { say } from '../../i18n/say';
import { MoveDeskRecords } from './MoveDeskRecords';

const TLS_MODES: readonly TlsMode[] = ['disable', 'require', 'verify-full'];
const CA_FILES = '.pem,.crt,.cer,application/x-pem-file';
const PLACEHOLDER = { host: 'db.example.com', port: '5432', database: 'backoffice', user: 'backoffice' } as const;

/** The form as typed: text, the port too, until it is sent (main says what is wrong with it). */
interface Form {
  readonly host: string;
  readonly port: string;
  readonly database: string;
  readonly user: string;
  readonly tls: TlsMode;
  readonly caPem: string;
}

const formOf = (saved: TeamConnection | undefined): Form => ({
  host: saved?.host ?? '',
  port: String(saved?.port ?? 5432),
  database: saved?.database ?? '',
  user: saved?.user ?? '',
  tls: saved?.tls.mode ?? 'verify-full',
  caPem: saved?.tls.mode === 'verify-full' ? (saved.tls.caPem ?? '') : '',
});

/** What main is sent: only verify-full carries a CA, and a password only where one was typed. */
function inputOf(form: Form, password: string): Input<'settings.saveTeamDatabase'> {
  const tls = form.tls === 'verify-full' ? { mode: form.tls, ...(form.caPem.trim() ? { caPem: form.caPem } : {}) } : { mode: form.tls };
  return {
    connection: { host: form.host.trim(), port: Number(form.port), database: form.database.trim(), user: form.user.trim(), tls },
    ...(password !== '' ? { password } : {}),
  };
}

export function TeamDatabase() {
  const view = useTeamDatabase();
  const { t } = useTranslation('settings');
  if (view.isPending) return <p role="status">{t('loading')}</p>;
  if (view.isError) return <ErrorNotice error={view.error} />;
  // A form of its own for each saved state: what was saved (or turned off) is what it shows next.
  return <TeamDatabaseForm key={JSON.stringify(view.data.saved)} view={view.data} />;
}

function TeamDatabaseForm({ view }: { readonly view: TeamDatabaseView }) {
  const id = useId();
  const { t, i18n } = useTranslation('settings');
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  const [form, setForm] = useState(() => formOf(view.saved.kind === 'saved' ? view.saved.connection : undefined));
  const [password, setPassword] = useState('');
  const [caFile, setCaFile] = useState<string>();
  const [confirmOff, setConfirmOff] = useState(false);
  const caInput = useRef<HTMLInputElement>(null);
  const test = useTeamDatabaseTest();
  const save = useTeamDatabaseSave({
    onSuccess: (next) =>
      toast(
        'success',
        next.inUse.kind === 'team' && next.inUse.from === 'settings'
          ? t('team.saved.settings', { database: next.inUse.database })
          : t('team.saved.overridden'),
      ),
    onError: toastError,
  });
  const turnOff = useTeamDatabaseTurnOff({
    onSuccess: () => toast('success', t('team.turnedOff')),
    onError: toastError,
    onSettled: () => setConfirmOff(false),
  });
  const set = (change: Partial<Form>) => {
    setForm((f) => ({ ...f, ...change }));
    test.reset();
  };
  // main's refusal of a field, under that field: from the last save, else the last test.
  const refused = save.error ?? test.error;
  const fieldError = (path: string) => (refused instanceof ApiError ? refused.fieldMessage(`connection.${path}`) : undefined);
  const inUse = view.inUse;
  const passwordHint = view.passwordFromEnvironment
    ? t('team.passwordFromEnvironment')
    : view.passwordKept === undefined
      ? t('team.passwordUnknown')
      : view.passwordKept
        ? t('team.passwordKept')
        : t('team.passwordNotKept');
  const busy = save.isPending || test.isPending || turnOff.isPending;
  const check = test.data;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('team.title')}</h2>
      <p>{t('team.intro')}</p>
      <p className={inUse.kind === 'team' && inUse.from !== 'settings' ? 'panel warning-panel' : 'hint'} role="note">
        {inUse.kind === 'file' ? t('team.inUse.file') : t(`team.inUse.${inUse.from}`, { database: inUse.database })}
      </p>
      {view.saved.kind === 'unreadable' && (
        <p className="panel warning-panel" role="alert">
          {t('team.unreadable')}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(inputOf(form, password), {
            // The password sent leaves the field; one typed while it was on its way stays, to be saved next.
            onSettled: () => setPassword((now) => (now === password ? '' : now)),
          });
        }}
      >
        <div className="grid-form">
          <Field
            label={t('team.host')}
            value={form.host}
            onChange={(e) => set({ host: e.target.value })}
            placeholder={PLACEHOLDER.host}
            hint={t('team.hostHint')}
            autoComplete="off"
            error={fieldError('host')}
          />
          <Field
            label={t('team.port')}
            value={form.port}
            inputMode="numeric"
            onChange={(e) => set({ port: e.target.value })}
            placeholder={PLACEHOLDER.port}
            error={fieldError('port')}
          />
          <Field
            label={t('team.database')}
            value={form.database}
            onChange={(e) => set({ database: e.target.value })}
            placeholder={PLACEHOLDER.database}
            autoComplete="off"
            error={fieldError('database')}
          />
          <Field
            label={t('team.user')}
            value={form.user}
            onChange={(e) => set({ user: e.target.value })}
            placeholder={PLACEHOLDER.user}
            autoComplete="off"
            error={fieldError('user')}
          />
          <Field
            label={t('team.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              test.reset();
            }}
            hint={passwordHint}
            error={refused instanceof ApiError ? refused.fieldMessage('password') : undefined}
          />
        </div>
        <fieldset className="field">
          <legend>{t('team.tlsMode')}</legend>
          {TLS_MODES.map((mode) => (
            <label key={mode}>
              <input type="radio" name={`${id}-tls`} checked={form.tls === mode} onChange={() => set({ tls: mode })} />{' '}
              {t(`team.tls.${mode}`)}
            </label>
          ))}
          {fieldError('tls.mode') && <p className="field-error">{fieldError('tls.mode')}</p>}
        </fieldset>
        {form.tls === 'verify-full' && (
          <TextArea
            label={t('team.ca')}
            rows={4}
            value={form.caPem}
            onChange={(e) => set({ caPem: e.target.value })}
            hint={caFile ? t('team.caRead', { name: caFile }) : t('team.caHint')}
            error={fieldError('tls.caPem')}
          >
            <FileButton
              className="file-button"
              label={t('team.chooseCa')}
              accept={CA_FILES}
              inputRef={caInput}
              onFile={(file) => {
                if (!file) return;
                setCaFile(file.name);
                void file.text().then((caPem) => set({ caPem }));
              }}
            />
          </TextArea>
        )}
        <p className="hint">{t('team.appliesAtOnce')}</p>
        <div className="button-row">
          <Button onClick={() => test.mutate(inputOf(form, password))} disabled={busy}>
            {test.isPending ? t('team.testing') : t('team.test')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {save.isPending ? t('team.saving') : t('team.save')}
          </Button>
          {view.saved.kind !== 'none' && (
            <Button variant="danger" onClick={() => setConfirmOff(true)} disabled={busy}>
              {t('team.turnOff')}
            </Button>
          )}
        </div>
      </form>
      {inUse.kind === 'team' && <MoveDeskRecords database={inUse.database} disabled={busy} />}
      {check?.connected && (
        <p className="ok-text" role="status">
          {say(i18n, check.said)}
        </p>
      )}
      {check && !check.connected && <ErrorNotice className="field-error" message={say(i18n, check.said)} />}
      {test.isError && !(test.error instanceof ApiError && test.error.fields) && <ErrorNotice className="field-error" error={test.error} />}
      <Dialog
        title={t('team.turnOffTitle')}
        open={confirmOff}
        busy={turnOff.isPending}
        onClose={() => !turnOff.isPending && setConfirmOff(false)}
      >
        <p>{t('team.turnOffWhat')}</p>
        <div className="dialog-buttons">
          <Button data-autofocus onClick={() => setConfirmOff(false)} disabled={turnOff.isPending}>
            {t('team.cancel')}
          </Button>
          <Button variant="danger" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
            {turnOff.isPending ? t('team.turningOff') : t('team.turnOffConfirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
