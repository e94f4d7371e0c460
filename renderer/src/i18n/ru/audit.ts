/** The audit log workspace, in Russian. */
import type { Catalogue } from '../../../../main/phrases/catalogue.js';
import type { audit as en } from '../en/audit.js';

export const audit: Catalogue<typeof en> = {
  title: 'Журнал действий',
  exportCsv: 'Выгрузить CSV',
  exported: 'Журнал действий выгружен в {{name}}',
  filter: {
    label: 'Отбор записей журнала',
    action: 'Действие',
    allActions: 'Все действия',
    outcome: 'Результат',
    allOutcomes: 'Все результаты',
    from: 'С',
    to: 'По',
    objectId: 'ID объекта',
    // Short enough for the field: the label says it is an ID, this says of what.
    objectPlaceholder: 'заказ, карта, ключ…',
    person: 'Сотрудник',
    personPlaceholder: 'его логин',
  },
  outcomes: {
    success: 'Успешно',
    failure: 'Ошибка',
    refused: 'Отказано',
    unknown: 'Исход неизвестен',
  },
  outcome: {
    success: 'успешно',
    failure: 'ошибка',
    refused: 'отказано',
    unknown: 'исход неизвестен',
  },
  noEntries: 'Подходящих записей нет.',
  entries_one: '{{entries}} запись',
  entries_few: '{{entries}} записи',
  entries_many: '{{entries}} записей',
  entries_other: '{{entries}} записи',
  entriesMore_one: 'Показана {{entries}} запись (самые новые); в выгрузке все подходящие',
  entriesMore_few: 'Показаны {{entries}} записи (самые новые); в выгрузке все подходящие',
  entriesMore_many: 'Показано {{entries}} записей (самые новые); в выгрузке все подходящие',
  entriesMore_other: 'Показано {{entries}} записи (самые новые); в выгрузке все подходящие',
  table: {
    caption: 'Журнал действий, сначала новые',
    time: 'Время',
    user: 'Кто',
    environment: 'Окружение',
    action: 'Действие',
    outcome: 'Результат',
    what: 'Что произошло',
  },
  profile: 'роль «{{role}}»',
  atDesk: 'рабочее место {{desk}}',
  thisDeskOnly:
    'Общая база данных команды недоступна: здесь только то, что сделано на этом рабочем месте. Журнал команды вернётся, когда база снова будет доступна; выгрузка ждёт её.',
  profileNotRecorded: 'роль не записана',
  personNotRecorded: 'сотрудник не записан',
  osUser: 'пользователь ОС',
  role: {
    support: 'Поддержка',
    finance: 'Финансы',
    administrator: 'Администратор',
  },
  objectType: {
    binding: 'связка',
    channel: 'запрос',
    order: 'заказ',
    sandbox: 'песочница',
    settings: 'настройка',
    signingKey: 'ключ подписи',
  },
  environment: {
    sandbox: 'песочница',
    test: 'тестовое',
    production: 'боевое',
    custom: 'своё',
  },
};
