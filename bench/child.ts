/** Starts a Node process for a benchmark and waits for the loopback URL it prints once it listens. */
import { spawn, type ChildProcess } from 'node:child_process';

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
