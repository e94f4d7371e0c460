/**
 * How every IPC test signs in: through the session's channels, as the renderer does. A desk starts with its
 * first administrator (ADMINISTRATOR); a test that acts as another role signs in as a person of that role,
 * whom the administrator adds the first time it is asked for.
 */
import type { ChannelName, Envelope, PersonView, Role, SessionView } from '../../main/ipc/contract.js';
import type { AppCore } from '../../main/services/appCore.js';

export const ADMINISTRATOR = { login: 'admin', displayName: 'Ada Admin', password: 'the administrator password' } as const;
/** The password of every person a test adds. */
export const PASSWORD = 'a password for the people tests add';
/** The login of the person of each role a test signs in as. */
/** A dispatcher, or a transport in front of one (browser mode's HTTP host, the Electron adapter). */
type Dispatch = (channel: ChannelName, input: unknown) => Promise<Envelope<unknown>>;

export const loginOf = (role: Role): string => (role === 'administrator' ? ADMINISTRATOR.login : `${role}-person`);

async function must<T>(dispatch: Dispatch, channel: ChannelName, input: unknown): Promise<T> {
  const answer = (await dispatch(channel, input)) as Envelope<T>;
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** Signs the administrator in; a desk with no account yet makes them its first administrator. */
export async function signInAdministrator(dispatch: Dispatch): Promise<SessionView> {
  const { state } = await must<SessionView>(dispatch, 'session.get', {});
  if (state === 'firstAdministrator') return must(dispatch, 'session.firstAdministrator', ADMINISTRATOR);
  return must(dispatch, 'session.signIn', { login: ADMINISTRATOR.login, password: ADMINISTRATOR.password });
}

/** Makes the desk's first administrator and signs them in through the core, for a test without the session's channels. */
export async function signInAtCore(core: AppCore): Promise<void> {
  await core.people.addFirst({ ...ADMINISTRATOR, role: 'administrator' });
  await core.sessions.signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
}

/** Signs in as the person of the role, whom the administrator adds if the desk (or its team) has none yet. */
export async function signInAs(dispatch: Dispatch, role: Role): Promise<PersonView> {
  const login = loginOf(role);
  if (role !== 'administrator') {
    await signInAdministrator(dispatch);
    const people = await must<PersonView[]>(dispatch, 'people.list', {});
    if (!people.some((p) => p.login === login))
      await must(dispatch, 'people.add', { login, displayName: `A ${role} person`, role, password: PASSWORD });
  }
  const password = role === 'administrator' ? ADMINISTRATOR.password : PASSWORD;
  const view = await must<SessionView>(dispatch, 'session.signIn', { login, password });
  if (view.state !== 'active') throw new Error(`${login} is not signed in: ${view.state}`);
  return view.person;
}
