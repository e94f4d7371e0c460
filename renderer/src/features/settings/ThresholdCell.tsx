import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import type { ApprovalAction } from '../../../../main/domain/approvals';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { amountProblemText, formatAmount, parseMajor } from '../../format/money';
import { thresholdWords } from './shared';

/**
 * One currency's threshold for one action: as it is, and (where `onSet` is given) a new one typed in major units
 * and checked as it is typed, or the one there removed (null).
 */
export function ThresholdCell({
  environment,
  currency: c,
  action,
  onSet,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly action: ApprovalAction;
  readonly onSet: ((threshold: number | null) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('settings');
  const [text, setText] = useState('');
  const parsed = parseMajor(text, c.exponent);
  const error = text !== '' && !parsed.ok ? amountProblemText(i18n, parsed.error) : undefined;
  const variant = environment === 'production' ? 'danger' : 'primary';
  return (
    <>
      <p className="threshold-now">{thresholdWords(c, action)}</p>
      {onSet && (
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed.ok) onSet(parsed.minor);
          }}
        >
          <Field
            label={t(`limits.approval.newIn.${action}`, { currency: c.alpha })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            hint={
              parsed.ok
                ? t('limits.approval.hint', { amount: formatAmount(parsed.minor, c.exponent, c.alpha) })
                : t('limits.decimals', { currency: c.alpha, count: c.exponent })
            }
            error={error}
          />
          <Button type="submit" variant={variant} disabled={!parsed.ok}>
            {t(`limits.approval.set.${action}`, { currency: c.alpha })}
          </Button>
          {c.approvalThresholds[action] !== undefined && (
            <Button onClick={() => onSet(null)}>{t(`limits.approval.remove.${action}`, { currency: c.alpha })}</Button>
          )}
        </form>
      )}
    </>
  );
}
