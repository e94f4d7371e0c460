/**
 * Every language's catalogues, by namespace. A namespace per part of the app, so that each screen's
 * texts live in one file per language.
 */
import { common as enCommon } from './en/common.js';
import { common as ruCommon } from './ru/common.js';
import { settings as enSettings } from './en/settings.js';
import { settings as ruSettings } from './ru/settings.js';
import { roles as enRoles } from './en/roles.js';
import { roles as ruRoles } from './ru/roles.js';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages the screens may be shown in (index.ts says why Russian is not among them yet). */
export const SHOWN_LANGUAGES: readonly Language[] = ['en'];

export const resources = {
  en: { common: enCommon, settings: enSettings, roles: enRoles },
  ru: { common: ruCommon, settings: ruSettings, roles: ruRoles },
} as const;
