/**
 * A real app core (SQLite files in a fresh folder, the embedded sandbox over HTTP) behind the IPC dispatcher
 * with its session guard, as the renderer reaches it: the IPC tests call channels through this, signed in as
 * the desk's first administrator unless they sign in as someone else (as()), and read the events it published.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { AppEvent, ChannelName, Envelope, Input, IpcError, PersonView, Result, Role } from '../../main/ipc/contract.js';
import { sessionGuard } from '../../main/ipc/sessionGuard.js';
import { signInAdministrator, signInAs } from './people.js';
import { createDispatcher, type Dispatch } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import { AppCore } from '../../main/services/appCore.js';
import type { Vault } from '../../main/vault/vault.js';
import { control } from '../sandbox/client.js';
import { forTheFile } from '../sandbox/fixture.js';

export interface IpcHarness {
  readonly core: AppCore;
  readonly folder: string;
  readonly dispatch: Dispatch;
  /** Every event published since the core opened, in order. */
  readonly events: AppEvent[];
  /** The channel's answer; a refusal throws with its code and message. */
  call<K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>>;
  /** The channel's refusal; an answer throws. */
  refusal(channel: ChannelName, input: unknown): Promise<IpcError>;
  /** Signs in as the person of the role (people.ts), added by the administrator the first time. */
  as(role: Role): Promise<PersonView>;
  close(): Promise<void>;
}

export async function openIpcHarness(folderPrefix: string, osUser: string, options: { readonly vault?: Vault } = {}): Promise<IpcHarness> {
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  const core = await AppCore.open({ dataFolder: folder, osUser, ...(options.vault ? { vault: options.vault } : {}) });
  const events: AppEvent[] = [];
  const hub = new EventHub();
  hub.subscribe((e) => events.push(e));
  const dispatch = createDispatcher(
    createHandlers({ core, events: hub, app: { name: 't', version: '0', shell: 'browser', dataFolder: folder } }),
    console.error,
    sessionGuard(core),
  );
  await signInAdministrator(dispatch);
  return {
    core,
    folder,
    dispatch,
    events,
    async call(channel, input) {
      const answer = (await dispatch(channel, input)) as Envelope<Result<typeof channel>>;
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
      return answer.value;
    },
    async refusal(channel, input) {
      const answer = await dispatch(channel, input);
      if (answer.ok) throw new Error(`${channel} was not refused`);
      return answer.error;
    },
    as: (role) => signInAs(dispatch, role),
    async close() {
      await core.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's harness, opened before its own hooks and tests and closed after them, as the file's sandbox is
 * (test/sandbox/fixture.ts). `clearFaults` removes the sandbox's fault rules after each test, so that a test
 * whose gateway failed on purpose leaves the next one a gateway that answers.
 */
export function ipcOfFile(
  folderPrefix: string,
  osUser: string,
  options: { readonly vault?: Vault; readonly clearFaults?: boolean } = {},
): IpcHarness {
  const ipc = forTheFile(
    () => openIpcHarness(folderPrefix, osUser, options),
    (opened) => opened.close(),
  );
  if (options.clearFaults) afterEach(() => control(ipc.core.sandbox, 'DELETE', '/faults'));
  return ipc;
}
