/**
 * Where the client sends requests. The sandbox and custom environments take any base URL; the gateway's
 * test and production base URLs come from configuration, and must be HTTPS.
 */
export const ENVIRONMENT_KINDS = ['sandbox', 'test', 'production', 'custom'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

export interface GatewayUrls {
  readonly test?: string;
  readonly production?: string;
}

export function resolveBaseUrl(kind: EnvironmentKind, configured: GatewayUrls, explicit?: string): string {
  const url = explicit ?? (kind === 'test' ? configured.test : kind === 'production' ? configured.production : undefined);
  if (!url) throw new Error(`No base URL is configured for the ${kind} environment`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The ${kind} base URL is not a URL: ${url}`);
  }
  if ((kind === 'test' || kind === 'production') && parsed.protocol !== 'https:') {
    throw new Error(`The ${kind} environment must use HTTPS, not ${parsed.protocol}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Unsupported protocol ${parsed.protocol}`);
  return url.replace(/\/+$/, '');
}
