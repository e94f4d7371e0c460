/** Starts a Node process for a benchmark and waits for the loopback URL it prints once it listens. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export function startListening(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** The sandbox gateway in its own process, on a free loopback port. */
export const startSandboxProcess = () => startListening(['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0']);

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
