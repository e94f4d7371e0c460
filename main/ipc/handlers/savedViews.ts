/**
 * The Orders list's saved views over the app core's SavedViewService: each answer is the owner's views as
 * they are now (so every change shows at once), each view read again through the contract, since a row
 * written by another version of the app may not be a view this one can open.
 */
import { MAX_VIEWS, SavedViewError } from '../../services/savedViews.js';
import { MAX_VIEW_NAME, parseListView, type SavedView, type SavedViews, type periodChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';

/** The service's refusals in the contract's terms. */
function viewCall(run: () => void): void {
  try {
    run();
  } catch (err) {
    if (err instanceof SavedViewError) throw new IpcFailure(err.reason === 'notFound' ? 'notFound' : 'invalidInput', err.said);
    throw err;
  }
}

export function savedViewHandlers({
  core,
}: HandlerContext): Pick<
  HandlersOf<typeof periodChannels>,
  'period.views.list' | 'period.views.save' | 'period.views.rename' | 'period.views.delete'
> {
  const views = (): SavedViews => ({
    views: core.savedViews.list().flatMap((r): SavedView[] => {
      const view = parseListView(r.view);
      return view.success ? [{ id: r.id, name: r.name, view: view.data }] : [];
    }),
    maxName: MAX_VIEW_NAME,
    maxViews: MAX_VIEWS,
  });
  const after = (run: () => void): SavedViews => {
    viewCall(run);
    return views();
  };
  return {
    'period.views.list': views,
    'period.views.save': ({ name, view }) => after(() => core.savedViews.save(name, view)),
    'period.views.rename': ({ id, name }) => after(() => core.savedViews.rename(id, name)),
    'period.views.delete': ({ id }) => after(() => core.savedViews.delete(id)),
  };
}
