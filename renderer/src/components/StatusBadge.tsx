import { statusTone } from '../features/orders/status';

/** The status in words with its colour and, for support, the raw number the gateway sent. */
export function StatusBadge({ status, words }: { readonly status: number | undefined; readonly words: string }) {
  return (
    <span className={`badge tone-${statusTone(status)}`}>
      {words}
      {status !== undefined && <span className="badge-code"> · {status}</span>}
    </span>
  );
}
