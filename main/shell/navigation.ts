/**
 * Keeps a web contents on the app's page: it may not navigate or be redirected anywhere else, open
 * windows, or attach a <webview>. An allow-listed link (see externalLinks.ts) goes to the default browser
 * instead, where it has none of the app's powers.
 */
import type { WebContents } from 'electron';
import { isAllowedExternalLink } from './externalLinks.js';

export interface NavigationPolicy {
  readonly isAppUrl: (url: string) => boolean;
  readonly openExternal: (url: string) => Promise<void>;
}

type Guarded = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardNavigation(contents: Guarded, policy: NavigationPolicy): void {
  const openOutside = (url: string) => {
    if (isAllowedExternalLink(url)) policy.openExternal(url).catch(() => undefined);
  };
  const stayOnApp = (event: { preventDefault(): void }, url: string) => {
    if (policy.isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', (event) => stayOnApp(event, event.url));
  contents.on('will-redirect', (event) => stayOnApp(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
}
