import { Trans, useTranslation } from 'react-i18next';
import type { OrderLookup } from '../../../../main/ipc/contract';
import type { AfterOperation } from './shared';
import { OrderDetails } from './OrderDetails';
import { ErrorNotice } from '../../components/ErrorNotice';
import { say } from '../../i18n/say';
import { environmentInSentence } from '../../format/environment';

/** What a look-up found: the order, "no such order", or why it failed. */
export function LookupOutcome({
  result,
  environment,
  onChanged,
  onClient,
}: {
  readonly result: OrderLookup;
  readonly environment: string | undefined;
  readonly onChanged: (next: AfterOperation) => void;
  readonly onClient?: (clientId: string) => void;
}) {
  const { t, i18n } = useTranslation('orders');
  switch (result.kind) {
    case 'found':
    case 'cached':
      return <OrderDetails shown={result} onChanged={onChanged} {...(onClient ? { onClient } : {})} />;
    case 'notFound':
      return (
        <div className="panel notice-panel" role="status">
          {environment !== undefined ? (
            <Trans
              t={t}
              i18nKey="search.notFound"
              values={{ query: result.query, environment: environmentInSentence(i18n, environment) }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans t={t} i18nKey="search.notFoundHere" values={{ query: result.query }} components={{ strong: <strong /> }} />
          )}
        </div>
      );
    case 'failed':
      return (
        <ErrorNotice
          lead={<Trans t={t} i18nKey="search.failed" values={{ query: result.query }} components={{ strong: <strong /> }} />}
          message={say(i18n, result.reason)}
          detail={result.detail}
        />
      );
    case 'cancelled':
      return null;
  }
}
