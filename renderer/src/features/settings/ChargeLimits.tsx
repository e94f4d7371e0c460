/**
 * Settings → Currencies and per-charge maximums: for each environment, the currencies it accepts (the
 * sandbox says its own; the others are listed here) and the largest amount one charge may have in each,
 * typed as money in that currency and sent to main in its minor units. A change to production's maximum
 * opens a confirmation that restates the old and new value; main refuses the change unless the
 * confirmation names production and the maximum it showed, and audits every change with old and new.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChargeLimitsView, CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { call, errorText } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { formatAmount, parseMajor } from '../../format/money';

const ENVIRONMENT_NAMES: Record<EnvironmentName, string> = {
  sandbox: 'Sandbox',
  test: 'Test',
  production: 'Production',
  custom: 'Custom address',
};

const limitsKey = (environment: EnvironmentName) => ['settings', 'chargeLimits', environment] as const;

const maximumWords = (c: CurrencyLimitView) =>
  c.maximum === undefined
    ? 'None: charges in it are refused'
    : `${formatAmount(c.maximum, c.exponent, c.alpha)}${c.maximumFrom === 'default' ? ' (the sandbox’s default)' : ''}`;

export function ChargeLimits({ current }: { readonly current: EnvironmentName }) {
  const id = useId();
  const [environment, setEnvironment] = useState<EnvironmentName>(current);
  const limits = useQuery({ queryKey: limitsKey(environment), queryFn: () => call('settings.chargeLimits', { environment }) });

  return (
    <section className="panel charge-limits" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Currencies and per-charge maximums</h2>
      <p className="muted">
        Each environment has its own: a charge over the maximum of its environment and currency, or in a currency the environment does not
        accept, is refused before anything is sent.
      </p>
      <div className="field charge-limits-environment">
        <label htmlFor={`${id}-environment`}>Environment</label>
        <select id={`${id}-environment`} value={environment} onChange={(e) => setEnvironment(e.target.value as EnvironmentName)}>
          {(Object.keys(ENVIRONMENT_NAMES) as EnvironmentName[]).map((e) => (
            <option key={e} value={e}>
              {ENVIRONMENT_NAMES[e]}
              {e === current ? ' (in use)' : ''}
            </option>
          ))}
        </select>
      </div>
      {limits.isPending && <p role="status">Loading…</p>}
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
  const [changing, setChanging] = useState<{ readonly currency: CurrencyLimitView; readonly maximum: number }>();
  return (
    <>
      {view.currenciesFrom === 'sandbox' ? (
        <p>
          The sandbox says which currencies it accepts. Where no maximum is set here, it allows 10,000 in the currency’s major units (its
          money is simulated).
        </p>
      ) : (
        <AcceptedCurrencies view={view} />
      )}
      {view.currencies.length === 0 ? (
        <p role="status">No currencies are listed for {view.environment}, so nothing can be charged there.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Per-charge maximums in {view.environment}</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Maximum per charge</th>
              <th scope="col">New maximum</th>
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
  const [text, setText] = useState('');
  const parsed = parseMajor(text, c.exponent);
  const error = text !== '' && !parsed.ok ? parsed.error : undefined;
  return (
    <tr data-currency={c.numeric}>
      <th scope="row">
        {c.alpha} <span className="muted">({c.numeric})</span> {c.name}
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
            label={`New maximum in ${c.alpha}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            hint={
              parsed.ok ? `${formatAmount(parsed.minor, c.exponent, c.alpha)} per charge` : `In ${c.alpha}, at most ${c.exponent} decimals`
            }
            error={error}
          />
          <Button type="submit" variant={environment === 'production' ? 'danger' : 'primary'} disabled={!parsed.ok}>
            {environment === 'production' ? `Change ${c.alpha} maximum…` : `Set ${c.alpha} maximum`}
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
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  const production = environment === 'production';
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
      queries.setQueryData(limitsKey(environment), view);
      toast('success', `The per-charge maximum in ${c.alpha} in ${environment} is now ${after}`);
      onClose();
    },
  });
  return (
    <Dialog title={`Change the ${c.alpha} maximum in ${environment}`} open onClose={onClose} busy={save.isPending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !save.isPending) save.mutate();
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>Environment</dt>
          <dd>
            <strong>{production ? 'Production: real cards, real money' : ENVIRONMENT_NAMES[environment]}</strong>
          </dd>
          <dt>Currency</dt>
          <dd>
            {c.alpha} ({c.numeric}) {c.name}
          </dd>
          <dt>Now</dt>
          <dd>{maximumWords(c)}</dd>
          <dt>New maximum</dt>
          <dd>
            <strong className="confirm-amount">{after}</strong>
            <div className="muted">
              {maximum.toLocaleString()} minor units of {c.alpha}
            </div>
          </dd>
        </dl>
        {production && (
          <label className="checkbox confirm-check">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} id={`${id}-check`} /> I confirm this
            change to production’s per-charge maximum in {c.alpha}
          </label>
        )}
        {save.isError && (
          <p className="field-error" role="alert">
            Nothing was changed: {errorText(save.error)}
          </p>
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose} data-autofocus disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || save.isPending}>
            {save.isPending ? 'Saving…' : `Set the ${c.alpha} maximum to ${after}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The currencies a gateway environment accepts, as ISO 4217 numeric codes; main names them back. */
function AcceptedCurrencies({ view }: { readonly view: ChargeLimitsView }) {
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
      queries.setQueryData(limitsKey(view.environment), next);
      toast('success', `${ENVIRONMENT_NAMES[view.environment]} accepts ${next.currencies.map((c) => c.alpha).join(', ') || 'no currency'}`);
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
        label={`Currencies ${view.environment} accepts`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          save.reset();
        }}
        autoComplete="off"
        spellCheck={false}
        hint="ISO 4217 numeric codes as the merchant's contract lists them, e.g. 643, 840, 978. A currency taken off loses its maximum."
        error={shapeError ? `“${shapeError}” is not a three-digit ISO 4217 code` : save.isError ? errorText(save.error) : undefined}
      />
      <Button type="submit" disabled={shapeError !== undefined || save.isPending}>
        Save currencies
      </Button>
    </form>
  );
}
