import { useTranslation } from 'react-i18next';
import { useUi } from '../app/uiStore';
import { ErrorDetails } from './ErrorDetails';

/**
 * Messages after an action: polite for news, assertive (role=alert) for errors, which stay until dismissed.
 * At most three, newest on top (the store drops the oldest), so they never pile up over the work.
 */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismiss);
  const { t } = useTranslation('components');
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast-body">
            <span>{toast.text}</span>
            <ErrorDetails detail={toast.detail} />
          </div>
          <button type="button" className="toast-close" aria-label={t('toasts.dismiss')} onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
