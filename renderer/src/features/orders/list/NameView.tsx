import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '../../../../../main/ipc/contract';
import { ApiError, call, errorText } from '../../../api/client';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { shownText } from '../../../components/Id';
import { type Editing } from './shared';
import { useSavedViewsChange } from '../../../api/period';

/** Saves the view on screen under a name, or renames the saved view shown. */
export function NameView({
  editing,
  view,
  maxName,
  onClose,
}: {
  readonly editing: Exclude<Editing, { kind: 'delete' }>;
  readonly view: ListView;
  readonly maxName: number;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('list', { keyPrefix: 'views' });
  const id = useId();
  const toast = useUi((s) => s.toast);
  const renaming = editing.kind === 'rename' ? editing.view : undefined;
  const [name, setName] = useState(renaming?.name ?? '');
  const change = useSavedViewsChange(
    (name: string) => (renaming ? call('period.views.rename', { id: renaming.id, name }) : call('period.views.save', { name, view })),
    {
      onSuccess: (_views, name) => {
        toast('success', renaming ? t('renamed', { name: name.trim() }) : t('saved', { name: name.trim() }));
        onClose();
      },
    },
  );
  const error = change.error;
  const fieldError = error instanceof ApiError ? error.fieldMessage('name') : undefined;
  const otherError = error && !fieldError ? errorText(error) : undefined;
  return (
    <Dialog
      title={renaming ? t('renameTitle', { name: shownText(renaming.name) }) : t('saveTitle')}
      open
      onClose={onClose}
      busy={change.isPending}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!change.isPending) change.mutate(name);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={maxName}
            autoComplete="off"
            data-autofocus
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError || otherError ? ` ${id}-error` : ''}`}
          />
          <div id={`${id}-hint`} className="hint">
            {t('nameHint', { max: maxName })}
          </div>
          {(fieldError || otherError) && (
            <div id={`${id}-error`} className="field-error" role="alert">
              {fieldError ?? otherError}
            </div>
          )}
        </div>
        <div className="dialog-buttons">
          <Button onClick={onClose} disabled={change.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {renaming ? t('renameButton') : t('saveButton')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
