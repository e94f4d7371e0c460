/** The embedded sandbox's developer console: main answers a one-time address for it; nothing is cached. */
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import type { Result } from '../../../main/ipc/contract';

export const useSandboxConsoleOpen = (screen?: ScreenHandlers<Result<'sandbox.console.open'>, void>) =>
  useEntityMutation(() => call('sandbox.console.open', {}), {}, screen);
