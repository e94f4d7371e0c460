/**
 * What every part of the sandbox's engine shares: the state, the clock, the identifier source, the
 * callback sender, the event feed, and the public address it is reached at (for formUrl, acsUrl and the like).
 */
import type { SandboxClock } from '../clock.js';
import type { SandboxEvents } from '../console/events.js';
import type { IdSource } from '../ids.js';
import type { OrderActor } from '../state/model.js';
import type { SandboxState } from '../state/store.js';
import type { CallbackSender } from './callbacks.js';
import type { CardFingerprint } from './cards.js';

export interface Core {
  readonly state: SandboxState;
  readonly clock: SandboxClock;
  ids: IdSource;
  readonly callbacks: CallbackSender;
  /** Keyed fingerprint of a card number; the key never enters the state or its file. */
  readonly fingerprint: CardFingerprint;
  /** The sandbox's own base URL, for example http://127.0.0.1:8787. */
  readonly baseUrl: () => string;
  /** The live feed of changes (developer console, tests). */
  readonly events: SandboxEvents;
  /** Who the order changes made through this core are by, for their history; a gateway request when absent. */
  readonly actor?: OrderActor;
}

/** The same core, with the order changes made through it put down to `actor` (the console, the clock). */
export function actingAs(core: Core, actor: OrderActor): Core {
  return { ...core, actor };
}
