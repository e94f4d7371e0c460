/**
 * Binds the IPC contract to Electron: one ipcMain.handle per channel, each checking the sender before
 * the dispatcher (which validates the payload) sees anything, and the event stream pushed to the app's
 * window on the one event channel.
 */
import type { IpcMain, WebContents } from 'electron';
import { EVENT_CHANNEL } from '../ipc/channels.js';
import { CHANNELS, type Envelope } from '../ipc/contract.js';
import { failure } from '../ipc/errors.js';
import { phrase } from '../phrases/phrase.js';
import type { Dispatch } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/events.js';
import type { SenderCheck } from './senderCheck.js';

const FORBIDDEN: Envelope<never> = { ok: false, error: failure('forbidden', [phrase('ipc.notAppWindow')]) };

export function bindChannels(ipcMain: Pick<IpcMain, 'handle'>, dispatch: Dispatch, isAppFrame: SenderCheck): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) => (isAppFrame(event) ? dispatch(channel, input) : Promise.resolve(FORBIDDEN)));
  }
}

/** Forwards every event to the window until it is gone; returns the function that stops it. */
export function forwardEvents(events: Pick<EventHub, 'subscribe'>, contents: Pick<WebContents, 'send' | 'isDestroyed'>): () => void {
  const stop = events.subscribe((event) => {
    if (contents.isDestroyed()) stop();
    else contents.send(EVENT_CHANNEL, event);
  });
  return stop;
}
