/**
 * Who is calling: userName and password, or token (never both), or for wallet payment.do the
 * merchant login the token was made for.
 */
import { password, token, userName } from '../protocol/common.js';
import type { AuthMode } from '../protocol/endpoints.js';
import { GatewayError, refuse } from './errors.js';
import { message, words } from './messages.js';
import type { Merchant } from './state/model.js';
import type { SandboxState } from './state/store.js';

function text(params: Record<string, unknown>, name: string): string | undefined {
  const v = params[name];
  return v === undefined || v === '' ? undefined : typeof v === 'string' ? v : String(v);
}

function checkRule(schema: typeof userName, value: string, field: string, language: string): void {
  if (!schema.safeParse(value).success) {
    const rule = field === 'token' ? 'String [1..256]' : 'String [1..50] / [1..30]';
    throw new GatewayError(5, message('wrong', language, { name: field, rule }));
  }
}

function byCredentials(state: SandboxState, params: Record<string, unknown>, mode: AuthMode, language: string): Merchant {
  const user = text(params, 'userName');
  const pass = text(params, 'password');
  const tok = text(params, 'token');
  if (tok !== undefined && mode === 'userPassword') {
    refuse(5, 'wrong', language, { name: 'token', rule: words('request.tokenRefused') });
  }
  if (tok !== undefined && (user !== undefined || pass !== undefined)) {
    refuse(5, 'wrong', language, { name: 'token', rule: words('request.tokenOrPassword') });
  }
  if (tok !== undefined) {
    checkRule(token, tok, 'token', language);
    const m = state.allMerchants().find((x) => x.token !== undefined && x.token === tok);
    if (!m) refuse(5, 'accessDenied', language);
    return m;
  }
  if (user === undefined) {
    refuse(4, 'missing', language, { name: mode === 'userPassword' ? 'userName' : words('request.userNameOrToken') });
  }
  if (pass === undefined) refuse(4, 'missing', language, { name: 'password' });
  checkRule(userName, user, 'userName', language);
  checkRule(password, pass, 'password', language);
  const m = state.allMerchants().find((x) => x.apiUser === user);
  if (!m || m.password !== pass) refuse(5, 'accessDenied', language);
  return m;
}

export function authenticate(state: SandboxState, params: Record<string, unknown>, mode: AuthMode, language: string): Merchant {
  if (mode !== 'walletMerchant') return byCredentials(state, params, mode, language);
  const login = text(params, 'merchant');
  if (login === undefined) refuse(4, 'missing', language, { name: 'merchant' });
  const merchant = state.merchant(login);
  if (!merchant) refuse(5, 'accessDenied', language);
  const sentCredentials = ['userName', 'password', 'token'].some((k) => text(params, k) !== undefined);
  if (sentCredentials && byCredentials(state, params, 'credentials', language) !== merchant) refuse(5, 'accessDenied', language);
  return merchant;
}
