/**
 * Settings → Currencies and per-charge maximums: for each environment, the currencies it accepts (the
 * sandbox says its own; the others are listed here) and the largest amount one charge may have in each,
 * typed as money in that currency and sent to main in its minor units. A change to production's maximum
 * opens a confirmation that restates the old and new value; main refuses the change unless the
 * confirmation names production and the maximum it showed, and audits every change with old and new.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView, CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { call, errorText } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { amountProblemText, currencyName, formatAmount, parseMajor } from '../../format/money';
import { i18n } from '../../i18n';
import { formatCount } from '../../format/numbers';

const ENVIRONMENTS: readonly EnvironmentName[] = ['sandbox', 'test', 'production', 'custom'];

/** The maximum in words, in the language shown (called while rendering). */
const maximumWords = (c: CurrencyLimitView): string => {
  if (c.maximum === undefined) return i18n.t('settings:limits.none');
  const amount = formatAmount(c.maximum, c.exponent, c.alpha);
  return c.maximumFrom === 'default' ? i18n.t('settings:limits.sandboxDefault', { amount }) : amount;
};

export function ChargeLimits({ current }: { readonly current: EnvironmentName }) {
  const id = useId();
  const { t } = useTranslation('settings');
  const [environment, setEnvironment] = useState<EnvironmentName>(current);
  const limits = useQuery({ queryKey: keys.chargeLimits(environment), queryFn: () => call('settings.chargeLimits', { environment }) });

  return (
    <section className="panel charge-limits" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('limits.title')}</h2>
      <p className="muted">{t('limits.intro')}</p>
      <div className="field charge-limits-environment">
        <label htmlFor={`${id}-environment`}>{t('limits.environment')}</label>
        <select id={`${id}-environment`} value={environment} onChange={(e) => setEnvironment(e.target.value as EnvironmentName)}>
          {ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {e === current ? t('limits.inUse', { name: t(`limits.name.${e}`) }) : t(`limits.name.${e}`)}
            </option>
          ))}
        </select>
      </div>
      {limits.isPending && <p role="status">{t('limits.loading')}</p>}
      {limits.isError && (
        <p className="field-error" role="alert">
          {errorText(limits.error)}
        </p>
      )}
      {limits.data && <LimitsOf key={environment} view={limits.data} />}
    </section>
  );
}

function LimitsOf({ view }: { readonly view: ChargeLimitsView }) {
  const { t } = useTranslation('settings');
  const [changing, setChanging] = useState<{ readonly currency: CurrencyLimitView; readonly maximum: number }>();
  const environment = t(`limits.inSentence.${view.environment}`);
  return (
    <>
      {view.currenciesFrom === 'sandbox' ? <p>{t('limits.sandboxCurrencies')}</p> : <AcceptedCurrencies view={view} />}
      {view.currencies.length === 0 ? (
        <p role="status">{t('limits.noCurrencies', { environment })}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('limits.caption', { environment })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('limits.currency')}</th>
              <th scope="col">{t('limits.maximum')}</th>
              <th scope="col">{t('limits.newMaximum')}</th>
            </tr>
          </thead>
          <tbody>
            {view.currencies.map((c) => (
              <MaximumRow
                key={c.numeric}
                environment={view.environment}
                currency={c}
                onSet={(maximum) => setChanging({ currency: c, maximum })}
              />
            ))}
          </tbody>
        </table>
      )}
      {changing && (
        <ConfirmMaximum
          environment={view.environment}
          currency={changing.currency}
          maximum={changing.maximum}
          onClose={() => setChanging(undefined)}
        />
      )}
    </>
  );
}

/** One currency's maximum, typed in major units and checked as it is typed (decimals as the currency has). */
function MaximumRow({
  environment,
  currency: c,
  onSet,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly onSet: (maximum: number) => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const [text, setText] = useState('');
  const parsed = parseMajor(text, c.exponent);
  const error = text !== '' && !parsed.ok ? amountProblemText(i18n, parsed.error) : undefined;
  return (
    <tr data-currency={c.numeric}>
      <th scope="row">
        {c.alpha} <span className="muted">({c.numeric})</span> {currencyName(c.alpha, c.name)}
      </th>
      <td>{maximumWords(c)}</td>
      <td>
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed.ok) onSet(parsed.minor);
          }}
        >
          <Field
            label={t('limits.newMaximumIn', { currency: c.alpha })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            hint={
              parsed.ok
                ? t('limits.perCharge', { amount: formatAmount(parsed.minor, c.exponent, c.alpha) })
                : t('limits.decimals', { currency: c.alpha, count: c.exponent })
            }
            error={error}
          />
          <Button type="submit" variant={environment === 'production' ? 'danger' : 'primary'} disabled={!parsed.ok}>
            {environment === 'production' ? t('limits.change', { currency: c.alpha }) : t('limits.set', { currency: c.alpha })}
          </Button>
        </form>
      </td>
    </tr>
  );
}

