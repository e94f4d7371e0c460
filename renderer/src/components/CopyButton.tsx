import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Id } from './Id';

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

/**
 * A value with its Copy button kept beside it: the two share one flex line, the value wrapping within its own
 * box (a long UUID or fingerprint) instead of pushing the button onto a line of its own.
 */
export function Copyable({
  value,
  what,
  className = 'mono',
  children,
}: {
  readonly value: string;
  readonly what: string;
  /** The value's own class (mono, id-value, fingerprint). */
  readonly className?: string;
  /** How the value is shown, when not as its plain text. */
  readonly children?: ReactNode;
}) {
  return (
    <span className="copyable">
      <span className={`copyable-value ${className}`}>{children ?? <Id value={value} />}</span>
      <CopyButton value={value} what={what} />
    </span>
  );
}
