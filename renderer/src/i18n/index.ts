/**
 * The renderer's words: one i18next instance bound to React (instance.ts, catalogues in resources.ts).
 *
 * Until every screen reads its words from the catalogues, the screens are shown in English whatever
 * language is chosen: a screen half in Russian would be worse than one in English. SHOWN_LANGUAGES lists
 * the languages the screens may be shown in; Russian joins it when the last screen is translated.
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
 * and dates follow (format/locale.ts).
 */
export function showLanguage(language: string): Promise<unknown> {
  const wanted = languageOf(language);
  const shown = SHOWN_LANGUAGES.includes(wanted) ? wanted : 'en';
  setFormattingLanguage(shown, navigator.language);
  return i18n.changeLanguage(shown);
}
