/**
 * Finance's workspace for charging stored cards: one charge, a batch from a file, and the journal of
 * every charge. Charges whose outcome is unknown stay in view above all three until reconciled.
 */
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi, type ChargesTab } from '../../app/uiStore';
import { BatchCharges } from './BatchCharges';
import { ChargeForm } from './ChargeForm';
import { ChargeJournal } from './ChargeJournal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OpenCharges } from './OpenCharges';
import { useChargeOptions } from '../../api/charges';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';

const TABS: readonly ChargesTab[] = ['charge', 'batch', 'journal'];

export function ChargesWorkspace() {
  const id = useId();
  const { t } = useTranslation('charges');
  const tab = useUi((s) => s.chargesTab);
  const openTab = useUi((s) => s.openChargesTab);
  const options = useChargeOptions();

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
    <WorkspaceFrame
      title={t('workspace.title')}
      tools={
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
      }
    >
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
    </WorkspaceFrame>
  );
}
