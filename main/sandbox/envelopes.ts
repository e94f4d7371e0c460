/**
 * The response envelopes seen on the wire (docs/gateway-facts.md, "Envelopes on the wire").
 * Each endpoint names its envelope (main/protocol/endpoints.ts); errors are rendered through it.
 */
import type { Envelope } from '../protocol/endpoints.js';

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
