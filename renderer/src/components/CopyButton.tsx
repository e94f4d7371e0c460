import { useState } from 'react';

/** Copies an identifier to the clipboard and says so; the label names what is copied for screen readers. */
export function CopyButton({ value, what }: { readonly value: string; readonly what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      aria-label={`Copy ${what}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
