/**
 * The recovery codes just given at an enrolment, shown once over whatever screen follows it (the app, when the
 * enrolment completed a sign-in), until the person says they kept them; then they are gone from the screens too.
 */
import { useTranslation } from 'react-i18next';
import { useRecoveryCodes } from '../../api/twoFactor';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import './twoFactor.css';

export function RecoveryCodes() {
  const { t } = useTranslation('twoFactor');
  const { codes, done } = useRecoveryCodes();
  if (codes.length === 0) return null;
  return (
    <Dialog title={t('recovery.title')} open onClose={done}>
      <p>{t('recovery.lead')}</p>
      <ol className="recovery-codes" aria-label={t('recovery.title')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="dialog-buttons">
        <Button variant="primary" onClick={done} data-autofocus>
          {t('recovery.done')}
        </Button>
      </div>
    </Dialog>
  );
}
