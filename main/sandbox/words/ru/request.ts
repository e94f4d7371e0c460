/** What is wrong with the request itself, in Russian (main/sandbox/words/en/request.ts). */
import type { Catalogue } from '../../../phrases/catalogue.js';
import type { request as en } from '../en/request.js';

export const request: Catalogue<typeof en> = {
  tokenRefused: 'userName и password: этот запрос не принимает token',
  tokenOrPassword: 'либо token, либо userName и password, но не то и другое вместе',
  userNameOrToken: 'userName (или token)',
  singleValue: 'одно значение (параметр передан несколько раз)',
  signatureHeaders: 'для этого продавца обязательны заголовки X-Hash и X-Signature',
  hashMismatch: 'X-Hash не совпадает с SHA-256 отправленного тела запроса',
  noCertificate: 'для этого продавца не загружен действующий сертификат',
  signatureMismatch: 'X-Signature не проходит проверку ни с одним сертификатом, загруженным для этого продавца',
};
