import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { currencyInfo, EMPTY_FILTERS, sameView, STATES, stateWords, type FilterDraft } from './period';
import { Field } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';

/** The choices of the Paid filter, with their words' keys (`list:filters.<key>`). */
const PAID_CHOICES = [
  ['any', 'paidAny'],
  ['paid', 'paidYes'],
  ['unpaid', 'paidNo'],
] as const satisfies readonly (readonly [FilterDraft['paid'], string])[];

/** The list's filters as typed: states, paid, currency, an amount range, card digits, client ID and text. */
export function Filters({
  draft,
  setDraft,
  errors,
  currencies,
}: {
  readonly draft: FilterDraft;
  readonly setDraft: (d: FilterDraft) => void;
  readonly errors: Readonly<Record<string, string>>;
  readonly currencies: readonly string[];
}) {
  const { t } = useTranslation('list', { keyPrefix: 'filters' });
  const text = (
    field: keyof FilterDraft,
    label: string,
    props: { placeholder?: string; inputMode?: 'numeric' | 'decimal'; className?: string } = {},
  ) => (
    <Field
      key={field}
      className={`compact${props.className ? ` ${props.className}` : ''}`}
      label={label}
      value={draft[field] as string}
      onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
      error={errors[field]}
      autoComplete="off"
      spellCheck={false}
      {...(props.placeholder ? { placeholder: props.placeholder } : {})}
      {...(props.inputMode ? { inputMode: props.inputMode } : {})}
    />
  );
  const unit = draft.currency ? (currencyInfo(draft.currency).alpha ?? draft.currency) : t('majorUnits');
  const amount = { inputMode: 'decimal', className: 'amount' } as const;
  const digits = { inputMode: 'numeric', className: 'digits' } as const;
  const fields: readonly [keyof FilterDraft, string, Parameters<typeof text>[2]?][] = [
    ['minAmount', t('from', { unit }), amount],
    ['maxAmount', t('to', { unit }), amount],
    ['first6', t('first6'), digits],
    ['last4', t('last4'), digits],
    ['clientId', t('clientId')],
    ['text', t('text'), { placeholder: t('textPlaceholder') }],
  ];
  return (
    <form className="period-filters" aria-label={t('form')} onSubmit={(e) => e.preventDefault()}>
      <fieldset className="state-filter">
        <legend>{t('state')}</legend>
        {STATES.map((s) => (
          <label key={s.code} className="check">
            <input
              type="checkbox"
              checked={draft.statuses.includes(s.code)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  statuses: e.target.checked ? [...draft.statuses, s.code] : draft.statuses.filter((c) => c !== s.code),
                })
              }
            />
            {stateWords(s.code)}
          </label>
        ))}
      </fieldset>
      <div className="filter-fields">
        <SelectField
          className="compact"
          label={t('paid')}
          value={draft.paid}
          onChange={(e) => setDraft({ ...draft, paid: e.target.value as FilterDraft['paid'] })}
        >
          {PAID_CHOICES.map(([value, key]) => (
            <option key={value} value={value}>
              {t(key)}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="compact"
          label={t('currency')}
          value={draft.currency}
          onChange={(e) => setDraft({ ...draft, currency: e.target.value })}
        >
          <option value="">{t('anyCurrency')}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {currencyInfo(c).alpha ?? c}
            </option>
          ))}
        </SelectField>
        {fields.map(([field, label, props]) => text(field, label, props))}
        <Button onClick={() => setDraft(EMPTY_FILTERS)} disabled={sameView(draft, EMPTY_FILTERS)}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}
