/** Why a stored credential cannot be used, in Russian (main/sandbox/words/en/credential.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { credential as en } from '../en/credential.js';

export const credential: Catalogue<typeof en> = {
  tiiNeedsClient: 'с tii {{tii}} сохраняется связка, и заказ должен быть зарегистрирован с clientId',
  clientNeeded: 'для платежа по связке нужен clientId владельца связки',
  otherClient: 'связка принадлежит другому clientId',
  category: 'связкой категории {{category}} нельзя платить через {{endpoint}}',
  categoryWithTii: 'связкой категории {{category}} нельзя платить через {{endpoint}} с tii {{tii}}',
  agreementExpired: 'срок действия соглашения истёк {{expiry}}',
  installmentsPaid: 'все платежи рассрочки ({{installments}}) уже оплачены',
  installmentTotal: 'сумма превышает остаток общей суммы рассрочки {{total}}',
  onePhaseOnly: 'tii {{tii}} допустим только для одностадийных платежей',
  noCvc: 'отсутствие значения: платёж по инициативе продавца (tii {{tii}}) проводится без CVC',
  storedTii: 'F, U, R или I для платежа по связке',
  panOrBindingId: 'pan (или bindingId)',
  monthNotPast: 'месяц не ранее текущего',
};
