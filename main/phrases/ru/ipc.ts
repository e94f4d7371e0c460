/** Refusals of the IPC layer, in Russian (main/phrases/en/ipc.ts). */
import type { ipc as en } from '../en/ipc.js';
import type { Catalogue } from '../catalogue.js';

export const ipc: Catalogue<typeof en> = {
  invalidInput: 'Запрос отклонён: {{fields}}',
  internal: 'Внутренняя ошибка приложения; подробности в журнале приложения под номером {{reference}}.',
  profileCannot: 'Профилю «{{role}}» недоступно действие {{channel}}; профиль может сменить администратор.',
  notAppWindow: 'Отклонено: вызов пришёл не из окна приложения.',
  noAnswer: 'Приложение не ответило: возможно, оно закрывается. Повторите.',
  unknownChannel: 'Приложению неизвестен запрос {{channel}}.',
  host: {
    wrongHost: 'Неверный заголовок Host',
    otherOrigin: 'Запросы с других источников отклоняются',
    noOrigin: 'Запросы без заголовка Origin отклоняются',
    token: 'Токен не указан или неверен: откройте адрес, который приложение вывело при запуске',
    postOnly: 'Вызовы выполняются запросами POST',
    getOnly: 'Здесь только запросы GET',
    tooLarge: 'Запрос больше 20 МБ',
    notJson: 'Тело запроса — не JSON',
    unreadable: 'Запрос не удалось прочитать',
    unreachable: 'Приложение недоступно: возможно, оно закрыто. Запустите его снова и перезагрузите страницу.',
    notAuthorised: 'Эта страница не авторизована: откройте адрес, который приложение вывело при запуске.',
  },
};
