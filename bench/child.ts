/** Starts a Node process for a benchmark and waits for the loopback URL it prints once it listens. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export function startListening(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve({ url: m[0], child });
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before listening`)));
  });
}

/**
 * The sandbox gateway in its own process, on a free loopback port, with a control token chosen here;
 * `args` are more of its command-line options (e.g. --seed-orders N).
 */
export async function startSandboxProcess(
  args: readonly string[] = [],
): Promise<{ url: string; child: ChildProcess; controlToken: string }> {
  const controlToken = randomBytes(32).toString('base64url');
  const started = await startListening(['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0', ...args], {
    ...process.env,
    SANDBOX_CONTROL_TOKEN: controlToken,
  });
  return { ...started, controlToken };
}

/** One control API request (/sandbox/...) with the token: its JSON answer; throws unless the sandbox accepted it. */
export async function sandboxControl(
  sandbox: { url: string; controlToken: string },
  method: string,
  path: string,
  body: unknown,
): Promise<unknown> {
  const res = await fetch(`${sandbox.url}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox control ${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Pins the child to core 0 and this process to core 1 where taskset exists (Linux), so that the load
 * generator and the server do not trade places on the two cores mid-run. Returns whether it pinned.
 */
export function pinApart(child: ChildProcess): boolean {
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(child.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
