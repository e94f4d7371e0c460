/** Servers a whole test file uses: started before its own hooks and tests, and closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { GatewayClient } from '../../main/gateway/client.js';
import type { Sandbox, SandboxOptions } from '../../main/sandbox/index.js';
import { startCallbackReceiver, type CallbackReceiver } from './callbackReceiver.js';
import { startSandbox } from './client.js';

/**
 * Opens something before the file's own hooks and tests and closes it after them (vitest runs after-hooks in
 * reverse order). What it returns stands for the opened thing: read it inside hooks and tests only.
 */
export function forTheFile<T extends object>(open: () => Promise<T>, close: (opened: T) => Promise<void>): T {
  let opened: T | undefined;
  // Long enough for what some open: a throwaway PostgreSQL cluster (initdb) on a busy machine.
  beforeAll(async () => {
    opened = await open();
  }, 60_000);
  afterAll(async () => {
    if (opened) await close(opened);
  });
  return new Proxy({} as T, {
    get(_, name) {
      if (!opened) throw new Error('Not open yet: use it inside a hook or a test');
      const value: unknown = Reflect.get(opened, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(opened) : value;
    },
  });
}

/** The embedded sandbox over HTTP on 127.0.0.1. */
export const sandboxOfFile = (options: SandboxOptions = {}): Sandbox =>
  forTheFile(
    () => startSandbox(options),
    (sb) => sb.close(),
  );

/** A merchant's callback endpoint on 127.0.0.1. */
export const callbackReceiverOfFile = (answer?: (query: URLSearchParams) => number): CallbackReceiver =>
  forTheFile(
    () => startCallbackReceiver(answer),
    (r) => r.close(),
  );

/** A gateway client the file's tests share, made once the file's sandbox has started (`make` may read it). */
export const clientOfFile = (make: () => GatewayClient): GatewayClient =>
  forTheFile(
    () => Promise.resolve(make()),
    (client) => client.close(),
  );
