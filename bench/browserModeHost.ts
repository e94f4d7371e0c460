/**
 * Browser mode on a data folder, alone in its process, for benchmarks that reach the app as the renderer
 * does (its IPC over HTTP): prints the host's address once it listens, and closes on SIGTERM.
 *
 *   node --import tsx bench/browserModeHost.ts FOLDER TOKEN
 */
import { openBrowserMode } from '../main/browserMode.js';

const [dataFolder, token] = process.argv.slice(2);
if (!dataFolder || !token) throw new Error('usage: browserModeHost.ts FOLDER TOKEN');
const mode = await openBrowserMode({ dataFolder, token, log: () => {} });
console.log(mode.host.openUrl);
process.once('SIGTERM', () => void mode.close().then(() => process.exit(0)));
