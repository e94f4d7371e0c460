import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '../../../../../main/ipc/contract';
import { ApiError, call, errorText } from '../../../api/client';
import { useUi } from '../../../app/uiStore';
import { shownText } from '../../../components/Id';
import { type Editing } from './shared';
import { useSavedViewsChange } from '../../../api/period';
import { FormDialog } from '../../../components/FormDialog';
import { Field } from '../../../components/Field';

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
    <FormDialog
      title={renaming ? t('renameTitle', { name: shownText(renaming.name) }) : t('saveTitle')}
      onClose={onClose}
      busy={change.isPending}
      onSubmit={() => {
        if (!change.isPending) change.mutate(name);
      }}
      cancel={t('cancel')}
      cancelDisabled={change.isPending}
      submit={renaming ? t('renameButton') : t('saveButton')}
      submitDisabled={change.isPending}
    >
      <Field
        label={t('name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={maxName}
        autoComplete="off"
        data-autofocus
        hint={t('nameHint', { max: maxName })}
        error={fieldError ?? otherError}
        // Invalid only for what is wrong with the name itself, not for a refusal of another kind.
        aria-invalid={fieldError ? true : undefined}
      />
    </FormDialog>
  );
}
