/** The roles, in Russian. */
import type { Catalogue } from '../../../../main/phrases/catalogue.js';
import type { roles as en } from '../en/roles.js';

export const roles: Catalogue<typeof en> = {
  label: {
    support: 'Поддержка',
    finance: 'Финансы',
    administrator: 'Администратор',
  },
  words: {
    support: 'Поиск заказов по одному или пакетом.',
    finance: 'А также списания (в том числе заблокированных сумм), отмены и возвраты, сохранённые карты, отчёт сверки и журнал действий.',
    administrator: 'Всё, включая настройки и учётные данные, ключи подписи и сотрудников, которые работают в приложении.',
  },
};
