/**
 * Reading the gateway's answers: one key casing, and the verdict of the envelope.
 *
 * Key casings are folded to lower camel case (instantPayment.do's ErrorCode, OrderStatus, Pan become
 * errorCode, orderStatus, pan) and "URL" to "Url" (threeDSMethodURL becomes threeDSMethodUrl), so that every
 * endpoint's answer reads the same way whatever the gateway build spelled.
 *
 * The verdict follows the interface: success is `success: true` or `errorCode` 0; if both are present,
 * success wins. An answer with neither (some register.do samples) is a success.
 */
export type JsonObject = Record<string, unknown>;

function foldKey(key: string): string {
  const first = key.charCodeAt(0);
  const lower = first >= 65 && first <= 90 ? String.fromCharCode(first + 32) + key.slice(1) : key;
  return lower.includes('URL') ? lower.replace(/URL/g, 'Url') : lower;
}

/** Whether "URL" occurs in the key; only at an upper-case U, which camel-case keys rarely have. */
function hasUrl(key: string): boolean {
  for (let i = key.indexOf('U'); i !== -1; i = key.indexOf('U', i + 1)) {
    if (key.charCodeAt(i + 1) === 82 /* R */ && key.charCodeAt(i + 2) === 76 /* L */) return true;
  }
  return false;
}

/** Whether foldKey would change the key, without building the folded text (this runs on every answer's every key). */
function keyNeedsFolding(key: string): boolean {
  const first = key.charCodeAt(0);
  return (first >= 65 && first <= 90) || hasUrl(key);
}

/** Whether any key at any depth needs folding; most answers need none and are then used as parsed. */
function needsFolding(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (needsFolding(item)) return true;
    return false;
  }
  for (const key in value) {
    if (keyNeedsFolding(key)) return true;
    // Only objects and arrays hold keys; most values are neither, and are passed over without a call.
    const child = (value as JsonObject)[key];
    if (child !== null && typeof child === 'object' && needsFolding(child)) return true;
  }
  return false;
}

function fold(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fold);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key in value) {
    const folded = foldKey(key);
    // Where two spellings of one key arrive together, the first wins.
    if (!(folded in out)) out[folded] = fold((value as JsonObject)[key]);
  }
  return out;
}

export function foldKeys(value: unknown): unknown {
  return needsFolding(value) ? fold(value) : value;
}

export type Verdict =
  /** `stated` is false when the answer carries neither success nor errorCode (some register.do samples). */
  { readonly ok: true; readonly stated: boolean } | { readonly ok: false; readonly errorCode: string; readonly message: string };

const asText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** The envelope's verdict; `body` has folded keys. */
export function verdict(body: JsonObject): Verdict {
  if (body.success === true) return { ok: true, stated: true };
  const errorObject = body.error !== null && typeof body.error === 'object' ? (body.error as JsonObject) : undefined;
  if (body.success === false) {
    return {
      ok: false,
      errorCode: asText(errorObject?.code) ?? asText(body.errorCode) ?? 'unknown',
      message: asText(errorObject?.message) ?? asText(errorObject?.description) ?? asText(body.errorMessage) ?? '',
    };
  }
  const code = asText(body.errorCode)?.trim();
  if (code === undefined || code === '') return { ok: true, stated: false };
  if (Number(code) === 0) return { ok: true, stated: true };
  // instantPayment.do carries its text in `error`; installmentPayment.do's `error` is a boolean.
  return { ok: false, errorCode: code, message: asText(body.errorMessage) ?? asText(body.error) ?? '' };
}
