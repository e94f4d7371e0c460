/**
 * Starts one of the store's worker threads, each with its own connection to the app's file: the bundled
 * sibling script in the built app (electron.vite.config.ts builds each next to the main bundle), the
 * TypeScript source through tsx when run from the sources (tests, the browser-mode host).
 */
import { Worker } from 'node:worker_threads';

export type StoreWorkerName = 'pageKeeperWorker' | 'integrityCheckWorker';

export function startStoreWorker(worker: StoreWorkerName, workerData: unknown): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  // A name the bundler does not take for an asset of its own.
  const name = `${worker}.${fromSources ? 'ts' : 'js'}`;
  const script = new URL(`./${name}`, import.meta.url);
  if (!fromSources) return new Worker(script, { workerData });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