/**
 * Restates the change and sends it. In production nothing is sent until the tick box is ticked, and the
 * confirmation carries the maximum shown here, which main compares with the one it has.
 */
function ConfirmMaximum({
  environment,
  currency: c,
  maximum,
  onClose,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly maximum: number;
  readonly onClose: () => void;
}) {
  const id = useId();
  const { t } = useTranslation('settings');
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  const production = environment === 'production';
  const inSentence = t(`limits.inSentence.${environment}`);
  const [checked, setChecked] = useState(!production);
  const after = formatAmount(maximum, c.exponent, c.alpha);
  const save = useMutation({
    mutationFn: () =>
      call('settings.setChargeMaximum', {
        environment,
        currency: c.numeric,
        maximum,
        ...(production ? { confirmation: { environment: 'production' as const, previous: c.maximum ?? null } } : {}),
      }),
    onSuccess: (view) => {
      queries.setQueryData(keys.chargeLimits(environment), view);
      toast('success', t('limits.changed', { currency: c.alpha, environment: inSentence, amount: after }));
      onClose();
    },
  });
  return (
    <Dialog title={t('limits.confirmTitle', { currency: c.alpha, environment: inSentence })} open onClose={onClose} busy={save.isPending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !save.isPending) save.mutate();
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>{t('limits.environment')}</dt>
          <dd>
            <strong>{production ? t('limits.production') : t(`limits.name.${environment}`)}</strong>
          </dd>
          <dt>{t('limits.currency')}</dt>
          <dd>
            {c.alpha} ({c.numeric}) {currencyName(c.alpha, c.name)}
          </dd>
          <dt>{t('limits.now')}</dt>
          <dd>{maximumWords(c)}</dd>
          <dt>{t('limits.newMaximum')}</dt>
          <dd>
            <strong className="confirm-amount">{after}</strong>
            <div className="muted">{t('limits.minorUnits', { units: formatCount(maximum), currency: c.alpha })}</div>
          </dd>
        </dl>
        {production && (
          <label className="checkbox confirm-check">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} id={`${id}-check`} />{' '}
            {t('limits.confirm', { currency: c.alpha })}
          </label>
        )}
        {save.isError && (
          <p className="field-error" role="alert">
            {t('limits.nothingChanged', { reason: errorText(save.error) })}
          </p>
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose} data-autofocus disabled={save.isPending}>
            {t('limits.cancel')}
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || save.isPending}>
            {save.isPending ? t('limits.saving') : t('limits.setTo', { currency: c.alpha, amount: after })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The currencies a gateway environment accepts, as ISO 4217 numeric codes; main names them back. */
function AcceptedCurrencies({ view }: { readonly view: ChargeLimitsView }) {
  const { t } = useTranslation('settings');
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  const [text, setText] = useState(view.currencies.map((c) => c.numeric).join(', '));
  const codes = text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const shapeError = codes.find((t) => !/^\d{3}$/.test(t));
  const save = useMutation({
    mutationFn: () =>
      call('settings.setCurrencies', {
        environment: view.environment as 'test' | 'production' | 'custom',
        currencies: [...new Set(codes)],
      }),
    onSuccess: (next) => {
      queries.setQueryData(keys.chargeLimits(view.environment), next);
      const environment = t(`limits.name.${view.environment}`);
      const currencies = next.currencies.map((c) => c.alpha).join(', ');
      toast('success', currencies ? t('limits.accepts', { environment, currencies }) : t('limits.acceptsNone', { environment }));
    },
  });
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!shapeError) save.mutate();
      }}
    >
      <Field
        className="grow"
        label={t('limits.currencies', { environment: t(`limits.inSentence.${view.environment}`) })}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          save.reset();
        }}
        autoComplete="off"
        spellCheck={false}
        hint={t('limits.currenciesHint')}
        error={shapeError ? t('limits.notACode', { code: shapeError }) : save.isError ? errorText(save.error) : undefined}
      />
      <Button type="submit" disabled={shapeError !== undefined || save.isPending}>
        {t('limits.saveCurrencies')}
      </Button>
    </form>
  );
}
