import { useTranslation } from 'react-i18next';
import { formatCount } from '../format/numbers';

/** A labelled progress bar (the native element, which screen readers announce). */
export function ProgressBar({ value, max, label }: { readonly value: number; readonly max: number; readonly label: string }) {
  const { t } = useTranslation('components');
  return (
    <div className="progress">
      <progress value={value} max={Math.max(max, 1)} aria-label={label} />
      <span className="progress-text">{t('progress.of', { value: formatCount(value), max: formatCount(max) })}</span>
    </div>
  );
}
