/**
 * The list's saved views: pick one to show its period, filters and sort again; save the view on screen
 * under a name ("Declined this week, USD"); rename or delete the one shown. Main keeps them per environment
 * and role profile and checks every name (period.views.*); the menu shows the saved view the list is on
 * now, or "Not saved" once anything was changed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView, SavedView, SavedViews as Saved } from '../../../../../main/ipc/contract';
import { ApiError, call, errorText } from '../../../api/client';
import { keys } from '../../../api/queries';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { shownText } from '../../../components/Id';
import { sameView } from './period';

type Editing = { readonly kind: 'save' } | { readonly kind: 'rename' | 'delete'; readonly view: SavedView };

export function SavedViews({ view, onPick }: { readonly view: ListView; readonly onPick: (view: ListView) => void }) {
  const { t } = useTranslation('list', { keyPrefix: 'views' });
  const id = useId();
  const saved = useQuery({ queryKey: keys.savedViews, queryFn: () => call('period.views.list', {}) });
  const [editing, setEditing] = useState<Editing>();
  const views = saved.data?.views ?? [];
  const current = views.find((v) => sameView(v.view, view));
  const close = () => setEditing(undefined);

  return (
    <div className="saved-views">
      <div className="field compact inline">
        <label htmlFor={`${id}-pick`}>{t('label')}</label>
        <select
          id={`${id}-pick`}
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
        </select>
      </div>
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

/** The answer of a change (the views as they are now) put where the menu reads them. */
function useViewChange<I>(run: (input: I) => Promise<Saved>, done: (input: I) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (views, input) => {
      client.setQueryData(keys.savedViews, views);
      done(input);
    },
  });
}

function NameView({
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
  const change = useViewChange(
    (name: string) => (renaming ? call('period.views.rename', { id: renaming.id, name }) : call('period.views.save', { name, view })),
    (name) => {
      toast('success', renaming ? t('renamed', { name: name.trim() }) : t('saved', { name: name.trim() }));
      onClose();
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

function DeleteView({ saved, onClose }: { readonly saved: SavedView; readonly onClose: () => void }) {
  const { t } = useTranslation('list', { keyPrefix: 'views' });
  const toast = useUi((s) => s.toast);
  const remove = useViewChange(
    () => call('period.views.delete', { id: saved.id }),
    () => {
      toast('success', t('deleted', { name: shownText(saved.name) }));
      onClose();
    },
  );
  return (
    <Dialog title={t('deleteTitle', { name: shownText(saved.name) })} open onClose={onClose} busy={remove.isPending}>
      <p>{t('deleteBody')}</p>
      {remove.isError && (
        <div className="field-error" role="alert">
          {errorText(remove.error)}
        </div>
      )}
      <div className="dialog-buttons">
        <Button data-autofocus onClick={onClose} disabled={remove.isPending}>
          {t('cancel')}
        </Button>
        <Button variant="danger" onClick={() => remove.mutate(undefined)} disabled={remove.isPending}>
          {t('delete')}
        </Button>
      </div>
    </Dialog>
  );
}
