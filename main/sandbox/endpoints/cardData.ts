/**
 * Card data as payment requests carry it (PAN, expiry, CVC, or a seToken), external 3-D Secure results,
 * and the 3-D Secure fields a payment answer carries when the cardholder must authenticate.
 */
import { refuse } from '../errors.js';
import { luhnValid } from '../../domain/cardNumbers.js';
import { cardRecord, type CardFingerprint } from '../engine/cards.js';
import type { Core } from '../engine/core.js';
import type { CardOutcome } from '../engine/payment.js';
import type { Json } from '../envelopes.js';
import { message, words, type Words } from '../messages.js';
import type { CardRecord, Order } from '../state/model.js';

export interface CardData {
  readonly card: CardRecord;
  readonly cvc?: string;
}

/** The rule for a card number: its digits pass the Luhn check. */
export const LUHN_RULE = words('card.luhn');

export function cardFrom(
  fingerprint: CardFingerprint,
  pan: string,
  expiry: string,
  cardholderName: string,
  cvc: string | undefined,
  field: string,
  language: string,
): CardData {
  if (!/^[0-9]{12,19}$/.test(pan) || !luhnValid(pan)) refuse(5, 'wrong', language, { name: field, rule: LUHN_RULE });
  return { card: cardRecord(pan, expiry, cardholderName, fingerprint), cvc };
}

/**
 * Sandbox seToken: Base64 of the plain text the gateway family encrypts,
 * `timestamp/UUID/PAN/CVC/EXPDATE/MDORDER` (EXPDATE as YYYYMM; MDORDER may be empty where the
 * request registers the order itself). No encryption, so tests can make one by hand.
 */
export function cardFromSeToken(
  fingerprint: CardFingerprint,
  seToken: string,
  mdOrder: string | undefined,
  cardholderName: string,
  language: string,
): CardData {
  const parts = Buffer.from(seToken, 'base64').toString('utf8').split('/');
  const [timestamp, uuid, pan, cvc, expiry, tokenOrder] = parts;
  const wrong = (rule: Words): never => refuse(5, 'wrong', language, { name: 'seToken', rule });
  if (parts.length !== 6 || !timestamp || !uuid) wrong(words('card.seToken'));
  if (!/^[0-9]{15,19}$/.test(pan!)) wrong(words('card.seTokenPan'));
  if (!/^[0-9]{4}(0[1-9]|1[0-2])$/.test(expiry!)) wrong(words('card.seTokenExpiry'));
  if (cvc !== '' && !/^[0-9]{3}$/.test(cvc!)) wrong(words('card.seTokenCvc'));
  if (mdOrder !== undefined && tokenOrder !== '' && tokenOrder !== mdOrder) wrong(words('card.seTokenOrder'));
  return cardFrom(fingerprint, pan!, expiry!, cardholderName, cvc === '' ? undefined : cvc, 'seToken', language);
}

/** External 3-D Secure mode: the merchant's own 3DS server result in jsonParams (eci, cavv, xid). */
export function externalAuthentication(
  jsonParams: Record<string, string | number | boolean> | undefined,
  protocolVersion: string | undefined,
  language: string,
): { eci: string; version?: string } | undefined {
  if (!jsonParams) return undefined;
  const { eci, cavv, xid, threeDsType } = jsonParams;
  if (eci === undefined && cavv === undefined && xid === undefined && threeDsType === undefined) return undefined;
  if (eci === undefined) refuse(4, 'missing', language, { name: 'jsonParams.eci' });
  const eciText = String(eci).padStart(2, '0');
  if (!/^[0-9]{2}$/.test(eciText)) refuse(5, 'wrong', language, { name: 'jsonParams.eci', rule: words('card.eci') });
  const version =
    protocolVersion ?? (jsonParams.threeDSProtocolVersion !== undefined ? String(jsonParams.threeDSProtocolVersion) : undefined);
  if (version !== undefined && version !== '2.1.0' && version !== '2.2.0') {
    const rule = words('order.oneOfValues', { values: '2.1.0, 2.2.0' });
    refuse(5, 'wrong', language, { name: 'threeDSProtocolVersion', rule });
  }
  return { eci: eciText, ...(version !== undefined ? { version } : {}) };
}

/** The ACS address for an order: the gateway's acsRedirect.do, which serves the sandbox's ACS page. */
export function acsUrl(core: Core, order: Order): string {
  return `${core.baseUrl()}/payment/acsRedirect.do?orderId=${encodeURIComponent(order.id)}`;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** The 3-D Secure fields of a payment answer for an outcome that needs the cardholder. */
export function threeDSFields(core: Core, order: Order, outcome: CardOutcome, language: string): Json {
  const base = core.baseUrl();
  switch (outcome.kind) {
    case 'settled':
      return {};
    case 'threeDS2Method':
      return {
        is3DSVer2: true,
        threeDSServerTransId: outcome.transId,
        threeDSMethodURL: `${base}/payment/3ds/method.do`,
        threeDSMethodURLServer: `${base}/payment/3ds/methodServer.do?threeDSServerTransId=${outcome.transId}`,
        threeDSMethodDataPacked: b64({
          threeDSServerTransID: outcome.transId,
          threeDSMethodNotificationURL: `${base}/payment/3ds/notification.do`,
        }),
      };
    case 'threeDS2Challenge':
      return {
        is3DSVer2: true,
        info: message('processed', language),
        acsUrl: acsUrl(core, order),
        packedCReq: b64({ threeDSServerTransID: outcome.transId, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '05' }),
      };
    case 'threeDS1':
      return {
        info: message('processed', language),
        acsUrl: acsUrl(core, order),
        paReq: b64({ orderId: order.id, transId: outcome.transId }),
        termUrl: `${base}/payment/rest/finish3ds.do`,
      };
  }
}
