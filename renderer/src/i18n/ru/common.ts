/** The application shell, in Russian. */
import type { Catalogue } from '../../../../main/phrases/catalogue.js';
import type { common as en } from '../en/common.js';

export const common: Catalogue<typeof en> = {
  brand: 'Бэк-офис платёжного шлюза',
  productionBand: 'Боевое окружение: настоящие карты, настоящие деньги',
  environment: {
    label: 'Окружение: {{name}}',
    loading: 'загрузка',
    sandbox: 'Песочница',
    test: 'Тестовое',
    production: 'Боевое',
    custom: 'Своё',
  },
  environmentInSentence: {
    sandbox: 'песочница',
    test: 'тестовое',
    production: 'боевое',
    custom: 'своё',
  },
  confirmEnvironment: {
    sandbox: 'Песочница (имитация: настоящие деньги не списываются)',
    test: 'Тестовое',
    production: 'Боевое: настоящая карта, настоящие деньги',
    custom: 'Свой шлюз',
  },
  preferences: {
    label: 'Ваши настройки',
    language: 'Язык',
    notSaved: 'Настройка не сохранена: {{reason}}',
  },
  theme: {
    toDark: 'Тёмная тема',
    toLight: 'Светлая тема',
    switchTo: 'Включить {{theme}} тему',
    dark: 'тёмную',
    light: 'светлую',
  },
  nav: {
    label: 'Разделы',
    shortcut: '{{name}} (Alt+{{key}})',
    orders: 'Заказы',
    cards: 'Сохранённые карты',
    charges: 'Списания',
    keys: 'Ключи подписи',
    audit: 'Журнал действий',
    settings: 'Настройки',
    reconciliation: 'Сверка',
    customers: 'Клиенты',
    people: 'Сотрудники',
    approvals: 'Подтверждения',
  },
  startFailed: 'Приложение не смогло запустить свои службы: {{reason}}',
  count: {
    orders_one: '{{count}} заказ',
    orders_few: '{{count}} заказа',
    orders_many: '{{count}} заказов',
    orders_other: '{{count}} заказа',
    cards_one: '{{count}} карта',
    cards_few: '{{count}} карты',
    cards_many: '{{count}} карт',
    cards_other: '{{count}} карты',
    rows_one: '{{count}} строка',
    rows_few: '{{count}} строки',
    rows_many: '{{count}} строк',
    rows_other: '{{count}} строки',
  },
  language: {
    en: 'English',
    ru: 'Русский',
  },
};
