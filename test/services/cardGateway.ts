/**
 * A gateway in front of a sandbox that passes every request on and rewrites the JSON answers of the
 * endpoints it is told to: how a test makes a gateway answer what the sandbox never does (only
 * `cardAuthInfo.pan`, card numbers in an orderNumber or a description). The sandbox behind it keeps
 * nothing of what is rewritten.
 */
import { createServer } from 'node:http';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RewritingGateway {
  readonly url: string;
  /** How many answers were rewritten, per endpoint (the path's last part, e.g. getOrderStatusExtended.do). */
  readonly rewritten: Map<string, number>;
  close(): Promise<void>;
}

/**
 * `rewrite` gets the endpoint's last part and the answer; what it returns is sent instead (undefined: the
 * answer as it was).
 */
export async function rewritingGateway(
  target: () => string,
  rewrite: (endpoint: string, answer: Json) => Json | undefined,
): Promise<RewritingGateway> {
  const rewritten = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const answer = await fetch(`${target()}${req.url}`, {
            method: req.method ?? 'POST',
            headers: {
              'content-type': req.headers['content-type'] ?? '',
              ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
            },
            ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
          });
          let text = await answer.text();
          const endpoint = (req.url ?? '').split('?')[0]!.split('/').at(-1)!;
          if ((answer.headers.get('content-type') ?? '').includes('json')) {
            const changed = rewrite(endpoint, JSON.parse(text) as Json);
            if (changed !== undefined) {
              text = JSON.stringify(changed);
              rewritten.set(endpoint, (rewritten.get(endpoint) ?? 0) + 1);
            }
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
        } catch (err) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    rewritten,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
