/**
 * `npm run web`: browser mode. Serves the built renderer and the IPC contract on 127.0.0.1 with a
 * per-launch token, next to the embedded sandbox (demo data on first run), and prints the address to
 * open. The data folder is the Electron app's (~/.config/gateway-backoffice), so both modes share state.
 */
import { openBrowserMode } from '../main/browserMode.js';
import { appDataFolder } from './dataFolder.js';

export async function serveBrowserMode(port = Number(process.env.PORT ?? 5178)): Promise<void> {
  const mode = await openBrowserMode({ dataFolder: appDataFolder(), demo: true, port });
  console.log(`Sandbox gateway: ${mode.core.sandbox.url}`);
  console.log(`Open the app:    ${mode.host.openUrl}`);
  const stop = () => void mode.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serveBrowserMode().catch((err: unknown) => {
    console.error(`web: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
