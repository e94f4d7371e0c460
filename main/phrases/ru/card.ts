/** Stored cards' input, in Russian (main/phrases/en/card.ts). */
import type { card as en } from '../en/card.js';
import type { Catalogue } from '../catalogue.js';

export const card: Catalogue<typeof en> = {
  number: 'должен состоять из 12–19 цифр без пробелов',
  checkDigit: 'не является номером карты: неверная контрольная цифра (опечатка?)',
  expiryFormat: 'должен быть месяцем в формате ГГГГММ, например 202912',
  expiryPast: 'не может быть в прошлом',
  findOne: 'укажите что-то одно: ID клиента, ID связки или номер карты',
};
