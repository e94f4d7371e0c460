/**
 * Finance's workspace for charging stored cards: one charge, a batch from a file, and the journal of
 * every charge. Charges whose outcome is unknown stay in view above all three until reconciled.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type KeyboardEvent } from 'react';
import { call, errorDetail, errorText } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi, type ChargesTab } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { BatchCharges } from './BatchCharges';
import { ChargeForm } from './ChargeForm';
import { ChargeJournal } from './ChargeJournal';
import { cardWords, chargeAmount } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';

const TABS: readonly (readonly [ChargesTab, string])[] = [
  ['charge', 'Charge a card'],
  ['batch', 'Batch from file'],
  ['journal', 'Journal'],
];

export function ChargesWorkspace() {
  const id = useId();
  const tab = useUi((s) => s.chargesTab);
  const openTab = useUi((s) => s.openChargesTab);
  const options = useQuery({ queryKey: keys.chargeOptions, queryFn: () => call('charges.options', {}), staleTime: 0 });

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern has it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex(([t]) => t === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    openTab(TABS[next]![0]);
    document.getElementById(`${id}-tab-${TABS[next]![0]}`)?.focus();
  };

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>Charges</h1>
        <div className="tabs" role="tablist" aria-label="Charges" onKeyDown={onKeyDown}>
          {TABS.map(([t, label]) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${id}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${id}-panel`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => openTab(t)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <OpenCharges />
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'journal' ? (
          <ChargeJournal />
        ) : tab === 'batch' ? (
          <BatchCharges />
        ) : options.data ? (
          <ChargeForm key={options.data.environment} options={options.data} />
        ) : options.isError ? (
          <ErrorNotice className="panel error-panel" error={options.error} lead="The charge form could not start:" />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </div>
    </section>
  );
}

/**
 * Charges whose outcome is not known because their answer was lost (or the app stopped before it came):
 * always in view, with what is known and a way to settle them now. A charge still being sent is not one of
 * them, however slow its answer: it is "being sent" in the journal and in a batch run.
 */
function OpenCharges() {
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  const open = useQuery({ queryKey: [...keys.charges, 'open'], queryFn: () => call('charges.journal', { state: 'unknown', limit: 20 }) });
  const reconcile = useMutation({
    mutationFn: () => call('charges.reconcile', {}),
    onSuccess: (r) => {
      toast(
        r.stillOpen === 0 ? 'success' : 'info',
        r.stillOpen === 0 ? 'Every open charge is settled' : `${r.stillOpen} charge(s) still unknown; the gateway could not say yet`,
      );
      void queries.invalidateQueries({ queryKey: keys.charges });
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  const entries = open.data?.entries ?? [];
  if (!open.data || open.data.openCount === 0) return null;
  return (
    <section className="panel warning-panel open-charges" aria-labelledby="open-charges-title">
      <div className="workspace-head">
        <h2 id="open-charges-title">
          {open.data.openCount} charge{open.data.openCount === 1 ? '' : 's'} with an unknown outcome
        </h2>
        <Button variant="primary" onClick={() => reconcile.mutate()} disabled={reconcile.isPending}>
          {reconcile.isPending ? 'Asking the gateway…' : 'Reconcile now'}
        </Button>
      </div>
      <p>
        The gateway’s answer did not arrive. These are not sent again blindly: the app asks the gateway what happened, now on request and on
        every start. Their cards take no new charge until then.
      </p>
      <ul>
        {entries.map((c) => (
          <li key={c.id}>
            <span className="mono">{c.orderNumber}</span>: {chargeAmount(c)} on <span className="mono">{cardWords(c)}</span> of client{' '}
            <span className="mono">{c.clientId}</span>
            {c.reason ? ` (${c.reason})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
