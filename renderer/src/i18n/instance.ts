/**
 * The catalogues as an i18next instance, without React (tests use it in Node): `createI18n` and the
 * choice of language from a locale. docs/i18n.md says why i18next.
 */
import i18next, { type i18n as I18n, type Module, type PostProcessorModule } from 'i18next';
import { withoutBidiControls } from '../../../main/domain/bidiControls.js';
import { LANGUAGES, resources, type Language } from './resources.js';

/** The catalogue language for a locale or language code ("ru-RU" is Russian); English otherwise. */
export function languageOf(locale: string | undefined): Language {
  const code = locale?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : 'en';
}

/**
 * Every sentence as shown is without bidirectional formatting characters (main/domain/bidiControls.ts):
 * an identifier, a reason or a name interpolated into it comes from outside, and one such character in it
 * would reorder the whole sentence (`hostile-54-\u202Eevil\u202C` reads "hostile-54-live"). The catalogues
 * hold none, so taking them out of the finished sentence takes them out of what was put into it, phrases
 * from main included, in text, titles and aria-labels alike. What JSX shows without a sentence goes
 * through <Id> (components/Id.tsx).
 */
const noBidiControls: PostProcessorModule = {
  type: 'postProcessor',
  name: 'noBidiControls',
  process: (value: string) => withoutBidiControls(value),
};

/**
 * An i18next instance with both catalogues, in `language`, ready when this returns (the catalogues are
 * in the bundle); `plugin` binds it (to React, for the app). Plural forms come from Intl.PluralRules.
 */
export function createI18n(language: Language = 'en', plugin?: Module): I18n {
  const instance = i18next.createInstance();
  if (plugin) instance.use(plugin);
  instance.use(noBidiControls);
  void instance.init({
    postProcess: [noBidiControls.name],
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
