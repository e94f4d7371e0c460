/**
 * Texts the sandbox answers gateway requests with, in the request's language (English and Russian; any
 * other language falls back to English). Clients must never hard-code them; the sandbox translating them
 * keeps that honest. Every answer's text is a template from here, and what a refusal fills in is a value
 * shown as it is (an amount, a status, an id, a parameter name), a field rule of main/protocol with its
 * words in the request's language and its type notation as the spec writes it (ruleWords.ts), or a detail in both languages built with texts() where the
 * refusal is made. Not from here, and in English: a body the sandbox cannot read (http/body.ts: not UTF-8,
 * not JSON, too large, the wrong Content-Type), as the language is in that body; the plain-text body of an
 * injected HTTP fault (http/gateway.ts), as a proxy's would be; and the cardholder's HTML pages
 * (endpoints/pages.ts), which quote a refusal in the order's language.
 */
import { ActionCode } from './engine/cards.js';

type Lang = 'en' | 'ru';

/**
 * A detail in both languages, passed to message() as an argument: the template picks the request's
 * language for it as for itself. Values (amounts, statuses, ids, parameter names) stay plain arguments.
 */
export interface Texts {
  readonly en: string;
  readonly ru: string;
}

export function texts(en: string, ru: string): Texts {
  return { en, ru };
}

/** An argument of a message: a value shown as it is, or a detail in both languages. */
export type MessageArg = string | number | Texts;

type Catalogue = Record<string, Record<Lang, string>>;

const TEXTS = {
  success: { en: 'Success', ru: 'Успешно' },
  processed: { en: 'Your order is proceeded, redirecting...', ru: 'Ваш платёж обработан, происходит переадресация...' },
  missing: { en: 'Missing mandatory parameter: {0}', ru: 'Не указан обязательный параметр: {0}' },
  wrong: { en: 'Wrong value of parameter {0}: {1} expected', ru: 'Неверное значение параметра {0}: ожидается {1}' },
  accessDenied: { en: 'Access denied', ru: 'Доступ запрещён' },
  duplicate: {
    en: 'Order number is duplicated, order with given order number is processed already',
    ru: 'Заказ с таким номером уже обработан',
  },
  orderNotFound: { en: 'Order not found', ru: 'Заказ не найден' },
  noOrderReference: { en: 'orderId or orderNumber must be passed', ru: 'Необходимо указать orderId или orderNumber' },
  unknownCurrency: { en: 'Unknown currency: {0}', ru: 'Неизвестная валюта: {0}' },
  invalidFeatures: { en: 'Invalid features: {0}', ru: 'Неверные признаки заказа: {0}' },
  wrongState: { en: 'Operation not allowed in order status {0}: {1}', ru: 'Операция недоступна в статусе заказа {0}: {1}' },
  wrongAmount: { en: 'Wrong amount: {0}', ru: 'Неверная сумма: {0}' },
  bindingNotFound: { en: 'Binding not found', ru: 'Связка не найдена' },
  bindingInactive: { en: 'Binding not found or already inactive', ru: 'Связка не найдена или уже неактивна' },
  bindingActive: { en: 'Binding not found or already active', ru: 'Связка не найдена или уже активна' },
  noBindings: { en: 'No binding found', ru: 'Связки не найдены' },
  noOrders: { en: 'No orders found for the given period and states', ru: 'Заказы за указанный период и в указанных статусах не найдены' },
  merchantNotVisible: { en: 'Access denied to the orders of merchant {0}', ru: 'Нет доступа к заказам продавца {0}' },
  credentialRule: { en: 'Stored credential cannot be used: {0}', ru: 'Связку нельзя использовать: {0}' },
  signature: { en: 'Request signature rejected: {0}', ru: 'Подпись запроса отклонена: {0}' },
  systemError: { en: 'System error', ru: 'Системная ошибка' },
  overloadedRate: {
    en: 'System overloaded: more than {0} requests per second',
    ru: 'Система перегружена: превышен лимит запросов в секунду ({0})',
  },
  overloadedConcurrency: {
    en: 'System overloaded: more than {0} simultaneous requests',
    ru: 'Система перегружена: превышен лимит одновременных запросов ({0})',
  },
} satisfies Catalogue;

export type MessageId = keyof typeof TEXTS;

const ACTION_CODES: Record<ActionCode, Record<Lang, string>> = {
  [ActionCode.APPROVED]: { en: 'Request processed successfully', ru: 'Запрос обработан успешно' },
  [ActionCode.DO_NOT_HONOUR]: { en: 'Declined by the issuer (do not honour)', ru: 'Отказ эмитента' },
  [ActionCode.CARD_EXPIRED]: { en: 'Card expired', ru: 'Истёк срок действия карты' },
  [ActionCode.WRONG_CARD_DATA]: { en: 'Wrong card data', ru: 'Неверные данные карты' },
  [ActionCode.NO_PAYMENT_ATTEMPT]: { en: 'No payment attempts', ru: 'Не было попыток оплаты' },
  [ActionCode.SESSION_EXPIRED]: { en: 'Session expired', ru: 'Истекло время сессии' },
  [ActionCode.AUTHENTICATION_FAILED]: { en: '3-D Secure authentication not passed', ru: 'Не пройдена аутентификация 3-D Secure' },
  [ActionCode.AUTHENTICATION_REJECTED]: {
    en: '3-D Secure authentication rejected by the issuer',
    ru: 'Эмитент отклонил аутентификацию 3-D Secure',
  },
  [ActionCode.OVER_ISSUER_LIMIT]: { en: "Amount over the issuer's limit", ru: 'Сумма превышает лимит эмитента' },
};

function lang(language: string | undefined): Lang {
  return language?.toLowerCase() === 'ru' ? 'ru' : 'en';
}

/** The text of a detail in the request's language. */
function inLanguage(arg: MessageArg, language: string | undefined): string {
  return typeof arg === 'object' ? arg[lang(language)] : String(arg);
}

export function message(id: MessageId, language: string | undefined, ...args: MessageArg[]): string {
  return TEXTS[id][lang(language)].replace(/\{(\d)\}/g, (_, i: string) => {
    const arg = args[Number(i)];
    return arg === undefined ? '' : inLanguage(arg, language);
  });
}

export function actionCodeDescription(code: number, language: string | undefined): string {
  return ACTION_CODES[code as ActionCode]?.[lang(language)] ?? '';
}
