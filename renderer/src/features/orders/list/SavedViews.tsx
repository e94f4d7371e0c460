/**
 * The list's saved views: pick one to show its period, filters and sort again; save the view on screen
 * under a name ("Declined this week, USD"); rename or delete the one shown. Main keeps them per environment
 * and person and checks every name (period.views.*); the menu shows the saved view the list is on
 * now, or "Not saved" once anything was changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '../../../../../main/ipc/contract';
import { Button } from '../../../components/Button';
import { shownText } from '../../../components/Id';
import { sameView } from './period';
import { type Editing } from './shared';
import { NameView } from './NameView';
import { DeleteView } from './DeleteView';
import { useSavedViews } from '../../../api/period';
import { SelectField } from '../../../components/SelectField';

export function SavedViews({ view, onPick }: { readonly view: ListView; readonly onPick: (view: ListView) => void }) {
  const { t } = useTranslation('list', { keyPrefix: 'views' });
  const saved = useSavedViews();
  const [editing, setEditing] = useState<Editing>();
  const views = saved.data?.views ?? [];
  const current = views.find((v) => sameView(v.view, view));
  const close = () => setEditing(undefined);

  return (
    <div className="saved-views">
      <SelectField
        className="compact inline"
        label={t('label')}
        value={current ? String(current.id) : ''}
        onChange={(e) => {
          const picked = views.find((v) => String(v.id) === e.target.value);
          if (picked) onPick(picked.view);
        }}
      >
        {!current && <option value="">{t('none')}</option>}
        {views.map((v) => (
          <option key={v.id} value={String(v.id)}>
            {shownText(v.name)}
          </option>
        ))}
      </SelectField>
      {current ? (
        <>
          <Button onClick={() => setEditing({ kind: 'rename', view: current })}>{t('rename')}</Button>
          <Button onClick={() => setEditing({ kind: 'delete', view: current })}>{t('delete')}</Button>
        </>
      ) : (
        <Button onClick={() => setEditing({ kind: 'save' })} disabled={!saved.data}>
          {t('save')}
        </Button>
      )}
      {editing?.kind === 'delete' ? (
        <DeleteView saved={editing.view} onClose={close} />
      ) : editing && saved.data ? (
        <NameView editing={editing} view={view} maxName={saved.data.maxName} onClose={close} />
      ) : null}
    </div>
  );
}
