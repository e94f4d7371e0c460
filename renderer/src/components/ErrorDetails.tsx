import { useTranslation } from 'react-i18next';
import { Id } from './Id';

/** The technical detail behind a disclosure, closed until asked for; nothing when there is none. */
export function ErrorDetails({ detail }: { readonly detail: string | undefined }) {
  const { t } = useTranslation('components');
  if (!detail) return null;
  return (
    <details className="error-details">
      <summary>{t('error.details')}</summary>
      <code>
        <Id value={detail} />
      </code>
    </details>
  );
}
