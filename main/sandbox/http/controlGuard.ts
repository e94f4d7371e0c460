/**
 * The gate in front of the control API (/sandbox/...). The sandbox listens on loopback, but any local web
 * page can still send it requests: a form or a `fetch` with `mode: 'no-cors'` reaches it as a "simple"
 * request (text/plain or a form, no custom headers), and a DNS-rebinding page reaches it under its own
 * host name. So every control request must
 *
 *   - name a loopback host in Host (127.0.0.1, localhost or [::1], with the sandbox's port): a rebinding
 *     page names its own host;
 *   - carry no Origin, or the sandbox's own: a page elsewhere names its origin;
 *   - carry the per-launch token as `Authorization: Bearer <token>`: a page cannot know it, and a custom
 *     header cannot be sent cross-origin without a CORS preflight the sandbox never grants; or the
 *     developer console's session cookie (console/sessions.ts), which only a link with the token or a
 *     one-time ticket gives out. The Host and Origin checks hold for the cookie as for the token, and
 *     the JSON rule keeps a cross-site form from riding on the cookie;
 *   - for anything but GET and HEAD, be `application/json`: the media types a page may send without a
 *     preflight are refused.
 *
 * The checks run before the body is read, so a refused request changes nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mediaType } from './body.js';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** A bearer token (RFC 6750's token68), long enough not to be guessed. */
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/-]{16,512}=*$/;

export class ControlTokenError extends Error {}

/** The token given (checked for its shape) or a fresh random one for this launch. */
export function controlTokenFor(given?: string): string {
  if (given === undefined) return randomBytes(32).toString('base64url');
  if (!TOKEN_SHAPE.test(given)) {
    throw new ControlTokenError(
      'The control token must be 16 to 512 characters of letters, digits and - . _ ~ + / (optionally ending in =)',
    );
  }
  return given;
}

export interface ControlRefusal {
  readonly status: 401 | 403 | 415;
  readonly error: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the token; both sides are hashed to one length first, so it takes the same time whatever was sent. */
export function tokenMatcher(token: string): (given: string) => boolean {
  const expected = digest(token);
  return (given) => timingSafeEqual(digest(given), expected);
}

/** The Host and Origin checks alone, for the console's entry link, which carries its credential in the query. */
export function placeRefusal(req: IncomingMessage, own: number): ControlRefusal | undefined {
  const hosts = LOOPBACK_NAMES.flatMap((name) => (own === 80 ? [name, `${name}:80`] : [`${name}:${own}`]));
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) {
    return { status: 403, error: 'The control API answers only requests to a loopback Host (127.0.0.1, localhost or [::1])' };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin.toLowerCase())) {
    return { status: 403, error: 'The control API refuses requests from other origins' };
  }
  return undefined;
}

/**
 * Checks a control request's Host, Origin, credential (bearer token, or a console session when
 * `hasSession` says so) and Content-Type; returns why it is refused, or undefined when it may go on.
 * `port` is the sandbox's listening port.
 */
export function controlGuard(
  token: string,
  port: () => number,
  hasSession: (req: IncomingMessage) => boolean = () => false,
): (req: IncomingMessage) => ControlRefusal | undefined {
  const matches = tokenMatcher(token);
  return (req) => {
    const misplaced = placeRefusal(req, port());
    if (misplaced) return misplaced;
    const given = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const authorised = given !== undefined ? matches(given) : hasSession(req);
    if (!authorised) {
      return {
        status: 401,
        error: 'The control API needs the sandbox control token as "Authorization: Bearer <token>" (npm run sandbox prints it)',
      };
    }
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && mediaType(req.headers['content-type']) !== 'application/json') {
      return { status: 415, error: `${method} requests to the control API must be Content-Type: application/json` };
    }
    return undefined;
  };
}
