import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { amountProblemText, formatAmount, parseMajor } from '../../format/money';

/**
 * A new amount for a limit of one currency (a per-charge maximum, an approval threshold), typed in major units and
 * checked as it is typed, with the decimals the currency has; sent in minor units.
 */
export function LimitAmountForm({
  currency: c,
  label,
  hint,
  submit,
  danger,
  onSet,
  children,
}: {
  readonly currency: CurrencyLimitView;
  readonly label: string;
  /** What the amount typed would be, said in words (it is given formatted). */
  readonly hint: (amount: string) => string;
  readonly submit: string;
  /** In production: the button says so. */
  readonly danger: boolean;
  readonly onSet: (minor: number) => void;
  /** More buttons beside the one that sets it. */
  readonly children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('settings');
  const [text, setText] = useState('');
  const parsed = parseMajor(text, c.exponent);
  const error = text !== '' && !parsed.ok ? amountProblemText(i18n, parsed.error) : undefined;
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.ok) onSet(parsed.minor);
      }}
    >
      <Field
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        hint={
          parsed.ok ? hint(formatAmount(parsed.minor, c.exponent, c.alpha)) : t('limits.decimals', { currency: c.alpha, count: c.exponent })
        }
        error={error}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={!parsed.ok}>
        {submit}
      </Button>
      {children}
    </form>
  );
}
