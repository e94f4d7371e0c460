/**
 * The only places a link in the app may open, and only in the user's default browser: the gateway's
 * documentation and merchant portal. Kept short on purpose; anything else is dropped.
 *
 * The hosts are placeholders under the reserved .example domain until the gateway's real addresses are
 * known; replace them here (and nowhere else).
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = ['docs.gateway.example', 'portal.gateway.example'];

/** An https or http URL whose host is exactly one of the allowed ones (no subdomains, no credentials). */
export function isAllowedExternalLink(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (
    (u.protocol === 'https:' || u.protocol === 'http:') &&
    u.username === '' &&
    u.password === '' &&
    EXTERNAL_LINK_HOSTS.includes(u.hostname)
  );
}
