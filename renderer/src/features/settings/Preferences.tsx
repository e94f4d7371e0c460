/**
 * The person's own language and theme, in the top bar for every role: a support person on an English
 * installation switches to Russian without an administrator. Main keeps both per person
 * (settings.setPreferences), so signing in brings that person's language and theme back; the theme
 * kept in the page (uiStore) only paints the first frame before main's settings are read.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorText } from '../../api/client';
import { useSettings, useSettingsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { showLanguage } from '../../i18n';
import { LANGUAGES } from '../../i18n/resources';

export function Preferences() {
  const { t } = useTranslation();
  const toast = useUi((s) => s.toast);
  const theme = useUi((s) => s.theme);
  const general = useSettings().data?.general;
  const chosenTheme = general?.theme;

  // The person's saved theme wins over the page's once known (after a start or a sign-in).
  useEffect(() => {
    if (chosenTheme) useUi.setState({ theme: chosenTheme });
  }, [chosenTheme]);

  const save = useSettingsChange((change: { language?: string; theme?: 'light' | 'dark' }) => call('settings.setPreferences', change), {
    // Shown at once: main keeps the choice, then reopens the gateway's client in the new language, which
    // may wait for work in flight.
    onMutate: async (change) => {
      const before = { language: general?.language, theme: change.theme ? otherThemeOf(change.theme) : theme };
      if (change.language) await showLanguage(change.language);
      return before;
    },
    onError: async (err, _change, context) => {
      if (context?.language) await showLanguage(context.language);
      if (context) useUi.setState({ theme: context.theme });
      toast('error', t('preferences.notSaved', { reason: errorText(err) }));
    },
  });
  const otherTheme = otherThemeOf(theme);

  return (
    // Busy until main has the choice and has reopened the gateway's client in a new language: the screens
    // change at once, the gateway's messages only then.
    <div className="preferences" role="group" aria-label={t('preferences.label')} aria-busy={save.isPending}>
      {/* Each language named in its own words, so that whoever reads neither finds theirs. */}
      <select
        className="preferences-language"
        aria-label={t('preferences.language')}
        value={(save.isPending ? save.variables.language : undefined) ?? general?.language ?? ''}
        disabled={!general}
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
        onClick={() => {
          // Painted at once, as the click expects; main keeps it for the person.
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

const otherThemeOf = (theme: 'light' | 'dark'): 'light' | 'dark' => (theme === 'light' ? 'dark' : 'light');
