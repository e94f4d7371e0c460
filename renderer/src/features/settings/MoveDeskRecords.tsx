/**
 * "Move this desk's records to the team database": asked once more in a dialog that says what is copied, then
 * what main moved, which rows the team's journal could not take, and which are not settled yet (both stay in
 * this desk's file only).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MovedDeskRecords } from '../../../../main/ipc/contract';
import { useMoveDeskRecords } from '../../api/teamDatabase';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { useErrorToast } from '../../components/useErrorToast';

/** How many kept rows are named; the rest are counted. */
const NAMED = 20;

export function MoveDeskRecords({ database, disabled }: { readonly database: string; readonly disabled: boolean }) {
  const { t } = useTranslation('settings');
  const toastError = useErrorToast();
  const [asking, setAsking] = useState(false);
  const [moved, setMoved] = useState<MovedDeskRecords>();
  const move = useMoveDeskRecords({
    onSuccess: (result) => setMoved(result),
    onError: toastError,
    onSettled: () => setAsking(false),
  });
  const kept = moved ? [...moved.charges.kept, ...moved.operations.kept] : [];
  const open = moved ? [...moved.charges.open, ...moved.operations.open] : [];
  const listed = (rows: readonly string[]) => rows.slice(0, NAMED).join(', ') + (rows.length > NAMED ? ` (+${rows.length - NAMED})` : '');
  return (
    <>
      <div className="button-row">
        <Button onClick={() => setAsking(true)} disabled={disabled || move.isPending}>
          {t('team.move')}
        </Button>
      </div>
      {moved && (
        <div role="status">
          <p className="ok-text">
            {t('team.moved', {
              charges: moved.charges.moved,
              operations: moved.operations.moved,
              audit: moved.auditEntries,
              already: moved.charges.already + moved.operations.already,
            })}
          </p>
          {kept.length > 0 && <p className="panel warning-panel">{t('team.movedKept', { count: kept.length, list: listed(kept) })}</p>}
          {open.length > 0 && <p className="panel warning-panel">{t('team.movedOpen', { count: open.length, list: listed(open) })}</p>}
        </div>
      )}
      <Dialog title={t('team.moveTitle')} open={asking} busy={move.isPending} onClose={() => !move.isPending && setAsking(false)}>
        <p>{t('team.moveWhat', { database })}</p>
        <div className="dialog-buttons">
          <Button data-autofocus onClick={() => setAsking(false)} disabled={move.isPending}>
            {t('team.cancel')}
          </Button>
          <Button variant="primary" onClick={() => move.mutate()} disabled={move.isPending}>
            {move.isPending ? t('team.moving') : t('team.moveConfirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
