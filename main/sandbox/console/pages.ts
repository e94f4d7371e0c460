/**
 * The developer console's own addresses under /sandbox/console: the entry link that turns the control
 * token or a one-time ticket into a session cookie, and the page's files (read from
 * resources/sandbox-console/ by plain names only, so no request names a path of its own). Everything else the console reads
 * and writes is the ordinary control API, which accepts the session cookie (http/controlGuard.ts).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { placeRefusal, type ControlRefusal } from '../http/controlGuard.js';
import { ConsoleSessions } from './sessions.js';

export const CONSOLE_PATH = '/sandbox/console';

/** The page may load only its own script and style and talk only to its own origin. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * The files served, by the name after /sandbox/console/ ('' is the page itself): the page, and its scripts
 * and style sheets by a plain name (lower-case letters, digits and '-', then .js or .css), so the page may
 * be split into ES modules while no request can name a path of its own (no '/', '..', '%' or dot-file).
 */
const PAGE = { file: 'index.html', type: 'text/html; charset=utf-8' } as const;
const ASSET = /^[a-z][a-z0-9-]*\.(js|css)$/;
const ASSET_TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

function fileFor(name: string): { readonly file: string; readonly type: string } | undefined {
  if (name === '' || name === 'index.html') return PAGE;
  const match = ASSET.exec(name);
  return match ? { file: name, type: ASSET_TYPES[match[1] as 'js' | 'css'] } : undefined;
}

export interface ConsolePagesDeps {
  readonly sessions: ConsoleSessions;
  /** Whether the token is the control token (constant time). */
  readonly isToken: (given: string) => boolean;
  /** The control API's guard: undefined when the request may read (bearer or session cookie). */
  readonly guard: (req: IncomingMessage) => ControlRefusal | undefined;
  readonly port: () => number;
  /** The folder of index.html, console.js and console.css. */
  readonly dir: string;
}

export function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

/** A page without script or style, so the strictest CSP fits it. */
function refusalPage(res: ServerResponse, status: number, title: string, text: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  });
  res.end(html);
}

const HOW_TO_OPEN =
  'Open the developer console again from the app (Settings, Open developer console) or with the link <code>npm run sandbox</code> printed at start. A link from the app works once, within a minute.';

export function createConsolePages(deps: ConsolePagesDeps) {
  const startSession = (res: ServerResponse): void => {
    const port = deps.port();
    res.writeHead(303, {
      ...COMMON_HEADERS,
      location: CONSOLE_PATH,
      'set-cookie': ConsoleSessions.cookie(port, deps.sessions.startSession()),
      'content-length': 0,
    });
    res.end();
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    req.resume(); // the console's pages take no body
    const misplaced = placeRefusal(req, deps.port());
    if (misplaced) return refusalPage(res, misplaced.status, 'Refused', misplaced.error);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...COMMON_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('The developer console is read with GET');
      return;
    }

    const token = url.searchParams.get('token');
    const ticket = url.searchParams.get('ticket');
    if (url.pathname === CONSOLE_PATH && (token !== null || ticket !== null)) {
      // Either is checked and spent before anything else, and the address bar loses it by the redirect.
      const ok = ticket !== null ? deps.sessions.redeemTicket(ticket) : deps.isToken(token!);
      if (ok) return startSession(res);
      return refusalPage(
        res,
        401,
        'This console link no longer works',
        `The link was used already, has expired or is wrong. ${HOW_TO_OPEN}`,
      );
    }

    if (deps.guard(req)) return refusalPage(res, 401, 'Developer console: not signed in', HOW_TO_OPEN);
    const name = url.pathname.slice(CONSOLE_PATH.length).replace(/^\//, '');
    const entry = fileFor(name);
    if (!entry) return refusalPage(res, 404, 'Not found', 'The developer console has no such file.');
    let body: Buffer;
    try {
      body = await readFile(join(deps.dir, entry.file));
    } catch {
      return refusalPage(res, 404, 'Not found', `The developer console's ${entry.file} is missing from ${deps.dir}.`);
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': entry.type,
      'content-length': body.length,
      ...(entry.file === 'index.html' ? { 'content-security-policy': CONSOLE_CSP } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
