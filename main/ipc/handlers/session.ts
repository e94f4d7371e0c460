/**
 * The session's channels over the app core's people and sessions (issue 29): signing in, a fresh
 * installation's first administrator or the adoption of its role profile, the second step of a sign-in, locking,
 * signing out, and one's own password. Every window is told when the session changed (AppCore.onSessionChange): what the screens offer
 * changes with it. Refusals keep the service's words, never a password.
 */
import type { Operator } from '../../domain/operators.js';
import { OperatorError } from '../../services/operators.js';
import { adoptProfile, firstStart, retireProfile } from '../../services/profileUpgrade.js';
import { LegacyProfileError, type LegacyProfileRefusal } from '../../services/legacyProfile.js';
import type { AppCore } from '../../services/appCore.js';
import type { IpcErrorCode, PersonView, SessionView, sessionChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import { phrase } from '../../phrases/phrase.js';
import { allowedChannels } from '../permissions.js';
import type { HandlerContext, HandlersOf } from './context.js';

const PROFILE_CODES: Record<LegacyProfileRefusal, IpcErrorCode> = {
  wrongPassphrase: 'forbidden',
  throttled: 'forbidden',
  noPassphrase: 'invalidInput',
  // The keychain's entry is what needs fixing, as when the keychain cannot be reached.
  damaged: 'keychainUnavailable',
  missing: 'keychainUnavailable',
};

const codeOf = (err: OperatorError): IpcErrorCode =>
  err.reason === 'input' ? 'invalidInput' : err.reason === 'notFound' ? 'notFound' : 'forbidden';

/** The services' refusals in the contract's terms (their phrases are the services', never a password). */
export async function personCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OperatorError) throw new IpcFailure(codeOf(err), err.said);
    if (err instanceof LegacyProfileError) throw new IpcFailure(PROFILE_CODES[err.reason], err.said);
    throw err;
  }
}

export const personView = (o: Operator): PersonView => ({
  id: o.id,
  login: o.login,
  displayName: o.displayName,
  role: o.role,
  active: o.disabledAt === undefined,
  createdAt: o.createdAt,
  twoFactor: o.twoFactor,
});

export async function sessionView(core: AppCore): Promise<SessionView> {
  const s = core.sessions.current();
  const common = { allowedChannels: allowedChannels(core.sessions.role()), language: core.preferences().language };
  if (s.kind === 'secondFactor') {
    const resumes = s.before.kind === 'locked' && s.before.operator.id === s.operator.id;
    return { ...common, state: s.kind, step: s.step, person: personView(s.operator), resumes };
  }
  if (s.kind !== 'signedOut')
    return { ...common, state: s.kind, person: personView(s.operator), idleMinutes: core.sessions.idleMs() / 60_000 };
  const start = await firstStart(core.people, core.legacyProfile);
  return { ...common, state: start === 'accounts' ? 'signedOut' : start };
}

export function sessionHandlers({ core, events }: HandlerContext): HandlersOf<typeof sessionChannels> {
  core.onSessionChange(() => events.publish({ type: 'session.changed' }));
  const view = () => sessionView(core);
  /** The first account, signed in at once with the password just chosen. */
  const signInFirst = async (login: string, password: string) => {
    await core.sessions.signIn(login, password);
    return view();
  };
  return {
    'session.get': view,
    'session.signIn': ({ login, password }) =>
      personCall(async () => {
        await core.sessions.signIn(login, password);
        // A profile an earlier start could not remove from the keychain goes now that an account exists.
        await retireProfile(core.legacyProfile, core.deskPeople).catch(() => undefined);
        return view();
      }),
    'session.firstAdministrator': ({ login, displayName, password }) =>
      personCall(async () => {
        // A desk whose profile has a passphrase adopts it: a fresh administrator would bypass it.
        if ((await firstStart(core.people, core.legacyProfile)) === 'adoptProfile')
          throw new IpcFailure('forbidden', phrase('operators.adoptFirst'));
        await core.people.addFirst({ login, displayName, role: 'administrator', password });
        return signInFirst(login, password);
      }),
    'session.adoptProfile': ({ login, displayName, passphrase }) =>
      personCall(async () => {
        await adoptProfile(core.people, core.legacyProfile, core.deskPeople, { login, displayName, passphrase });
        return signInFirst(login, passphrase);
      }),
    'session.secondFactor': ({ code }) =>
      personCall(async () => {
        await core.sessions.secondStep(async (operator, step) => {
          if (step !== 'code') throw new OperatorError('input', phrase('twoFactor.enrolFirst'));
          await core.twoFactor.prove(operator, code);
        });
        return view();
      }),
    'session.activity': () => {
      core.sessions.activity();
      return null;
    },
    'session.lock': () => (core.sessions.lock(), view()),
    'session.signOut': () => (core.sessions.signOut(), view()),
    'session.setPassword': ({ current, next }) =>
      personCall(async () => {
        const me = core.signedIn();
        await core.people.setPassword(me, me.id, next, current);
        return null;
      }),
  };
}
