import { useState } from 'react';
import { ReasonField, reasonProblem } from './ReasonField';
import { useTranslation } from 'react-i18next';
import type { ChargeBatchPlan } from '../../../../main/ipc/contract';
import { useChargeBatchRun } from '../../api/chargeBatches';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatCount } from '../../format/numbers';
import { totalsWords } from './shared';
import { FormDialog } from '../../components/FormDialog';
import { ConfirmCheck } from '../../components/ConfirmCheck';
import { Term } from '../../components/Term';
import { useCancelledOnLock } from '../session/cancelOnLock';

export function ConfirmBatch({ plan, onClose }: { readonly plan: ChargeBatchPlan; readonly onClose: () => void }) {
  const { t } = useTranslation('charges');
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState('');
  const reasonError = reasonProblem(reason);
  const run = useChargeBatchRun(plan.batchId, plan.environment, { onSuccess: onClose });
  useCancelledOnLock(onClose, run.isPending);
  const production = plan.environment === 'production';
  const label = t('batch.run', { count: plan.charges.length, n: formatCount(plan.charges.length) });
  return (
    <FormDialog
      title={t('batch.confirmTitle')}
      onClose={onClose}
      onSubmit={() => {
        if (checked && !run.isPending && reasonError === undefined) run.mutate(reason);
      }}
      cancel={t('cancel')}
      cancelFocused
      cancelDisabled={run.isPending}
      submit={run.isPending ? t('batch.starting') : label}
      variant={production ? 'danger' : 'primary'}
      submitDisabled={!checked || run.isPending || reasonError !== undefined}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <Term label={t('term.environment')}>
          <strong>{production ? t('batch.production') : plan.environment}</strong>
        </Term>
        <Term label={t('term.charges')}>{t('batch.oneAfterAnother', { n: formatCount(plan.charges.length) })}</Term>
        <Term label={t('term.total')}>
          <strong className="confirm-amount">{totalsWords(plan)}</strong>
        </Term>
        <Term label={t('term.leftOut')}>
          {t('batch.invalidCount', { count: plan.invalid.length, n: formatCount(plan.invalid.length) })}
        </Term>
      </dl>
      <ReasonField value={reason} onChange={setReason} hint={t('batch.reasonHint')} />
      <ConfirmCheck checked={checked} onChange={setChecked}>
        {t('batch.checked')}
      </ConfirmCheck>
      {run.isError && <ErrorNotice className="field-error" error={run.error} lead={t('nothingCharged')} />}
    </FormDialog>
  );
}
