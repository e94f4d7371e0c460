/**
 * The two-factor channels over the app core's TwoFactorService. Enrolment and the team key's entry are open to
 * anyone at the desk, as signing in is, so that a person made to enrol at sign-in, or an administrator whose code
 * cannot be checked at a desk without the team key, can do so before they are signed in: each serves only the
 * person the desk's session names (signed in, or whose password proved right), never one named in the payload.
 */
import type { Operator } from '../../domain/operators.js';
import { phrase } from '../../phrases/phrase.js';
import type { AppCore } from '../../services/appCore.js';
import { OperatorError } from '../../services/operators.js';
import type { twoFactorChannels } from '../contract.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { personCall } from './session.js';

/** The person the desk's session names: signed in, or between the two steps of their sign-in. */
function sessionPerson(core: AppCore): { readonly operator: Operator; readonly pending: boolean } {
  const s = core.sessions.current();
  if (s.kind === 'active') return { operator: s.operator, pending: false };
  if (s.kind === 'secondFactor') return { operator: s.operator, pending: true };
  throw new OperatorError('input', phrase('twoFactor.noPendingSignIn'));
}

export function twoFactorHandlers({ core }: HandlerContext): HandlersOf<typeof twoFactorChannels> {
  return {
    'twoFactor.begin': () =>
      personCall(async () => {
        const { operator, pending } = sessionPerson(core);
        // A sign-in awaiting its code is not one to enrol in: that would let a password alone replace the factor.
        if (pending && core.sessions.pending().step !== 'enrol') throw new OperatorError('input', phrase('twoFactor.noPendingSignIn'));
        return await core.twoFactor.begin(operator);
      }),
    'twoFactor.confirm': ({ code }) =>
      personCall(async () => {
        const { operator, pending } = sessionPerson(core);
        const recoveryCodes = pending
          ? await core.sessions.secondStep(async (o, step) => {
              if (step !== 'enrol') throw new OperatorError('input', phrase('twoFactor.noPendingSignIn'));
              const codes = await core.twoFactor.confirm(o, code);
              // Enrolled is signed in: the sign-in is recorded as a code's would be.
              await core.people.signedIn(o);
              return codes;
            })
          : await core.twoFactor.confirm(operator, code);
        return { recoveryCodes };
      }),
    'twoFactor.remove': ({ password }) =>
      personCall(async () => {
        await core.twoFactor.removeOwn(core.signedIn(), password);
        return null;
      }),
    'twoFactor.teamKey': ({ password }) => personCall(async () => ({ key: await core.twoFactor.teamKeyText(core.signedIn(), password) })),
    'twoFactor.enterTeamKey': ({ key }) =>
      personCall(async () => {
        const { operator } = sessionPerson(core);
        if (operator.role !== 'administrator') throw new OperatorError('notAdministrator', phrase('operators.notAdministrator'));
        await core.twoFactor.enterTeamKey(operator, key);
        return null;
      }),
  };
}
