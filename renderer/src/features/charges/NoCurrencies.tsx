import { useTranslation } from 'react-i18next';
import { environmentInSentence } from '../../format/environment';

/** What the form says instead of offering currencies the gateway would refuse: none are listed for this environment. */
export function NoCurrencies({ environment }: { readonly environment: string }) {
  const { t, i18n } = useTranslation('charges');
  return (
    <section className="panel charge-form" aria-label={t('form.title')}>
      <h2>{t('form.title')}</h2>
      <p role="alert" className="field-error">
        {t('form.noCurrencies', { environment: environmentInSentence(i18n, environment), place: t('form.limitsPlace') })}
      </p>
    </section>
  );
}
