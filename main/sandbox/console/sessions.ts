/**
 * Who may open the developer console in a browser. A browser cannot send the control API's bearer token,
 * so the console runs on a session cookie instead, obtained once from a link that carries a credential:
 *
 *   - the control token itself (`?token=`, the link `npm run sandbox` prints; it works for the whole launch);
 *   - a one-time ticket (`?ticket=`, what the app hands out): usable once, within TICKET_LIFETIME_MS of
 *     being issued, so a link left in a history or a log opens nothing later.
 *
 * Either is exchanged at once for a session (a random 32-byte value in an HttpOnly cookie) and the address
 * bar is cleared by a redirect. Sessions and tickets live in memory for the launch: a restarted sandbox
 * forgets them, as it forgets its token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** How long a ticket may wait before it is used: long enough to open a window, short enough to be useless later. */
export const TICKET_LIFETIME_MS = 60_000;

export interface ConsoleSessionOptions {
  /** Wall-clock source, for tests of ticket expiry. */
  readonly now?: () => number;
  readonly ticketLifetimeMs?: number;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The cookie's name: per port, since browsers share cookies between the ports of one host. */
export function consoleCookieName(port: number): string {
  return `sandbox_console_${port}`;
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class ConsoleSessions {
  /** Ticket → when it was issued; a used or expired one is deleted. */
  private readonly tickets = new Map<string, number>();
  /**
   * Kept as SHA-256 digests: a lookup hashes what was sent first, so how long it takes says nothing an
   * attacker can steer towards a real value, and a heap dump holds no usable cookie.
   */
  private readonly sessions = new Set<string>();
  private readonly now: () => number;
  private readonly ticketLifetimeMs: number;

  constructor(options: ConsoleSessionOptions = {}) {
    this.now = options.now ?? Date.now;
    this.ticketLifetimeMs = options.ticketLifetimeMs ?? TICKET_LIFETIME_MS;
  }

  /** A new one-time ticket. */
  issueTicket(): string {
    this.dropExpiredTickets();
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, this.now());
    return ticket;
  }

  /** Whether the ticket is known and fresh; either way it cannot be used again. */
  redeemTicket(ticket: string): boolean {
    const issued = this.tickets.get(ticket);
    if (issued === undefined) return false;
    this.tickets.delete(ticket);
    return this.now() - issued <= this.ticketLifetimeMs;
  }

  /** Starts a session and returns the cookie value that carries it. */
  startSession(): string {
    const value = randomBytes(32).toString('base64url');
    this.sessions.add(digest(value).toString('hex'));
    return value;
  }

  /** Whether the request carries a session cookie of this sandbox. */
  hasSession(req: IncomingMessage, port: number): boolean {
    const value = cookieValue(req.headers.cookie, consoleCookieName(port));
    if (value === undefined || value.length === 0) return false;
    return this.sessions.has(digest(value).toString('hex'));
  }

  /** The Set-Cookie header of a new session: HttpOnly, only to the console and the control API. */
  static cookie(port: number, value: string): string {
    return `${consoleCookieName(port)}=${value}; HttpOnly; SameSite=Lax; Path=/sandbox`;
  }

  private dropExpiredTickets(): void {
    const now = this.now();
    for (const [ticket, issued] of this.tickets) if (now - issued > this.ticketLifetimeMs) this.tickets.delete(ticket);
  }
}
