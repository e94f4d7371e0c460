import { useTranslation } from 'react-i18next';
import type { SavedView } from '../../../../../main/ipc/contract';
import { call, errorText } from '../../../api/client';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { shownText } from '../../../components/Id';
import { useSavedViewsChange } from '../../../api/period';

/** Asks before deleting the saved view shown, and deletes it. */
export function DeleteView({ saved, onClose }: { readonly saved: SavedView; readonly onClose: () => void }) {
  const { t } = useTranslation('list', { keyPrefix: 'views' });
  const toast = useUi((s) => s.toast);
  const remove = useSavedViewsChange(() => call('period.views.delete', { id: saved.id }), {
    onSuccess: () => {
      toast('success', t('deleted', { name: shownText(saved.name) }));
      onClose();
    },
  });
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
