/**
 * Reading and decoding request bodies, strictly: a body that is too large, not UTF-8, wrongly
 * percent-encoded or not the content type the endpoint takes is refused with a specific reason
 * instead of being half-understood.
 *
 * Form decoding is written here rather than taken from URLSearchParams because URLSearchParams
 * silently turns malformed percent-encoding and invalid UTF-8 into U+FFFD, which would let a
 * corrupted card holder name or description through.
 */
import type { IncomingMessage } from 'node:http';

/** Larger than any valid request (seToken and paymentToken are 8192 characters at most). */
export const MAX_BODY_BYTES = 256 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyError(413, `Request body larger than ${limit} bytes`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep draining (and discarding) so the 413 answer can still be read by the client.
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyError(413, `Request body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeUtf8(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch {
    throw new BodyError(400, 'Request body is not valid UTF-8');
  }
}

/** Parameters as received: a name maps to every value it was sent with, in order. */
export type RawParams = Map<string, string[]>;

function decodeComponent(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new BodyError(400, `Malformed percent-encoding or UTF-8 in ${what}`);
  }
}

export function parseForm(text: string): RawParams {
  const params: RawParams = new Map();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeComponent(eq < 0 ? part : part.slice(0, eq), 'a parameter name');
    const value = eq < 0 ? '' : decodeComponent(part.slice(eq + 1), `parameter ${name}`);
    const list = params.get(name);
    if (list) list.push(value);
    else params.set(name, [value]);
  }
  return params;
}

export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'Request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BodyError(400, 'Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
