import type { WorkspaceId } from '../../app/uiStore';
import { WORKSPACES } from '../../app/uiStore';

/** A workspace whose screen comes with the next release. */
export function Upcoming({ workspace }: { readonly workspace: WorkspaceId }) {
  const label = WORKSPACES.find((w) => w.id === workspace)?.label ?? workspace;
  return (
    <section className="panel" aria-labelledby="upcoming-title">
      <h1 id="upcoming-title">{label}</h1>
      <p>This workspace is not in this version yet; its services are in place and its screen comes next.</p>
    </section>
  );
}
