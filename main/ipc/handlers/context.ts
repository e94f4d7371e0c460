/** What every workspace's handlers are given, and the shape they answer in. */
import type { AppCore } from '../../services/appCore.js';
import type { AppInfo, Declaration } from '../contract.js';
import type { Handlers } from '../dispatcher.js';
import type { EventHub } from '../events.js';

export interface HandlerContext {
  readonly core: AppCore;
  readonly events: EventHub;
  readonly app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'dataFolder'>;
}

/** One handler for each channel a workspace declares: one left out, or one of another workspace, does not compile. */
export type HandlersOf<D extends Readonly<Record<string, Declaration>>> = Pick<Handlers, keyof D & keyof Handlers>;
