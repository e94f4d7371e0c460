/**
 * The api the page gets as window.api: exactly the BridgeApi of the IPC contract, over ipcRenderer. It
 * knows only the channel names main gave it (channels.ts) at run time; the contract's schemas stay in main,
 * which validates every payload. A name outside the contract is refused here without a message being sent, and
 * event listeners get the event's payload only, never Electron's IpcRendererEvent (whose `sender` is the
 * raw ipcRenderer).
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { CONTRACT_VERSION, EVENT_CHANNEL } from '../main/ipc/channels.js';
import type { AppEvent, BridgeApi, Envelope, Said } from '../main/ipc/contract.js';

type Ipc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

export function createBridgeApi(ipc: Ipc, channels: ReadonlySet<string>): BridgeApi {
  const invoke = async (channel: unknown, input: unknown): Promise<Envelope<unknown>> => {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      const name = typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      // The preload carries no catalogue: the English for the log is written here, the screen words the phrase.
      const said: Said = [{ code: 'ipc.unknownChannel', params: { channel: name } }];
      return { ok: false, error: { code: 'unknownChannel', said, message: `The app does not know the request ${name}.` } };
    }
    try {
      return (await ipc.invoke(channel, input)) as Envelope<unknown>;
    } catch {
      // Main answers every call with an envelope; a rejection means main itself is gone or shutting down.
      const said: Said = [{ code: 'ipc.noAnswer' }];
      return { ok: false, error: { code: 'internal', said, message: 'The app did not answer: it may be closing. Try again.' } };
    }
  };

  const subscribe = (listener: (event: AppEvent) => void): (() => void) => {
    const forward = (_event: IpcRendererEvent, payload: AppEvent) => listener(payload);
    ipc.on(EVENT_CHANNEL, forward);
    return () => {
      ipc.removeListener(EVENT_CHANNEL, forward);
    };
  };

  return Object.freeze({ contractVersion: CONTRACT_VERSION, invoke: invoke as BridgeApi['invoke'], subscribe });
}
