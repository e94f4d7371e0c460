/**
 * The renderer's words: one i18next instance bound to React (instance.ts, catalogues in resources.ts).
 *
 * The screens start in English and switch to the language Settings names as soon as main's settings are
 * read (App.tsx), and again whenever it is saved: no restart. SHOWN_LANGUAGES lists the languages the
 * screens may be shown in (English and Russian); any other saved value shows English. What main says
 * crosses IPC as phrases and is worded here too (say.ts), so a Russian screen is Russian throughout.
 */
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormattingLanguage } from '../format/locale.js';
import { createI18n, languageOf } from './instance.js';
import { SHOWN_LANGUAGES } from './resources.js';

export const i18n: I18n = createI18n('en', initReactI18next);
setFormattingLanguage('en', navigator.language);

/**
 * Shows the screens in `language` if they may be (see SHOWN_LANGUAGES), else in English; numbers, money
 * and dates follow (format/locale.ts), and so does the page's `lang`.
 */
export function showLanguage(language: string): Promise<unknown> {
  const wanted = languageOf(language);
  const shown = SHOWN_LANGUAGES.includes(wanted) ? wanted : 'en';
  setFormattingLanguage(shown, navigator.language);
  // Screen readers and spell checkers read the page in the language it is in.
  document.documentElement.lang = shown;
  return i18n.changeLanguage(shown);
}
