/**
 * How every mutation in api/<entity>.ts is built: the entity's own cache work first (what the answer puts in
 * the cache, which views it marks stale), then what the screen adds (a toast, a dialog closed). A screen
 * cannot leave a view of the entity showing what was true before the change, whichever screen made it.
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/** What a screen adds to a mutation: its own callbacks, run after the entity's cache work. */
export type ScreenHandlers<R, I, C = unknown> = Pick<
  UseMutationOptions<R, Error, I, C>,
  'onMutate' | 'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * The entity's cache work: `onSuccess` with main's answer, `onSettled` whatever came. What either returns is
 * waited for (a re-read the screen must see before the mutation is done); nothing returned, nothing waited.
 */
export interface CacheWork<R, I> {
  readonly onSuccess?: (result: R, input: I) => unknown;
  readonly onSettled?: () => unknown;
}

export function useEntityMutation<R, I = void, C = unknown>(
  mutationFn: (input: I) => Promise<R>,
  cache: CacheWork<R, I>,
  screen: ScreenHandlers<R, I, C> = {},
) {
  return useMutation<R, Error, I, C>({
    ...screen,
    mutationFn,
    onSuccess: (...args) => Promise.all([cache.onSuccess?.(args[0], args[1]), screen.onSuccess?.(...args)]),
    onSettled: (...args) => Promise.all([cache.onSettled?.(), screen.onSettled?.(...args)]),
  });
}
