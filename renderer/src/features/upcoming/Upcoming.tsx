import { useTranslation } from 'react-i18next';
import type { WorkspaceId } from '../../app/uiStore';

/** A workspace whose screen comes with the next release. */
export function Upcoming({ workspace }: { readonly workspace: WorkspaceId }) {
  const { t } = useTranslation(['components', 'common']);
  return (
    <section className="panel" aria-labelledby="upcoming-title">
      <h1 id="upcoming-title">{t(`common:nav.${workspace}`)}</h1>
      <p>{t('upcoming.notYet')}</p>
    </section>
  );
}
