/**
 * The preload script, loaded under a stubbed `electron`: what it puts on window.api is exactly the
 * contract's BridgeApi, unknown channels are refused without a message to main, and event listeners
 * never see Electron's IpcRendererEvent.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION, EVENT_CHANNEL, channelsFromArgv } from '../../main/ipc/channels.js';
import { CHANNELS, type BridgeApi } from '../../main/ipc/contract.js';
import { windowOptions } from '../../main/shell/window.js';
import { contextBridge, ipcRenderer } from './electronStub.js';

vi.mock('electron', () => import('./electronStub.js'));
// What Electron does with the window's additionalArguments: the preload finds them in process.argv.
const given = windowOptions('/opt/app/out/preload/index.cjs').webPreferences?.additionalArguments ?? [];
process.argv.push(...given);
await import('../../preload/index.js');
const api = contextBridge.exposed.get('api') as BridgeApi;

beforeEach(() => ipcRenderer.invoke.mockClear());

describe('the preload api', () => {
  it('exposes exactly contractVersion, invoke and subscribe on window.api, and nothing else', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['contractVersion', 'invoke', 'subscribe']);
    expect(api.contractVersion).toBe(CONTRACT_VERSION);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it("sends a contract channel's call to main and answers with main's envelope", async () => {
    await expect(api.invoke('orders.lookup', { query: 'demo-0003' })).resolves.toEqual({ ok: true, value: 'from main' });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('orders.lookup', { query: 'demo-0003' });
  });

  it('refuses a name outside the contract with a typed error, without sending anything', async () => {
    const invoke = api.invoke as (channel: unknown, input: unknown) => Promise<unknown>;
    for (const channel of [
      'app.quit',
      'ELECTRON_BROWSER_REQUIRE',
      '__proto__',
      'constructor',
      '',
      42,
      null,
      undefined,
      { toString: () => 'app.info' },
    ]) {
      expect(await invoke(channel, {})).toEqual({
        ok: false,
        error: {
          code: 'unknownChannel',
          said: [{ code: 'ipc.unknownChannel', params: { channel: expect.any(String) } }],
          message: expect.any(String),
        },
      });
    }
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
    expect(ipcRenderer.send).not.toHaveBeenCalled();
  });

  it('turns a rejected call (main gone) into a typed error rather than a throw', async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'app.info'"));
    await expect(api.invoke('app.info', {})).resolves.toEqual({
      ok: false,
      error: { code: 'internal', said: [{ code: 'ipc.noAnswer' }], message: expect.any(String) },
    });
  });

  it("gives listeners only the event's payload, and stops with the function subscribe returns", () => {
    const listener = vi.fn();
    const stop = api.subscribe(listener);
    const ipcEvent = { sender: ipcRenderer, senderId: 0, ports: [] };
    ipcRenderer.emit(EVENT_CHANNEL, ipcEvent, { type: 'settings.changed' });
    expect(listener.mock.calls).toEqual([[{ type: 'settings.changed' }]]);
    ipcRenderer.emit('some.other.channel', ipcEvent, { type: 'settings.changed' });
    stop();
    ipcRenderer.emit(EVENT_CHANNEL, ipcEvent, { type: 'settings.changed' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it("knows every channel of the contract, and only those, from the argument main's window gives it", () => {
    expect([...channelsFromArgv(given)].sort()).toEqual([...CHANNELS].sort());
    expect(channelsFromArgv(['electron', '--app-channels=']).size).toBe(0);
    expect(channelsFromArgv([]).size).toBe(0);
  });

  it('loads only the channel names from main at run time (the schemas stay in main)', () => {
    for (const file of ['index.ts', 'api.ts']) {
      const source = readFileSync(fileURLToPath(new URL(`../../preload/${file}`, import.meta.url)), 'utf8');
      const runtime = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
      expect(
        runtime.every((from) => ['electron', './api.js', '../main/ipc/channels.js'].includes(from!)),
        `${file}: ${runtime.join(', ')}`,
      ).toBe(true);
    }
  });
});
