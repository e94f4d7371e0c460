import { useTranslation } from 'react-i18next';
import type { EnvironmentName } from '../../../../main/ipc/contract';
import { SECTIONS, type Section, tabId, panelId } from './shared';

/** The sections as tabs (WAI-ARIA tabs: arrows, Home and End move between them and show the one reached). */
export function SectionTabs({
  current,
  section,
  onSection,
}: {
  readonly current: EnvironmentName;
  readonly section: Section;
  readonly onSection: (s: Section) => void;
}) {
  const { t } = useTranslation('settings');
  const move = (e: React.KeyboardEvent, from: number) => {
    const to = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: SECTIONS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = SECTIONS[(to + SECTIONS.length) % SECTIONS.length]!;
    onSection(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div role="tablist" aria-label={t('sections.label')} className="settings-tabs">
      {SECTIONS.map((s, i) => (
        <button
          key={s}
          type="button"
          role="tab"
          id={tabId(s)}
          aria-selected={s === section}
          aria-controls={panelId(s)}
          tabIndex={s === section ? 0 : -1}
          className="settings-tab"
          onClick={() => onSection(s)}
          onKeyDown={(e) => move(e, i)}
        >
          {t(`sections.${s}`)}
          {s === current && <span className="badge tone-info">{t('connection.inUse')}</span>}
        </button>
      ))}
    </div>
  );
}
