/**
 * The dispatcher's guard as both entry points (main/index.ts, main/browserMode.ts) give it: the person signed
 * in at the desk (their role opens the channels), read on every call, and each refusal in the audit log.
 */
import type { AppCore } from '../services/appCore.js';
import type { AccessGuard } from './dispatcher.js';

export const sessionGuard = (core: AppCore): AccessGuard => ({
  person: () => core.sessions.person(),
  refused: (channel, role) => core.accessRefused(channel, role),
});
