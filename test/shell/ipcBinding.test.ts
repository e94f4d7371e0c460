/**
 * The IPC binding: every contract channel is handled, a call reaches the dispatcher only from the app's
 * own window's top-level frame on the app's page, anything else gets a typed forbidden error, and events
 * go to the window on the event channel.
 */
import type { IpcMain, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL } from '../../main/ipc/channels.js';
import { CHANNELS } from '../../main/ipc/contract.js';
import type { Envelope } from '../../main/ipc/contract.js';
import { EventHub } from '../../main/ipc/events.js';
import { appPage } from '../../main/shell/appPage.js';
import { bindChannels, forwardEvents } from '../../main/shell/ipcBinding.js';
import { appFrameOnly } from '../../main/shell/senderCheck.js';
import { FakeWebContents, type FakeFrame } from './electronStub.js';

const page = appPage({ rendererFile: '/opt/app/out/renderer/index.html' });

function bound() {
  const contents = new FakeWebContents();
  contents.mainFrame.url = page.url;
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<Envelope<unknown>>>();
  const ipcMain = {
    handle: vi.fn((channel: string, h: (event: unknown, input: unknown) => Promise<Envelope<unknown>>) => void handlers.set(channel, h)),
  };
  const answer: Envelope<unknown> = { ok: true, value: { from: 'dispatch' } };
  const dispatch = vi.fn(async () => answer);
  bindChannels(
    ipcMain as unknown as IpcMain,
    dispatch,
    appFrameOnly(() => contents as unknown as WebContents, page.isAppUrl),
  );
  const call = (channel: string, event: { sender: unknown; senderFrame: FakeFrame | null }, input: unknown = {}) =>
    handlers.get(channel)!(event, input);
  return { contents, handlers, dispatch, answer, call };
}

describe('binding the contract to ipcMain', () => {
  it('handles every channel of the contract, and only those', () => {
    const { handlers } = bound();
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it("passes a call from the app's top-level frame to the dispatcher and answers with its envelope", async () => {
    const { contents, dispatch, answer, call } = bound();
    const input = { query: 'demo-0003' };
    await expect(call('orders.lookup', { sender: contents, senderFrame: contents.mainFrame }, input)).resolves.toEqual(answer);
    expect(dispatch).toHaveBeenCalledWith('orders.lookup', input);
  });

  const forbidden = { ok: false, error: { code: 'forbidden', said: [{ code: 'ipc.notAppWindow' }], message: expect.any(String) } };

  it('refuses a subframe, a foreign page, another web contents or a vanished frame without dispatching', async () => {
    const { contents, dispatch, call } = bound();
    const other = new FakeWebContents();
    other.mainFrame.url = page.url; // even showing the app's page
    const cases = {
      subframe: { sender: contents, senderFrame: { url: page.url, parent: contents.mainFrame } },
      'foreign URL': { sender: contents, senderFrame: { url: 'https://evil.example/', parent: null } },
      'another file': { sender: contents, senderFrame: { url: 'file:///tmp/evil.html', parent: null } },
      'another web contents': { sender: other, senderFrame: other.mainFrame },
      'no frame': { sender: contents, senderFrame: null },
    };
    for (const [name, event] of Object.entries(cases)) {
      for (const channel of ['app.info', 'orders.refund', 'settings.setCredential']) {
        expect(await call(channel, event), `${name} on ${channel}`).toEqual(forbidden);
      }
    }
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses every call before the window exists or after it is gone', async () => {
    const dispatch = vi.fn();
    const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
    const ipcMain = { handle: (channel: string, h: (event: unknown, input: unknown) => Promise<unknown>) => void handlers.set(channel, h) };
    bindChannels(
      ipcMain as unknown as IpcMain,
      dispatch,
      appFrameOnly(() => undefined, page.isAppUrl),
    );
    const frame = { url: page.url, parent: null };
    expect(await handlers.get('app.info')!({ sender: {}, senderFrame: frame }, {})).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('events', () => {
  it('go to the window on the event channel, and stop once it is destroyed', () => {
    const hub = new EventHub();
    const contents = new FakeWebContents();
    forwardEvents(hub, contents as unknown as WebContents);
    hub.publish({ type: 'settings.changed' });
    expect(contents.sent).toEqual([[EVENT_CHANNEL, { type: 'settings.changed' }]]);
    contents.destroyed = true;
    hub.publish({ type: 'settings.changed' });
    contents.destroyed = false;
    hub.publish({ type: 'settings.changed' });
    expect(contents.sent).toHaveLength(1);
  });
});
