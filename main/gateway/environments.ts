/**
 * Where the client sends requests. The sandbox and custom environments take any base URL; the gateway's
 * test and production base URLs come from configuration, and must be HTTPS. No base URL may carry a user
 * name or password (user:password@), a query (?…) or a fragment (#…): the client would not use them as
 * such (undici's request drops the userinfo, fetch refuses the URL, and a method's path is appended to the
 * base URL, so it would land inside the query or the fragment), and a URL is shown back to every profile,
 * logged and kept in plain SQLite, where a secret (`?password=…`, `#token=…`) must never be; the API user is a
 * connection field and its password or token lives in the keychain. baseUrlRefusal is that one rule: the IPC
 * contract, the settings service and the client's constructor all apply it.
 */
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';

export const ENVIRONMENT_KINDS = ['sandbox', 'test', 'production', 'custom'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

export interface GatewayUrls {
  readonly test?: string;
  readonly production?: string;
}

/**
 * Why a base URL with userinfo, or with a query or fragment, is refused, as a phrase code (the IPC
 * contract's message, the settings service's refusal), and in English for the client's own TypeError and
 * the log.
 */
export const BASE_URL_USERINFO = 'settings.baseUrlUserinfo' as const;
export const BASE_URL_USERINFO_MESSAGE = english(phrase(BASE_URL_USERINFO));
export const BASE_URL_QUERY = 'settings.baseUrlQuery' as const;
export const BASE_URL_QUERY_MESSAGE = english(phrase(BASE_URL_QUERY));
export type BaseUrlRefusal = typeof BASE_URL_USERINFO | typeof BASE_URL_QUERY;
export const BASE_URL_REFUSAL_MESSAGE = {
  [BASE_URL_USERINFO]: BASE_URL_USERINFO_MESSAGE,
  [BASE_URL_QUERY]: BASE_URL_QUERY_MESSAGE,
} as const;

/** An environment named inside a phrase: the renderer words it in the language shown. */
export const environmentPhrase = (kind: EnvironmentKind): Phrase => phrase(`settings.env.${kind}`);

/** An environment by the name a record keeps: worded if the app knows it, else its name as it is. */
export const environmentWords = (environment: string): Phrase | string =>
  (ENVIRONMENT_KINDS as readonly string[]).includes(environment) ? environmentPhrase(environment as EnvironmentKind) : environment;

/**
 * Whether a URL carries userinfo: a user name or password as the parser sees them, or any "@" before the
 * host (an empty "https://@host" too, so that nothing resembling credentials is kept or shown).
 */
export function hasUserinfo(url: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:[\\/]*[^\\/?#]*@/i.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** Whether a URL carries a query or a fragment: any "?" or "#" in it (an empty one too; a path spells them %3F, %23). */
export const hasQueryOrFragment = (url: string): boolean => /[?#]/.test(url);

/**
 * The one rule for a base URL, wherever one is given (the IPC contract, the settings service, the client):
 * the phrase code that refuses it, userinfo first (its message must not echo the URL), or undefined.
 */
export function baseUrlRefusal(url: string): BaseUrlRefusal | undefined {
  if (hasUserinfo(url)) return BASE_URL_USERINFO;
  if (hasQueryOrFragment(url)) return BASE_URL_QUERY;
  return undefined;
}

/**
 * The URL without its userinfo, query and fragment (for showing and using a base URL an older version saved
 * with them), or undefined if it does not parse.
 */
export function withoutSecretParts(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.href.replace(/[?#]+$/, '').replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

export function resolveBaseUrl(kind: EnvironmentKind, configured: GatewayUrls, explicit?: string): string {
  const url = explicit ?? (kind === 'test' ? configured.test : kind === 'production' ? configured.production : undefined);
  const environment = environmentPhrase(kind);
  if (!url) throw new SaidError(phrase('settings.noBaseUrl', { environment }));
  // Before anything that would echo the URL: no message may carry its password.
  if (hasUserinfo(url)) throw new SaidError(phrase('settings.baseUrlUserinfoOf', { environment }));
  if (hasQueryOrFragment(url)) throw new SaidError(phrase('settings.baseUrlQueryOf', { environment }));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SaidError(phrase('settings.notAUrl', { environment, url }));
  }
  if ((kind === 'test' || kind === 'production') && parsed.protocol !== 'https:') {
    throw new SaidError(phrase('settings.httpsOnly', { environment, protocol: parsed.protocol }));
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new SaidError(phrase('settings.unsupportedProtocol', { protocol: parsed.protocol }));
  return url.replace(/\/+$/, '');
}
