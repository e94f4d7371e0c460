import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeBatchPlan } from '../../../../main/ipc/contract';
import { useChargeBatchRun } from '../../api/chargeBatches';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatCount } from '../../format/numbers';
import { totalsWords } from './shared';

export function ConfirmBatch({ plan, onClose }: { readonly plan: ChargeBatchPlan; readonly onClose: () => void }) {
  const { t } = useTranslation('charges');
  const [checked, setChecked] = useState(false);
  const run = useChargeBatchRun(plan.batchId, plan.environment, { onSuccess: onClose });
  const production = plan.environment === 'production';
  const label = t('batch.run', { count: plan.charges.length, n: formatCount(plan.charges.length) });
  return (
    <Dialog title={t('batch.confirmTitle')} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !run.isPending) run.mutate();
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>{t('term.environment')}</dt>
          <dd>
            <strong>{production ? t('batch.production') : plan.environment}</strong>
          </dd>
          <dt>{t('term.charges')}</dt>
          <dd>{t('batch.oneAfterAnother', { n: formatCount(plan.charges.length) })}</dd>
          <dt>{t('term.total')}</dt>
          <dd>
            <strong className="confirm-amount">{totalsWords(plan)}</strong>
          </dd>
          <dt>{t('term.leftOut')}</dt>
          <dd>{t('batch.invalidCount', { count: plan.invalid.length, n: formatCount(plan.invalid.length) })}</dd>
        </dl>
        <label className="checkbox confirm-check">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} /> {t('batch.checked')}
        </label>
        {run.isError && <ErrorNotice className="field-error" error={run.error} lead={t('nothingCharged')} />}
        <div className="dialog-buttons">
          <Button onClick={onClose} data-autofocus disabled={run.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || run.isPending}>
            {run.isPending ? t('batch.starting') : label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
