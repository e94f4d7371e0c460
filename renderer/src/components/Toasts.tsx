import { useUi } from '../app/uiStore';
import { ErrorDetails } from './ErrorNotice';

/**
 * Messages after an action: polite for news, assertive (role=alert) for errors, which stay until dismissed.
 * At most three, newest on top (the store drops the oldest), so they never pile up over the work.
 */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismiss);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast-body">
            <span>{t.text}</span>
            <ErrorDetails detail={t.detail} />
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
