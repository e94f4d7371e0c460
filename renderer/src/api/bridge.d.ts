import type { BridgeApi } from '../../../main/ipc/contract';

declare global {
  interface Window {
    /** Provided by the Electron preload, or by the browser-mode bridge script: the only way to reach main. */
    readonly api: BridgeApi;
  }
}
