import type { WorkspaceId } from '../../app/uiStore';
import { WORKSPACES } from '../../app/uiStore';

/** The workspaces that come with the next release (stored cards, charges, signing keys, audit). */
export function Upcoming({ workspace }: { readonly workspace: WorkspaceId }) {
  const label = WORKSPACES.find((w) => w.id === workspace)?.label ?? workspace;
  return (
    <section className="panel" aria-labelledby="upcoming-title">
      <h1 id="upcoming-title">{label}</h1>
      <p>This workspace is not in this version yet. Orders and Settings are ready to use.</p>
    </section>
  );
}
