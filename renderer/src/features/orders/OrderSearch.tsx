/**
 * The one search box: an orderId or an orderNumber, and what the gateway says about it: the order, "no
 * such order", or why the look-up failed (the gateway's own refusal, for example a wrong credential).
 */
import { useTranslation } from 'react-i18next';
import type { OrderLookup } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useAppInfo } from '../../api/settings';
import { SEARCH_INPUT_ID } from '../../app/shortcuts';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LookupOutcome } from './LookupOutcome';
import type { useOrderLookup } from '../../api/orders';

export function OrderSearch({
  text,
  setText,
  lookup,
  shown,
  onShow,
  onClient,
}: {
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly lookup: ReturnType<typeof useOrderLookup>;
  readonly shown?: OrderLookup | undefined;
  readonly onShow: (r: OrderLookup) => void;
  /** Opens a client from the order's client ID. */
  readonly onClient?: (clientId: string) => void;
}) {
  const { t } = useTranslation('orders');
  const environment = useAppInfo().data?.environment;
  const inputError = lookup.error instanceof ApiError ? lookup.error.fieldMessage('query') : undefined;

  return (
    <div className="order-search">
      <form
        role="search"
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          lookup.mutate(text);
        }}
      >
        <label htmlFor={SEARCH_INPUT_ID}>{t('search.label')}</label>
        <div className="search-row">
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="search-hint"
            aria-invalid={inputError ? true : undefined}
          />
          <Button type="submit" variant="primary" disabled={lookup.isPending}>
            {lookup.isPending ? t('search.submitting') : t('search.submit')}
          </Button>
        </div>
        <div id="search-hint" className="hint">
          {t('search.hint')}
        </div>
      </form>
      {lookup.isError && <ErrorNotice className="panel error-panel" error={lookup.error} />}
      {shown && (
        <LookupOutcome
          result={shown}
          environment={environment}
          onChanged={(next) => onShow({ query: shown.query, ...next })}
          {...(onClient ? { onClient } : {})}
        />
      )}
    </div>
  );
}
