/**
 * The person's own language and theme, in the top bar for every profile: a support person on an English
 * installation switches to Russian without an administrator. Main keeps both per role profile
 * (settings.setPreferences), so a profile switch brings that profile's language and theme back; the theme
 * kept in the page (uiStore) only paints the first frame before main's settings are read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorText } from '../../api/client';
import { keys, useSettings } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { showLanguage } from '../../i18n';
import { LANGUAGES } from '../../i18n/resources';

export function Preferences() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  const theme = useUi((s) => s.theme);
  const general = useSettings().data?.general;
  const chosenTheme = general?.theme;

  // The profile's saved theme wins over the page's once known (after a start or a profile switch).
  useEffect(() => {
    if (chosenTheme) useUi.setState({ theme: chosenTheme });
  }, [chosenTheme]);

  const save = useMutation({
    mutationFn: (change: { language?: string; theme?: 'light' | 'dark' }) => call('settings.setPreferences', change),
    onSuccess: async (next) => {
      queries.setQueryData(keys.settings, next);
      await showLanguage(next.general.language);
    },
    onError: (err) => toast('error', t('preferences.notSaved', { reason: errorText(err) })),
  });
  const otherTheme = theme === 'light' ? 'dark' : 'light';

  return (
    <div className="preferences" role="group" aria-label={t('preferences.label')}>
      {/* Each language named in its own words, so that whoever reads neither finds theirs. */}
      <select
        className="preferences-language"
        aria-label={t('preferences.language')}
        value={general?.language ?? ''}
        disabled={!general || save.isPending}
        onChange={(e) => save.mutate({ language: e.target.value })}
      >
        {general && !(LANGUAGES as readonly string[]).includes(general.language) && (
          <option value={general.language}>{general.language}</option>
        )}
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={save.isPending}
        onClick={() => {
          // Shown at once; main keeps it for the profile.
          useUi.setState({ theme: otherTheme });
          save.mutate({ theme: otherTheme });
        }}
        aria-label={t('theme.switchTo', { theme: t(`theme.${otherTheme}`) })}
      >
        {theme === 'light' ? t('theme.toDark') : t('theme.toLight')}
      </button>
    </div>
  );
}
