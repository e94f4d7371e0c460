/** Signing keys, in Russian (main/phrases/en/keys.ts). */
import type { keys as en } from '../en/keys.js';
import type { Catalogue } from '../catalogue.js';

export const keys: Catalogue<typeof en> = {
  state: { active: 'активен', inactive: 'не активен', retired: 'выведен из работы' },
  certificateUnreadable: 'Сертификат не читается: это не сертификат X.509 в формате PEM',
  privateKeyUnreadable: 'Закрытый ключ не читается: это не незашифрованный закрытый ключ в формате PEM',
  notRsa2048: 'Ключ должен быть RSA 2048 бит, как требует шлюз; этот — {{found}}',
  exponentNot65537:
    'Открытая экспонента ключа должна быть 65537, а у этого ключа она равна {{exponent}}: с ней подпись можно подделать, если проверяющая сторона проверяет её небрежно. Создайте новый ключ здесь или командой openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
  notThisKey: 'Сертификат не соответствует этому ключу',
  alreadyHere: 'Этот сертификат уже есть ({{state}}, отпечаток {{fingerprint}})',
  retiredCannotSignAgain: 'Выведенный из работы ключ не может снова подписывать',
  expiredCannotActivate: 'Сертификат с истёкшим сроком нельзя активировать',
  activeCannotRetire: 'Этим ключом сейчас подписываются запросы; перед выводом из работы активируйте другой ключ',
  retiredCannotSign: 'Выведенный из работы ключ не может подписывать: его закрытый ключ удалён из хранилища ключей',
  privateKeyMissing: 'Закрытого ключа для ключа подписи {{fingerprint}} нет в хранилище ключей',
  activePrivateKeyMissing: 'Закрытого ключа для активного ключа подписи {{fingerprint}} нет в хранилище ключей',
  notFound: 'В этом окружении нет такого ключа подписи',
  verified: 'Проверено: X-Hash — это SHA-256 тела, а X-Signature проверяется открытым ключом сертификата.',
  hashMismatch: 'Не проверено: X-Hash не совпадает с SHA-256 тела.',
  signatureMismatch:
    'Не проверено: X-Signature не проверяется открытым ключом сертификата (закрытый ключ в хранилище ключей не от этого сертификата).',
  expiredOn: 'Срок действия сертификата истёк {{at}}; шлюз его не примет.',
  notYetValid: 'Сертификат действует только с {{at}}.',
  input: {
    id: 'нужен идентификатор ключа подписи',
    privateKeyTooBig: 'больше 16 КБ: это не закрытый ключ',
    privateKeyPem: 'нужен один закрытый ключ в формате PEM (-----BEGIN PRIVATE KEY-----)',
    privateKeyEncrypted: 'ключ зашифрован; сначала расшифруйте его (openssl pkey -in key.pem -out plain.pem)',
    certificateTooBig: 'больше 16 КБ: это не один сертификат',
    certificatePem: 'нужен один сертификат X.509 в формате PEM (-----BEGIN CERTIFICATE-----)',
    merchantLogin: 'введите логин мерчанта',
    wholeDays: 'только целое число дней',
    atLeastOneDay: 'не меньше 1 дня',
    atMostDays: 'не больше {{max}} дней (три года)',
    bodyEmpty: 'введите тело для подписи',
    bodyTooBig: 'больше 64 КБ',
    bodyControl: 'не должно содержать управляющих символов, кроме переводов строки и табуляции',
  },
};
