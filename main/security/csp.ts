/**
 * The renderer's Content-Security-Policy: its own scripts only (no eval, no inline script), styles from
 * its own files plus inline style attributes (the virtualised tables position rows with them), no
 * frames, no plugins, no form posts, and network access only back to where the page came from (the IPC
 * host in browser mode; nothing at all in Electron, where IPC does not use the network).
 *
 * renderer/index.html carries the same policy in a meta tag (a test keeps the two equal); Electron and
 * the browser-mode host also send it as a header, which can add frame-ancestors.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src-elem 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
] as const;

/** For the meta tag in index.html (frame-ancestors is ignored there). */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/** For the HTTP header. */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
