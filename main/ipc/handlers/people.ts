/**
 * The people channels over the app core's OperatorService, for administrators: the dispatcher let only an
 * active administrator's session through, and the store checks again, in its write transaction, that the
 * person acting is one as it has them then.
 */
import type { peopleChannels } from '../contract.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { personCall, personView } from './session.js';

export function peopleHandlers({ core }: HandlerContext): HandlersOf<typeof peopleChannels> {
  return {
    'people.list': async () => (await core.people.list()).map(personView),
    'people.add': (account) => personCall(async () => personView(await core.people.addBy(core.signedIn(), account))),
    'people.change': ({ id, ...change }) => personCall(async () => personView(await core.people.change(core.signedIn(), id, change))),
    'people.resetTwoFactor': ({ id }) => personCall(async () => personView(await core.twoFactor.reset(core.signedIn(), id))),
    'people.endSessions': ({ id }) => personCall(async () => personView(await core.people.endSessions(core.signedIn(), id))),
    'people.setPassword': ({ id, password }) =>
      personCall(async () => {
        await core.people.setPassword(core.signedIn(), id, password);
        return null;
      }),
  };
}
