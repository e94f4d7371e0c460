/**
 * A merchant's callback endpoint for tests: a real HTTP server on loopback that keeps the query of every
 * callback it is sent and answers 200, or what `answer` says (a 503 to make the sandbox retry).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackReceiver {
  /** Where to point dynamicCallbackUrl. */
  readonly url: string;
  /** The query of every callback answered 200, in the order they came. */
  readonly received: URLSearchParams[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(answer: (query: URLSearchParams) => number = () => 200): Promise<CallbackReceiver> {
  const received: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const status = answer(query);
    if (status === 200) received.push(query);
    res.writeHead(status).end(status === 200 ? 'OK' : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
