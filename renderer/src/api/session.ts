/**
 * Who is at the desk (session.get), read by the app's gate before anything else and by every screen that
 * offers only what the person may do; and what changes it: signing in, a fresh installation's first
 * administrator, adopting the old role profile, locking, signing out. Main's answer to each is the session as
 * it is now, put straight in the cache (main's session.changed event then marks the rest stale: events.ts).
 *
 * While nobody is signed in, or the desk is locked, main refuses every other channel: the screens' queries
 * are paused then (TanStack Query's onlineManager), so that the screens kept under a lock neither poll nor
 * collect refusals the person never asked for, and they read again what went stale once the desk is active.
 * The session's own reads and app.info, open to anyone, run whatever the state.
 */
import { onlineManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Input, SessionView } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { settingsKeys } from './settings';

export const sessionKeys = {
  current: ['session'] as const,
};

// Main is on this machine: whether the machine is online says nothing of whether it answers. The session alone
// decides when the screens' queries run.
onlineManager.setEventListener(() => undefined);

/** The screens' queries run only while a person is signed in and the desk is not locked. */
export function followSession(view: SessionView): SessionView {
  onlineManager.setOnline(view.state === 'active');
  return view;
}

export const useSession = () =>
  useQuery({
    queryKey: sessionKeys.current,
    queryFn: async () => followSession(await call('session.get', {})),
    networkMode: 'always',
  });

/** The session main answered put in the cache; signed out, whatever was read for the person goes too. */
function useSessionChange<I>(run: (input: I) => Promise<SessionView>, screen?: ScreenHandlers<SessionView, I>) {
  const queries = useQueryClient();
  return useEntityMutation(
    run,
    {
      onSuccess: (view) => {
        queries.setQueryData(sessionKeys.current, followSession(view));
        // A person at their own locked desk, between password and code, keeps what was read for them.
        if (view.state !== 'active' && view.state !== 'locked' && !(view.state === 'secondFactor' && view.resumes))
          forgetThePerson(queries);
      },
    },
    screen,
  );
}

/**
 * Everything read for the person who left, but the session and the app's information (open to anyone): the
 * next person at the desk starts from nothing of theirs.
 */
export function forgetThePerson(queries: QueryClient): void {
  queries.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.current[0] && q.queryKey[0] !== settingsKeys.appInfo[0] });
}

export const useSignIn = (screen?: ScreenHandlers<SessionView, Input<'session.signIn'>>) =>
  useSessionChange((input: Input<'session.signIn'>) => call('session.signIn', input), screen);

export const useFirstAdministrator = (screen?: ScreenHandlers<SessionView, Input<'session.firstAdministrator'>>) =>
  useSessionChange((input: Input<'session.firstAdministrator'>) => call('session.firstAdministrator', input), screen);

export const useAdoptProfile = (screen?: ScreenHandlers<SessionView, Input<'session.adoptProfile'>>) =>
  useSessionChange((input: Input<'session.adoptProfile'>) => call('session.adoptProfile', input), screen);

/** The second step of a sign-in: a code from the person's app, or a recovery code. */
export const useSecondFactor = (screen?: ScreenHandlers<SessionView, Input<'session.secondFactor'>>) =>
  useSessionChange((input: Input<'session.secondFactor'>) => call('session.secondFactor', input), screen);

export const useLock = (screen?: ScreenHandlers<SessionView, void>) => useSessionChange(() => call('session.lock', {}), screen);

export const useSignOut = (screen?: ScreenHandlers<SessionView, void>) => useSessionChange(() => call('session.signOut', {}), screen);

/** One's own password, with the current one; nothing in the cache changes. */
export const useOwnPasswordChange = (screen?: ScreenHandlers<null, Input<'session.setPassword'>>) =>
  useEntityMutation((input: Input<'session.setPassword'>) => call('session.setPassword', input), {}, screen);

/** The person typed or clicked: main's idle time starts again. Not a query: nothing is cached. */
export const reportActivity = (): Promise<null> => call('session.activity', {});
