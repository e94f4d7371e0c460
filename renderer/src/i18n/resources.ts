/**
 * Every language's catalogues, by namespace. A namespace per part of the app, so that each screen's
 * texts live in one file per language.
 */
import { common as enCommon } from './en/common.js';
import { common as ruCommon } from './ru/common.js';
import { orders as enOrders } from './en/orders.js';
import { orders as ruOrders } from './ru/orders.js';
import { cards as enCards } from './en/cards.js';
import { cards as ruCards } from './ru/cards.js';
import { charges as enCharges } from './en/charges.js';
import { charges as ruCharges } from './ru/charges.js';
import { components as enComponents } from './en/components.js';
import { components as ruComponents } from './ru/components.js';
import { audit as enAudit } from './en/audit.js';
import { audit as ruAudit } from './ru/audit.js';
import { keys as enKeys } from './en/keys.js';
import { keys as ruKeys } from './ru/keys.js';
import { settings as enSettings } from './en/settings.js';
import { settings as ruSettings } from './ru/settings.js';
import { roles as enRoles } from './en/roles.js';
import { roles as ruRoles } from './ru/roles.js';
import { session as enSession } from './en/session.js';
import { session as ruSession } from './ru/session.js';
import { people as enPeople } from './en/people.js';
import { people as ruPeople } from './ru/people.js';
import { list as enList } from './en/list.js';
import { list as ruList } from './ru/list.js';
import { reconciliation as enReconciliation } from './en/reconciliation.js';
import { reconciliation as ruReconciliation } from './ru/reconciliation.js';
import { customers as enCustomers } from './en/customers.js';
import { customers as ruCustomers } from './ru/customers.js';
import { approvals as enApprovals } from './en/approvals.js';
import { approvals as ruApprovals } from './ru/approvals.js';
import { csv as enCsv } from './en/csv.js';
import { csv as ruCsv } from './ru/csv.js';
import { twoFactor as enTwoFactor } from './en/twoFactor.js';
import { twoFactor as ruTwoFactor } from './ru/twoFactor.js';
// Main's phrases, in both languages: main/phrases/en.ts and main/phrases/ru.ts.
import { phrasesEn as enSaid } from '../../../main/phrases/en.js';
import { phrasesRu as ruSaid } from '../../../main/phrases/ru.js';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages the screens may be shown in: every language with catalogues. */
export const SHOWN_LANGUAGES: readonly Language[] = ['en', 'ru'];

export const resources = {
  en: {
    common: enCommon,
    orders: enOrders,
    cards: enCards,
    charges: enCharges,
    components: enComponents,
    audit: enAudit,
    keys: enKeys,
    settings: enSettings,
    roles: enRoles,
    session: enSession,
    people: enPeople,
    list: enList,
    reconciliation: enReconciliation,
    customers: enCustomers,
    approvals: enApprovals,
    twoFactor: enTwoFactor,
    said: enSaid,
    csv: enCsv,
  },
  ru: {
    common: ruCommon,
    orders: ruOrders,
    cards: ruCards,
    charges: ruCharges,
    components: ruComponents,
    audit: ruAudit,
    keys: ruKeys,
    settings: ruSettings,
    roles: ruRoles,
    session: ruSession,
    people: ruPeople,
    list: ruList,
    reconciliation: ruReconciliation,
    customers: ruCustomers,
    approvals: ruApprovals,
    twoFactor: ruTwoFactor,
    said: ruSaid,
    csv: ruCsv,
  },
} as const;
