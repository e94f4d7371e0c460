/**
 * Finance's workspace for charging stored cards: one charge, a batch from a file, and the journal of
 * every charge. Charges whose outcome is unknown stay in view above all three until reconciled.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { call, errorDetail, errorText } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi, type ChargesTab } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { BatchCharges } from './BatchCharges';
import { ChargeForm } from './ChargeForm';
import { ChargeJournal } from './ChargeJournal';
import { say } from '../../i18n/say';
import { cardWords, chargeAmount } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';

const TABS: readonly ChargesTab[] = ['charge', 'batch', 'journal'];

export function ChargesWorkspace() {
  const id = useId();
  const { t } = useTranslation('charges');
  const tab = useUi((s) => s.chargesTab);
  const openTab = useUi((s) => s.openChargesTab);
  const options = useQuery({ queryKey: keys.chargeOptions, queryFn: () => call('charges.options', {}), staleTime: 0 });

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern has it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    openTab(TABS[next]!);
    document.getElementById(`${id}-tab-${TABS[next]!}`)?.focus();
  };

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>{t('workspace.title')}</h1>
        <div className="tabs" role="tablist" aria-label={t('workspace.tabs')} onKeyDown={onKeyDown}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => openTab(name)}
            >
              {t(`workspace.tab.${name}`)}
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
          <ErrorNotice className="panel error-panel" error={options.error} lead={t('workspace.formFailed')} />
        ) : (
          <p className="muted">{t('workspace.loading')}</p>
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
  const { t, i18n } = useTranslation('charges');
  const open = useQuery({ queryKey: keys.chargesOpen, queryFn: () => call('charges.journal', { state: 'unknown', limit: 20 }) });
  const reconcile = useMutation({
    mutationFn: () => call('charges.reconcile', {}),
    onSuccess: (r) => {
      toast(r.stillOpen === 0 ? 'success' : 'info', r.stillOpen === 0 ? t('open.settled') : t('open.stillUnknown', { count: r.stillOpen }));
      void queries.invalidateQueries({ queryKey: keys.charges });
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  const entries = open.data?.entries ?? [];
  if (!open.data || open.data.openCount === 0) return null;
  return (
    <section className="panel warning-panel open-charges" aria-labelledby="open-charges-title">
      <div className="workspace-head">
        <h2 id="open-charges-title">{t('open.title', { count: open.data.openCount })}</h2>
        <Button variant="primary" onClick={() => reconcile.mutate()} disabled={reconcile.isPending}>
          {reconcile.isPending ? t('askingGateway') : t('reconcileNow')}
        </Button>
      </div>
      <p>{t('open.explain')}</p>
      <ul>
        {entries.map((c) => (
          <li key={c.id}>
            <Trans
              t={t}
              i18nKey={c.reason ? 'open.entryWithReason' : 'open.entry'}
              values={{
                order: c.orderNumber,
                amount: chargeAmount(c),
                card: cardWords(c),
                client: c.clientId,
                reason: c.reason ? say(i18n, c.reason) : undefined,
              }}
              components={{ mono: <span className="mono" /> }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
