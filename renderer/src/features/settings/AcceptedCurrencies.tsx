import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView } from '../../../../main/ipc/contract';
import { call, errorText } from '../../api/client';
import { useChargeLimitsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';

/** The currencies a gateway environment accepts, as ISO 4217 numeric codes; main names them back. */
export function AcceptedCurrencies({ view }: { readonly view: ChargeLimitsView }) {
  const { t } = useTranslation('settings');
  const toast = useUi((s) => s.toast);
  const [text, setText] = useState(view.currencies.map((c) => c.numeric).join(', '));
  const codes = text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const shapeError = codes.find((t) => !/^\d{3}$/.test(t));
  const save = useChargeLimitsChange(
    () =>
      call('settings.setCurrencies', {
        environment: view.environment as 'test' | 'production' | 'custom',
        currencies: [...new Set(codes)],
      }),
    {
      onSuccess: (next) => {
        const environment = t(`limits.name.${view.environment}`);
        const currencies = next.currencies.map((c) => c.alpha).join(', ');
        toast('success', currencies ? t('limits.accepts', { environment, currencies }) : t('limits.acceptsNone', { environment }));
      },
    },
  );
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
