/**
 * Sends the renderer's Content-Security-Policy as a response header on everything the window loads. The
 * meta tag in renderer/index.html already covers file:// loads; the header also covers the dev server and
 * adds frame-ancestors, which a meta tag cannot carry.
 */
import type { Session } from 'electron';
import { CONTENT_SECURITY_POLICY_HEADER } from '../security/csp.js';

export function sendContentSecurityPolicy(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    // Any policy a response already carries is dropped, not merged: ours is the one the app is tested with.
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
  });
}
