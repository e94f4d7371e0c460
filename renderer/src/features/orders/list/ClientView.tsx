/**
 * A client, opened from a client ID anywhere (the list, the order view, Stored cards): their stored cards
 * as the gateway lists them now (bindings.find, finance's; support is told so rather than shown an empty
 * list), and their orders of the list's period with totals, from the same query as the list.
 */
import { useQuery } from '@tanstack/react-query';
import type { StoredCardView } from '../../../../../main/ipc/contract';
import type { PeriodOrder } from '../../../../../main/services/periodViews';
import { call } from '../../../api/client';
import { Button } from '../../../components/Button';
import { Copyable } from '../../../components/CopyButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { mayCall, useRoleProfile } from '../../roles/profile';
import { localDay, type PeriodWindow } from './period';
import { PeriodResults } from './OrderList';

const CATEGORY_WORDS: Record<StoredCardView['category'], string> = {
  COMMON: 'Common',
  RECURRENT: 'Recurrent',
  INSTALLMENT: 'Installment',
  UNKNOWN: 'Other',
};

function StoredCards({ clientId }: { readonly clientId: string }) {
  const profile = useRoleProfile().data;
  const allowed = mayCall(profile, 'bindings.find');
  const found = useQuery({
    queryKey: ['bindings.find', 'client', clientId],
    queryFn: () => call('bindings.find', { clientId, showExpired: true }),
    enabled: allowed,
  });
  if (!profile) return null;
  if (!allowed) return <p className="muted">Stored cards are shown to Finance and Administrator profiles.</p>;
  if (found.isError) return <ErrorNotice lead="The client's stored cards could not be read:" error={found.error} />;
  if (!found.data) return <p className="muted">Reading the stored cards…</p>;
  const { groups, other } = found.data;
  const cards = [...groups.common, ...groups.recurrent, ...groups.installment, ...other];
  if (cards.length === 0) return <p>The gateway lists no stored card for this client.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label="Stored cards of the client">
        <thead>
          <tr>
            <th scope="col">Card</th>
            <th scope="col">Category</th>
            <th scope="col">Payment system</th>
            <th scope="col">Expiry</th>
            <th scope="col">State</th>
            <th scope="col">Binding ID</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((c) => (
            <tr key={c.bindingId}>
              <td className="mono">{c.maskedPan ?? '—'}</td>
              <td>{CATEGORY_WORDS[c.category]}</td>
              <td>{c.paymentSystem ?? '—'}</td>
              <td>{c.expiry ? `${c.expiry.slice(4, 6)}/${c.expiry.slice(0, 4)}` : '—'}</td>
              <td>{!c.enabled ? 'Disabled' : c.expired ? 'Expired' : c.expiresSoon ? 'Expires soon' : 'Enabled'}</td>
              <td>
                <Copyable value={c.bindingId} what="binding ID" className="mono id-value" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ClientView({
  clientId,
  window,
  onBack,
  onOpen,
}: {
  readonly clientId: string;
  readonly window: PeriodWindow;
  readonly onBack: () => void;
  readonly onOpen: (order: PeriodOrder) => void;
}) {
  const period = `${localDay(window.from)} to ${localDay(window.to - 1)}`;
  return (
    <article className="panel client-view" aria-labelledby="client-title">
      <header className="order-head">
        <h2 id="client-title">Client {clientId}</h2>
        <Button onClick={onBack}>Back to the list</Button>
      </header>
      <section aria-labelledby="client-cards">
        <h3 id="client-cards">Stored cards</h3>
        <StoredCards clientId={clientId} />
      </section>
      <section aria-labelledby="client-orders">
        <h3 id="client-orders">Orders of {period}</h3>
        <PeriodResults
          query={{ from: window.from, to: window.to, clientId }}
          sort="newest"
          label={`Orders of client ${clientId}`}
          onOpen={onOpen}
        />
      </section>
    </article>
  );
}
