/**
 * The IPC contract: what the renderer may ask of main. Each channel is declared once, in its workspace's
 * main/ipc/contract/<workspace>.ts (settings, orders, audit, keys, cards, charges, session, people, period,
 * sandbox, customers, approvals; what they share in shared.ts): the least role that may use it, whether it writes, the zod
 * schema of its input (main validates every payload against it; the renderer is untrusted) and its result
 * type. This file assembles them into the one map that the dispatcher, the permissions, the Electron
 * binding and the browser bridge read, and re-exports everything: import the contract from here, not from
 * a workspace. The renderer imports only types from it; the preload gets the channel names from main at
 * start (channels.ts says how).
 *
 * Inputs are strict objects: an unknown key is refused, not ignored, so a misspelt field never silently
 * falls back to a default. Amounts are integers in minor units.
 */
import type { z } from 'zod';
import type { Answer } from './contract/shared.js';
import type { Phrase, Said } from '../phrases/phrase.js';
import { settingsChannels } from './contract/settings.js';
import { ordersChannels } from './contract/orders.js';
import { auditChannels } from './contract/audit.js';
import { keysChannels } from './contract/keys.js';
import { cardsChannels } from './contract/cards.js';
import { chargesChannels } from './contract/charges.js';
import type { BatchProgressEvent } from '../services/views.js';
import type { OrderRef } from '../domain/orderRef.js';
import { periodChannels } from './contract/period.js';
import { sessionChannels } from './contract/session.js';
import { peopleChannels } from './contract/people.js';
import { approvalsChannels } from './contract/approvals.js';
import { twoFactorChannels } from './contract/twoFactor.js';
import { sandboxChannels } from './contract/sandbox.js';
import { customersChannels } from './contract/customers.js';

export type { EnvironmentName, ExportFile, Declaration } from './contract/shared.js';
export type { Phrase, Said, PhraseArg, MoneyArg, TimeArg, PhraseCode } from '../phrases/phrase.js';
export * from './contract/settings.js';
export * from './contract/orders.js';
export * from './contract/audit.js';
export * from './contract/keys.js';
export * from './contract/cards.js';
export * from './contract/charges.js';
export * from './contract/period.js';
export * from './contract/session.js';
export * from './contract/people.js';
export * from './contract/approvals.js';
export * from './contract/twoFactor.js';
export * from './contract/sandbox.js';
export * from './contract/customers.js';

/** Every channel, in the order the workspaces are listed (the order allowedChannels answers in). */
export const CONTRACT = {
  ...settingsChannels,
  ...ordersChannels,
  ...auditChannels,
  ...keysChannels,
  ...cardsChannels,
  ...chargesChannels,
  ...sessionChannels,
  ...peopleChannels,
  ...approvalsChannels,
  ...twoFactorChannels,
  ...periodChannels,
  ...sandboxChannels,
  ...customersChannels,
};
type Contract = typeof CONTRACT;

export type ChannelName = keyof Contract;
export const CHANNELS = Object.keys(CONTRACT) as ChannelName[];
const known: ReadonlySet<string> = new Set(CHANNELS);
export const isChannel = (name: unknown): name is ChannelName => typeof name === 'string' && known.has(name);

export type Input<K extends ChannelName> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends ChannelName> = z.output<Contract[K]['input']>;
export type Result<K extends ChannelName> = Contract[K]['result'] extends Answer<infer R> ? R : never;

/** Events main pushes to the renderer. */
export type AppEvent =
  | BatchProgressEvent
  /** A charge was settled or changed state (made, reconciled): the journal on screen is stale. */
  | { readonly type: 'charges.changed' }
  /** A desk of the team recorded an entry in the team's audit log: the log on screen is stale. */
  | { readonly type: 'audit.changed' }
  /** A desk of the team charged or operated on these orders (absent: any order): an order on screen is stale. */
  | { readonly type: 'orders.changed'; readonly orders?: readonly OrderRef[] }
  /** A sync of the orders of a period read a page (environment: where). */
  | { readonly type: 'period.progress'; readonly environment: string; readonly fetched: number; readonly total?: number }
  /** A sync ended: lists on screen read the copy again. */
  | { readonly type: 'period.synced'; readonly environment: string; readonly state: 'done' | 'cancelled' | 'failed' }
  /** Someone signed in or out, the desk locked, or the person's role changed: what the screens offer changes with it. */
  | { readonly type: 'session.changed' }
  /** A request for approval was asked, approved, withdrawn or declined, here or at another desk: lists and the badge read again. */
  | { readonly type: 'approvals.changed' }
  | { readonly type: 'settings.changed' };

/** What a refused or failed call carries across the boundary: plain data, never a stack or a secret. */
export type IpcErrorCode =
  'unknownChannel' | 'invalidInput' | 'forbidden' | 'notFound' | 'settings' | 'gateway' | 'keychainUnavailable' | 'storage' | 'internal';

export interface IpcError {
  readonly code: IpcErrorCode;
  /** What the screen says, as phrases the renderer words in the language shown (main/phrases). */
  readonly said: Said;
  /** `said` in English, for logs and machines; never shown. */
  readonly message: string;
  /** For invalidInput: each field's path and what is wrong with it (said for the screen, message in English). */
  readonly fields?: readonly { readonly path: string; readonly said: Phrase; readonly message: string }[];
  /** The technical account behind the message (endpoint, status, code), for a "Details" disclosure. */
  readonly detail?: string;
}

/** Every call answers with one of these; the renderer's api turns a failure into a thrown ApiError. */
export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** The api preload (or the browser-mode bridge) puts on window.api. */
export interface BridgeApi {
  readonly contractVersion: number;
  invoke<K extends ChannelName>(channel: K, input: Input<K>): Promise<Envelope<Result<K>>>;
  /** Calls the listener with every event from main; returns the function that stops it. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}
