import type { ListedView, OrderListView } from '../../main/services/periodViews.js';

/** The list's view as listed: a test's small cache loads before the view's wait ends, never "preparing". */
export function listed(view: OrderListView): ListedView {
  if (view.preparing) throw new Error(`the list was still being prepared: ${view.preparing.read} of ${view.preparing.of} read`);
  return view;
}
