/**
 * The app in browser mode in its own process (bench/browserModeHost.ts), for the benchmarks that reach it as
 * the renderer does: its IPC over HTTP with the per-launch token, signed in as the desk's administrator.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startListening } from './child.js';

const ADMIN = { login: 'bench', displayName: 'Bench Admin', password: 'the bench administrator password' };

export interface Host {
  readonly url: string;
  /** What to open in a browser: the address with the token in its fragment. */
  readonly openUrl: string;
  readonly child: ChildProcess;
  call<T>(channel: string, input: unknown): Promise<T>;
}

export async function startHost(folder: string): Promise<Host> {
  const token = randomBytes(24).toString('base64url');
  const { url, child } = await startListening(['--import', 'tsx', 'bench/browserModeHost.ts', folder, token], {
    ...process.env,
    TZ: 'UTC',
  });
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const res = await fetch(`${url}/ipc/${channel}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const answer = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  };
  return { url, openUrl: `${url}/#token=${token}`, child, call };
}

export async function stopHost(host: Host): Promise<void> {
  const exited = new Promise((resolve) => host.child.once('exit', resolve));
  host.child.kill('SIGTERM');
  await exited;
}

export async function signIn(host: Host): Promise<void> {
  const { state } = await host.call<{ state: string }>('session.get', {});
  if (state === 'firstAdministrator') await host.call('session.firstAdministrator', ADMIN);
  else await host.call('session.signIn', { login: ADMIN.login, password: ADMIN.password });
}
