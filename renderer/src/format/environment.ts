/**
 * An environment named inside a sentence, in the language shown: "sandbox" in English (its own name, as
 * the English sentences always said it), «песочница» in Russian. An unknown name is shown as it is.
 */
import type { i18n as I18n } from 'i18next';

const KNOWN: readonly string[] = ['sandbox', 'test', 'production', 'custom'];

export const environmentInSentence = (i18n: I18n, environment: string): string =>
  // The key is one of common's environmentInSentence (KNOWN); i18next's key type cannot follow a template.
  KNOWN.includes(environment) ? (i18n.t as (key: string) => string)(`common:environmentInSentence.${environment}`) : environment;
