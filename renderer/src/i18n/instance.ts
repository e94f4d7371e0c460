/**
 * The catalogues as an i18next instance, without React (tests use it in Node): `createI18n` and the
 * choice of language from a locale. README "Languages" says why i18next.
 */
import i18next, { type i18n as I18n, type Module } from 'i18next';
import { LANGUAGES, resources, type Language } from './resources.js';

/** The catalogue language for a locale or language code ("ru-RU" is Russian); English otherwise. */
export function languageOf(locale: string | undefined): Language {
  const code = locale?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : 'en';
}

/**
 * An i18next instance with both catalogues, in `language`, ready when this returns (the catalogues are
 * in the bundle); `plugin` binds it (to React, for the app). Plural forms come from Intl.PluralRules.
 */
export function createI18n(language: Language = 'en', plugin?: Module): I18n {
  const instance = i18next.createInstance();
  if (plugin) instance.use(plugin);
  void instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show &amp; and the like.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
