/** A test file's embedded sandbox, as most test files of the sandbox, the gateway client and the services use one. */
import { afterAll, beforeAll } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../main/sandbox/index.js';
import { startSandbox } from './client.js';

/**
 * Starts the embedded sandbox over HTTP on 127.0.0.1 before the file's own hooks and tests, and closes it after
 * them. What it returns stands for the sandbox: read it inside hooks and tests only, once it has started.
 */
export function sandboxOfFile(options: SandboxOptions = {}): Sandbox {
  let started: Sandbox | undefined;
  beforeAll(async () => {
    started = await startSandbox(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Sandbox, {
    get(_, name) {
      if (!started) throw new Error('The sandbox has not started yet: use it inside a hook or a test');
      const value: unknown = Reflect.get(started, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}
