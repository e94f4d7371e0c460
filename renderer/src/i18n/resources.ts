/**
 * Every language's catalogues, by namespace. A namespace per part of the app, so that each screen's
 * texts live in one file per language.
 */
import { common as enCommon } from './en/common.js';
import { common as ruCommon } from './ru/common.js';
import { list as enList } from './en/list.js';
import { list as ruList } from './ru/list.js';
import { reconciliation as enReconciliation } from './en/reconciliation.js';
import { reconciliation as ruReconciliation } from './ru/reconciliation.js';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages the screens may be shown in (index.ts says why Russian is not among them yet). */
export const SHOWN_LANGUAGES: readonly Language[] = ['en'];

export const resources = {
  en: { common: enCommon, list: enList, reconciliation: enReconciliation },
  ru: { common: ruCommon, list: ruList, reconciliation: ruReconciliation },
} as const;
