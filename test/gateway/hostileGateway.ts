/**
 * A small hostile gateway for the tests: an HTTP server on a random loopback port that answers as a broken or
 * malicious gateway would, so that the client and the order sync are tried against it over real HTTP. What it
 * does to each request is a mode, chosen per request:
 *
 *   endless      getLastOrdersForMerchants.do pages that never end: new orders on every page, the count given
 *                (huge, or growing as pages are read)
 *   ignoresPage  the same orders whatever page is asked for
 *   pages        an honest window of `orders` orders, paged as asked (optionally slow), for what must still work
 *   trickle      the headers, then one byte every `everyMs`, never finishing
 *   processing   an informational answer (102 Processing) every `everyMs`, never the real one
 *   silent       reads the request and never answers
 *   huge         one answer of `bytes` bytes (chunked, or with its Content-Length declared), sent as fast as
 *                the client reads it
 *   json         a plain answer after `delayMs`
 *
 * It counts the requests it was sent (with their form parameters), the bytes it wrote and its open sockets,
 * and is stopped by the test (stop() destroys every socket).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type HostileMode =
  | { readonly kind: 'endless'; readonly totalCount: number; readonly growBy?: number }
  | { readonly kind: 'ignoresPage'; readonly totalCount: number }
  | { readonly kind: 'pages'; readonly orders: number; readonly delayMs?: number }
  | { readonly kind: 'trickle'; readonly everyMs: number }
  | { readonly kind: 'processing'; readonly everyMs: number }
  | { readonly kind: 'silent' }
  | { readonly kind: 'huge'; readonly bytes: number; readonly declareLength?: boolean }
  | { readonly kind: 'json'; readonly body: unknown; readonly delayMs?: number };

export interface HostileRequest {
  /** The endpoint's name, for example getLastOrdersForMerchants.do. */
  readonly endpoint: string;
  readonly form: URLSearchParams;
}

export interface HostileGateway {
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: HostileRequest[];
  /** Bytes of answer bodies written so far. */
  bytesSent(): number;
  /** Sockets open now. */
  openSockets(): number;
  /** Resolves once `n` requests in all have been received. */
  received(n: number): Promise<void>;
  stop(): Promise<void>;
}

/** A listed order as the endpoint gives it, with the fields the Orders list keeps. */
export function listedOrder(id: string, registeredAt: number): Record<string, unknown> {
  return {
    orderNumber: `H-${id}`,
    orderStatus: 2,
    actionCode: 0,
    amount: 1_000,
    currency: '643',
    date: registeredAt,
    orderDescription: 'hostile gateway',
    attributes: [{ name: 'mdOrder', value: `00000000-0000-4000-8000-${id.padStart(12, '0').slice(-12)}` }],
    cardAuthInfo: { maskedPan: '444455**3333', paymentSystem: 'VISA' },
    paymentAmountInfo: { depositedAmount: 1_000, refundedAmount: 0 },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the answer can be written to again, or is closed; leaves no listener behind. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function startHostileGateway(mode: HostileMode | ((r: HostileRequest) => HostileMode)): Promise<HostileGateway> {
  const requests: HostileRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  let sent = 0;
  /** Every order id handed out by endless pages: new on every page. */
  let next = 0;

  const write = async (res: ServerResponse, chunk: string | Buffer): Promise<boolean> => {
    if (res.destroyed || res.socket?.destroyed) return false;
    sent += Buffer.byteLength(chunk);
    if (!res.write(chunk)) await drained(res);
    return !res.destroyed;
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, r: HostileRequest): Promise<void> => {
    const m = typeof mode === 'function' ? mode(r) : mode;
    const page = Number(r.form.get('page') ?? 0);
    const size = Number(r.form.get('size') ?? 100);
    const json = (body: unknown) => {
      const text = JSON.stringify(body);
      sent += Buffer.byteLength(text);
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    };
    switch (m.kind) {
      case 'endless': {
        const orders = Array.from({ length: size }, () => listedOrder(String(++next), Date.now() - 60_000));
        return json({ errorCode: '0', totalCount: m.totalCount + page * (m.growBy ?? 0), orderStatuses: orders });
      }
      case 'ignoresPage': {
        const orders = Array.from({ length: size }, (_, i) => listedOrder(String(i + 1), Date.now() - 60_000));
        return json({ errorCode: '0', totalCount: m.totalCount, orderStatuses: orders });
      }
      case 'pages': {
        if (m.delayMs) await sleep(m.delayMs);
        // Each window its own orders: ids from the window's start and the order's place in it.
        const from = r.form.get('from') ?? '';
        const first = page * size;
        const count = Math.max(0, Math.min(size, m.orders - first));
        const orders = Array.from({ length: count }, (_, i) => listedOrder(`${from.slice(4)}${String(first + i).padStart(4, '0')}`, 0));
        const start = Date.UTC(+from.slice(0, 4), +from.slice(4, 6) - 1, +from.slice(6, 8), +from.slice(8, 10), +from.slice(10, 12));
        for (const o of orders) o.date = start + 1_000;
        return json({ errorCode: '0', totalCount: m.orders, orderStatuses: orders });
      }
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        while (await write(res, ' ')) await sleep(m.everyMs);
        return;
      }
      case 'processing':
        while (!res.destroyed && !res.socket?.destroyed) {
          res.writeProcessing();
          await sleep(m.everyMs);
        }
        return;
      case 'silent':
        return;
      case 'huge': {
        const head = '{"errorCode":"0","totalCount":1,"orderStatuses":[';
        const order = `${JSON.stringify(listedOrder('1', Date.now()))},`;
        const chunk = Buffer.from(order.repeat(Math.ceil(65_536 / order.length)));
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(m.declareLength ? { 'content-length': String(m.bytes) } : {}),
        });
        if (!(await write(res, head))) return;
        let left = m.bytes - head.length;
        while (left > chunk.length) {
          if (!(await write(res, chunk))) return;
          left -= chunk.length;
        }
        res.end();
        return;
      }
      case 'json':
        if (m.delayMs) await sleep(m.delayMs);
        return json(m.body);
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { endpoint: (req.url ?? '').split('/').pop()!.split('?')[0]!, form: new URLSearchParams(Buffer.concat(chunks).toString()) };
      requests.push(r);
      for (const w of waiters.filter((w) => requests.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      answer(req, res, r).catch(() => res.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bytesSent: () => sent,
    openSockets: () => sockets.size,
    received: (n) => (requests.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    async stop() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
