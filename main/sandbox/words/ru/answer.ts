/** The text of an answer, in Russian (main/sandbox/words/en/answer.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { answer as en } from '../en/answer.js';

export const answer: Catalogue<typeof en> = {
  success: 'Успешно',
  processed: 'Ваш платёж обработан, происходит переадресация...',
  missing: 'Не указан обязательный параметр: {{name}}',
  wrong: 'Неверное значение параметра {{name}}: ожидается {{rule}}',
  accessDenied: 'Доступ запрещён',
  duplicate: 'Заказ с таким номером уже обработан',
  orderNotFound: 'Заказ не найден',
  noOrderReference: 'Необходимо указать orderId или orderNumber',
  unknownCurrency: 'Неизвестная валюта: {{currency}}',
  invalidFeatures: 'Неверные признаки заказа: {{features}}',
  wrongState: 'Операция недоступна в статусе заказа {{status}}: {{reason}}',
  wrongAmount: 'Неверная сумма: {{reason}}',
  bindingNotFound: 'Связка не найдена',
  bindingInactive: 'Связка не найдена или уже неактивна',
  bindingActive: 'Связка не найдена или уже активна',
  noBindings: 'Связки не найдены',
  noOrders: 'Заказы за указанный период и в указанных статусах не найдены',
  merchantNotVisible: 'Нет доступа к заказам продавца {{merchant}}',
  credentialRule: 'Связку нельзя использовать: {{reason}}',
  signature: 'Подпись запроса отклонена: {{reason}}',
  systemError: 'Системная ошибка',
  overloadedRate: 'Система перегружена: превышен лимит запросов в секунду ({{limit}})',
  overloadedConcurrency: 'Система перегружена: превышен лимит одновременных запросов ({{limit}})',
};
