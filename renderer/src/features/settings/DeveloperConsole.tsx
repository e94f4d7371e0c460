/**
 * Settings' way into the embedded sandbox's developer console: the requests the sandbox received and what
 * it answered, its orders, callbacks, faults and clock. Offered to an administrator while the app works in
 * the sandbox; otherwise the button stays disabled with the reason beside it (main refuses the channel in
 * those cases anyway). Main answers a one-time address, opened in a window of its own with no access to
 * this one (noopener); in Electron, main opens that address in a separate, isolated window.
 */
import { useTranslation } from 'react-i18next';
import type { EnvironmentName } from '../../../../main/ipc/contract';
import { useSandboxConsoleOpen } from '../../api/sandbox';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMayCall } from '../session/offered';

export function DeveloperConsole({ environment }: { readonly environment: EnvironmentName }) {
  const { t } = useTranslation('settings');
  const open = useSandboxConsoleOpen({
    onSuccess: ({ url }) => {
      window.open(url, '_blank', 'noopener');
    },
  });
  const unavailable = !useMayCall('sandbox.console.open')
    ? t('console.onlyAdministrator')
    : environment !== 'sandbox'
      ? t('console.onlySandbox', { environment: t(`environment.${environment}`) })
      : undefined;

  return (
    <section className="panel" aria-labelledby="developer-console-title">
      <h2 id="developer-console-title">{t('console.title')}</h2>
      <p id="developer-console-what" className="muted">
        {t('console.what')}
      </p>
      <Button
        onClick={() => open.mutate()}
        disabled={unavailable !== undefined || open.isPending}
        aria-describedby={unavailable ? 'developer-console-what developer-console-unavailable' : 'developer-console-what'}
      >
        {open.isPending ? t('console.opening') : t('console.open')}
      </Button>
      {unavailable && (
        <p id="developer-console-unavailable" className="hint">
          {unavailable}
        </p>
      )}
      {open.isError && <ErrorNotice className="field-error" error={open.error} />}
    </section>
  );
}
