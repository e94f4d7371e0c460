/**
 * The response envelopes seen on the wire (gateway-extensions.md, "Envelopes seen on the wire").
 * Each endpoint names its envelope; errors and successes are rendered through it.
 */
export type Envelope =
  /** rest group: errorCode as a string + errorMessage. */
  | 'rest'
  /** paymentorder.do: the samples send errorCode as a number. */
  | 'restNumeric'
  /** instantPayment.do: errorCode + error (text). */
  | 'instant'
  /** wallet payment.do, paymentDirect.do, recurrentPayment.do: success + data / error object. */
  | 'success'
  /** installmentPayment.do: errorCode, errorMessage, error (boolean). */
  | 'installment';

export type Json = Record<string, unknown>;

export function errorBody(envelope: Envelope, code: number, text: string): Json {
  switch (envelope) {
    case 'rest':
      return { errorCode: String(code), errorMessage: text };
    case 'restNumeric':
      return { errorCode: code, errorMessage: text };
    case 'instant':
      return { errorCode: String(code), error: text };
    case 'success':
      return { success: false, error: { code: String(code), description: text, message: text } };
    case 'installment':
      return { errorCode: String(code), errorMessage: text, error: true };
  }
}
