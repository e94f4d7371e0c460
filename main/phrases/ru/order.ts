/** One order as main describes it, in Russian (main/phrases/en/order.ts). */
import type { order as en } from '../en/order.js';
import type { Catalogue } from '../catalogue.js';

export const order: Catalogue<typeof en> = {
  queryLength: 'ID или номер заказа — от 1 до 36 символов',
  typeQuery: 'введите ID или номер заказа',
  status: {
    registered: 'Зарегистрирован, не оплачен',
    held: 'Сумма заблокирована',
    charged: 'Списан',
    reversed: 'Отменён',
    refunded: 'Возвращён',
    threeDs: 'Идёт аутентификация 3-D Secure',
    declined: 'Отклонён',
    pending: 'Платёж в обработке',
    partlyCompleted: 'Частично выполнен',
    unknown: 'Неизвестно',
    other: 'Неизвестный статус {{status}}',
  },
  headline: {
    partlyChargedRefunded: 'Частично списан, частично возвращён',
    partlyRefunded: 'Частично возвращён',
    partlyCharged: 'Частично списан',
  },
  timeline: {
    registered: 'Зарегистрирован',
    held: 'Заблокирована сумма',
    paid: 'Оплачен',
    declined: 'Отклонён',
    threeDs: 'Начата аутентификация 3-D Secure',
    chargedPart: 'Списано',
    refunded: 'Возврат',
    reversed: 'Отменён',
    storedCardHold: 'Блокировка по сохранённой карте',
    storedCardCharge: 'Списание по сохранённой карте',
    deposit: 'Списание заблокированной суммы',
    reverse: 'Отмена',
    refund: 'Возврат',
    declineDetail: '{{reason}} (код ответа {{code}})',
    noReason: 'причина не указана',
    noCode: '?',
    reference: 'референс {{reference}}',
  },
};
