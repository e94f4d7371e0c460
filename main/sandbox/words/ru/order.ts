/** Why an order cannot be paid or changed as asked, in Russian (main/sandbox/words/en/order.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { order as en } from '../en/order.js';

export const order: Catalogue<typeof en> = {
  notWaitingForPayment: 'заказ не ожидает оплаты',
  email: 'String [1..40], адрес электронной почты (name@example.com)',
  depositNeedsHold: 'списание возможно только для заказа с удержанной суммой',
  moreThanHeld: 'больше удержанной суммы {{held}}',
  reversalNeedsHold: 'отменить можно только удержание или списание в день его проведения',
  partlyRefunded: 'часть списанной суммы уже возвращена',
  reversalAttempted: 'попытка отмены уже была сделана',
  partialReversal: 'отмена суммы {{amount}} из {{held}}',
  refundNeedsCharge: 'возврат возможен только по оплаченному заказу с невозвращённым остатком',
  notDeposited: 'expectedDepositedAmount {{expected}} не совпадает со списанной суммой {{deposited}}',
  moreThanLeft: 'больше остатка для возврата {{left}}',
  notRegisteredAmount: '{{amount}} отличается от зарегистрированной суммы {{registered}}',
  registeredCurrency: 'валюта заказа {{currency}}',
  notOrderAmount: '{{amount}} отличается от суммы заказа {{ordered}}',
  firstTransId: 'идентификатор, полученный в ответ на первый запрос по этому заказу',
  firstCard: 'карта из первого запроса',
  oneOfValues: 'одно из значений {{values}}',
  zeroWithFeatures: '0, если переданы features ({{features}})',
};
