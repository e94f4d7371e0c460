/**
 * How exported CSV files name their columns: machine-readable English by default (what scripts, imports and
 * the gateway's own files use), or in the language of the screen for people who open them in a
 * spreadsheet. A preference of this computer (app/exportPrefs.ts), applied to the next export at once.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_HEADER_CHOICES, useExportPrefs } from '../../app/exportPrefs';

export function ExportSettings() {
  const { t } = useTranslation('csv');
  const id = useId();
  const csvHeaders = useExportPrefs((s) => s.csvHeaders);
  const setCsvHeaders = useExportPrefs((s) => s.setCsvHeaders);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.title')}</h2>
      <fieldset className="field">
        <legend>{t('settings.columns')}</legend>
        {CSV_HEADER_CHOICES.map((choice) => (
          <label key={choice}>
            <input type="radio" name={`${id}-headers`} checked={csvHeaders === choice} onChange={() => setCsvHeaders(choice)} />{' '}
            {t(`settings.${choice}`)}
          </label>
        ))}
      </fieldset>
      <p className="hint">{t('settings.kept')}</p>
    </section>
  );
}
