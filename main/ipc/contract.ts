/**
 * The IPC contract: the single source of truth for what the renderer may ask of main. Each channel has a
 * zod schema for its input (main validates every payload against it; the renderer is untrusted) and a
 * result type. The renderer imports only types from this file; preload and the browser-mode bridge use
 * only the channel names (channels.ts).
 *
 * Each workspace's schemas and results live in main/ipc/contract/<workspace>.ts (settings, orders, audit,
 * keys, cards, charges, roles, period, sandbox, customers; what they share in shared.ts), each checked to
 * name exactly its own channels. This file assembles them into the one map the dispatcher validates with,
 * checks that every channel has a schema, and re-exports everything: import the contract from here, not
 * from a workspace.
 *
 * Inputs are strict objects: an unknown key is refused, not ignored, so a misspelt field never silently
 * falls back to a default. Amounts are integers in minor units.
 */
import type { z } from 'zod';
import type { ChannelName } from './channels.js';
import type { Phrase, Said } from '../phrases/phrase.js';
import { settingsSchemas, type SettingsResults } from './contract/settings.js';
import { ordersSchemas, type OrdersResults, type BatchState, type BatchProgress } from './contract/orders.js';
import { auditSchemas, type AuditResults } from './contract/audit.js';
import { keysSchemas, type KeysResults } from './contract/keys.js';
import { cardsSchemas, type CardsResults } from './contract/cards.js';
import { chargesSchemas, type ChargesResults, type ChargeBatchProgress, type ChargeBatchState } from './contract/charges.js';
import { periodSchemas, type PeriodResults } from './contract/period.js';
import { rolesSchemas, type RolesResults, type Role } from './contract/roles.js';
import { sandboxSchemas, type SandboxResults } from './contract/sandbox.js';
import { customersSchemas, type CustomersResults } from './contract/customers.js';

export type { ChannelName } from './channels.js';
export type { EnvironmentName, ExportFile } from './contract/shared.js';
export type { Phrase, Said, PhraseArg, MoneyArg, TimeArg, PhraseCode } from '../phrases/phrase.js';
export * from './contract/settings.js';
export * from './contract/orders.js';
export * from './contract/audit.js';
export * from './contract/keys.js';
export * from './contract/cards.js';
export * from './contract/charges.js';
export * from './contract/period.js';
export * from './contract/roles.js';
export * from './contract/sandbox.js';
export * from './contract/customers.js';

const schemas = {
  ...settingsSchemas,
  ...ordersSchemas,
  ...auditSchemas,
  ...keysSchemas,
  ...cardsSchemas,
  ...chargesSchemas,
  ...rolesSchemas,
  ...periodSchemas,
  ...sandboxSchemas,
  ...customersSchemas,
} satisfies Record<ChannelName, z.ZodType>;

export const INPUT_SCHEMAS: { readonly [K in ChannelName]: (typeof schemas)[K] } = schemas;

export type Input<K extends ChannelName> = z.input<(typeof schemas)[K]>;
export type ParsedInput<K extends ChannelName> = z.output<(typeof schemas)[K]>;

export interface Results
  extends
    SettingsResults,
    OrdersResults,
    AuditResults,
    KeysResults,
    CardsResults,
    ChargesResults,
    RolesResults,
    PeriodResults,
    SandboxResults,
    CustomersResults {}
export type Result<K extends ChannelName> = Results[K];

/** Events main pushes to the renderer. */
export type AppEvent =
  | { readonly type: 'batch.progress'; readonly batchId: string; readonly state: BatchState; readonly progress: BatchProgress }
  | {
      readonly type: 'chargeBatch.progress';
      readonly batchId: string;
      readonly state: ChargeBatchState;
      readonly progress: ChargeBatchProgress;
    }
  /** A charge was settled or changed state (made, reconciled): the journal on screen is stale. */
  | { readonly type: 'charges.changed' }
  /** A sync of the orders of a period read a page (environment: where). */
  | { readonly type: 'period.progress'; readonly environment: string; readonly fetched: number; readonly total?: number }
  /** A sync ended: lists on screen read the copy again. */
  | { readonly type: 'period.synced'; readonly environment: string; readonly state: 'done' | 'cancelled' | 'failed' }
  /** The role profile changed: what the screens offer changes with it. */
  | { readonly type: 'role.changed'; readonly role: Role }
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
