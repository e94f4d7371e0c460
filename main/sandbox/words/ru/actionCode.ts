/** What a processing result means, in Russian (main/sandbox/words/en/actionCode.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { actionCode as en } from '../en/actionCode.js';

export const actionCode: Catalogue<typeof en> = {
  APPROVED: 'Запрос обработан успешно',
  DO_NOT_HONOUR: 'Отказ эмитента',
  CARD_EXPIRED: 'Истёк срок действия карты',
  WRONG_CARD_DATA: 'Неверные данные карты',
  NO_PAYMENT_ATTEMPT: 'Не было попыток оплаты',
  SESSION_EXPIRED: 'Истекло время сессии',
  AUTHENTICATION_FAILED: 'Не пройдена аутентификация 3-D Secure',
  AUTHENTICATION_REJECTED: 'Эмитент отклонил аутентификацию 3-D Secure',
  OVER_ISSUER_LIMIT: 'Сумма превышает лимит эмитента',
};
