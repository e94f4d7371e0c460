/**
 * GET /sandbox/events: the sandbox's event feed (events.ts) as server-sent events, one stream per open
 * console. Each message is `id: <seq>`, `event: <type>`, `data: <JSON>`; a comment every PING_MS keeps
 * proxies and idle timers from closing a quiet stream. A stream ends when its client goes or the sandbox
 * closes (closeAll), so that closing never waits on an open console.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxEvent, SandboxEvents } from './events.js';
import { redact } from './redaction.js';

export const PING_MS = 15_000;

/**
 * One event as an SSE message, redacted as all the console serves is (redaction.ts); JSON has no raw line
 * breaks, so `data` is a single line.
 */
export function sseMessage(event: SandboxEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(redact(event.data ?? {}))}\n\n`;
}

export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly events: SandboxEvents,
    private readonly pingMs = PING_MS,
  ) {}

  /** Answers the request with a stream that lasts until the client or the sandbox ends it. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    // The console reconnects after a second when the stream breaks (EventSource's retry).
    res.write('retry: 1000\n\n');
    this.open.add(res);
    const unsubscribe = this.events.subscribe((event) => {
      res.write(sseMessage(event));
    });
    const ping = setInterval(() => res.write(': ping\n\n'), this.pingMs);
    const stop = () => {
      clearInterval(ping);
      unsubscribe();
      this.open.delete(res);
    };
    req.on('close', stop);
    res.on('close', stop);
  }

  /** Ends every open stream (the sandbox is closing). */
  closeAll(): void {
    for (const res of [...this.open]) res.end();
  }
}
