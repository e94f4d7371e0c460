import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies an identifier to the clipboard and says so; the label names what is copied for screen readers.
 * What is copied is the identifier as it is (what the gateway looks it up by), bidi controls and all; what
 * is shown is <Id>'s.
 */
export function CopyButton({ value, what }: { readonly value: string; readonly what: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation('components');
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small copy-button"
      aria-label={t('copy.label', { what })}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? t('copy.copied') : t('copy.copy')}
    </button>
  );
}
