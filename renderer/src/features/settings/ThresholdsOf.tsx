/**
 * Settings → an environment's approval thresholds: per currency, the amount above which a refund, and the one
 * above which a manual charge, waits for a second person's approval; typed as money in that currency and sent
 * in its minor units, or removed. An administrator changes them, behind the same confirmation as a maximum;
 * anyone else reads them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView, CurrencyLimitView } from '../../../../main/ipc/contract';
import { APPROVAL_ACTIONS, type ApprovalAction } from '../../../../main/domain/approvals';
import { DataTable } from '../../components/DataTable';
import { currencyName } from '../../format/money';
import { useMayCall } from '../session/offered';
import { ConfirmThreshold, type ThresholdChange } from './ConfirmThreshold';
import { ThresholdCell } from './ThresholdCell';

export function ThresholdsOf({ view }: { readonly view: ChargeLimitsView }) {
  const { t } = useTranslation('settings');
  const mayChange = useMayCall('settings.setApprovalThreshold');
  const [changing, setChanging] = useState<ThresholdChange>();
  const change = (currency: CurrencyLimitView, action: ApprovalAction) => (threshold: number | null) =>
    setChanging({ currency, action, threshold });
  return (
    <>
      <h3>{t('limits.approval.title')}</h3>
      <p className="muted">
        {t('limits.approval.intro')}
        {!mayChange && ` ${t('limits.approval.readOnly')}`}
      </p>
      <DataTable
        caption={t('limits.approval.caption', { environment: t(`limits.inSentence.${view.environment}`) })}
        className="approval-thresholds"
        columns={[t('limits.currency'), ...APPROVAL_ACTIONS.map((action) => t(`limits.approval.above.${action}`))]}
        scroll={false}
      >
        {view.currencies.map((c) => (
          <tr key={c.numeric} data-threshold-currency={c.numeric}>
            <th scope="row">
              {c.alpha} <span className="muted">({c.numeric})</span> {currencyName(c.alpha, c.name)}
            </th>
            {APPROVAL_ACTIONS.map((action) => (
              <td key={action} data-action={action}>
                <ThresholdCell
                  environment={view.environment}
                  currency={c}
                  action={action}
                  onSet={mayChange ? change(c, action) : undefined}
                />
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      {changing && <ConfirmThreshold environment={view.environment} change={changing} onClose={() => setChanging(undefined)} />}
    </>
  );
}
