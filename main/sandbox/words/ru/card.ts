/** What card data must be, in Russian (main/sandbox/words/en/card.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { card as en } from '../en/card.js';

export const card: Catalogue<typeof en> = {
  luhn: 'номер карты, проходящий проверку по алгоритму Луна',
  seToken: 'Base64 строки timestamp/UUID/PAN/CVC/EXPDATE/MDORDER',
  seTokenPan: 'PAN из 15–19 цифр внутри токена (платёж по связке проводится через paymentOrderBinding.do)',
  seTokenExpiry: 'EXPDATE в формате YYYYMM внутри токена',
  seTokenCvc: 'CVC из трёх цифр внутри токена',
  seTokenOrder: 'токен, созданный для этого заказа',
  eci: 'две цифры',
  walletToken: 'Base64 JSON-токена песочницы (см. README)',
  present: 'наличие значения',
};
