/**
 * How an error is shown everywhere: main's sentence (what happened, what it did to money, what to do) and,
 * where main gave one, its technical account behind a "Details" disclosure, for support to quote.
 */
import type { ReactNode } from 'react';
import { errorDetail, errorText } from '../api/client';
import { ErrorDetails } from './ErrorDetails';

type Source = { readonly error: unknown } | { readonly message: string; readonly detail?: string };

/**
 * An alert with the error's words, after an optional lead ("The search failed:"), and its Details. The class
 * keeps the look of the place it replaces: a panel by default, "field-error" beside a form.
 */
export function ErrorNotice(props: Source & { readonly lead?: ReactNode; readonly className?: string }) {
  const message = 'error' in props ? errorText(props.error) : props.message;
  const detail = 'error' in props ? errorDetail(props.error) : props.detail;
  return (
    <div className={`error-notice ${props.className ?? 'panel error-panel'}`} role="alert">
      <p>
        {props.lead}
        {props.lead ? ' ' : ''}
        {message}
      </p>
      <ErrorDetails detail={detail} />
    </div>
  );
}
