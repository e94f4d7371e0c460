/**
 * Which page is the app's own. Everything the shell trusts (IPC senders, navigation targets, permission
 * requests) is decided by comparing a URL with this one page: the built renderer's index.html as a file URL,
 * or in development the origin of electron-vite's dev server (ELECTRON_RENDERER_URL).
 */
import { pathToFileURL } from 'node:url';

export interface AppPage {
  /** What the window loads. */
  readonly url: string;
  /** Whether a URL is the app's page (its hash and query may differ; nothing else may). */
  isAppUrl(url: string): boolean;
}

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

export function appPage(o: { readonly rendererFile: string; readonly devServerUrl?: string | undefined }): AppPage {
  if (o.devServerUrl) {
    const origin = new URL(o.devServerUrl).origin;
    return { url: o.devServerUrl, isAppUrl: (url) => parse(url)?.origin === origin };
  }
  const page = pathToFileURL(o.rendererFile);
  return {
    url: page.href,
    isAppUrl: (url) => {
      const u = parse(url);
      // file: URLs have no origin to compare ("null"), so the exact file is.
      return u !== undefined && u.protocol === 'file:' && u.host === page.host && u.pathname === page.pathname;
    },
  };
}
