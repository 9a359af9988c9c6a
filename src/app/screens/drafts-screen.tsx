import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { PageHeader } from '../ui/page-header.js';
import { useWorkspaceCreate } from './empty-state-actions.js';
import { EmptyState } from '../empty-states/index.js';

/** The user's draft issues. The server keeps no drafts yet, so this is their empty state. */
export function DraftsScreen() {
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const create = useWorkspaceCreate(slug);
  return (
    <>
      <PageHeader title="Drafts" />
      <div className="app-content">
        <EmptyState type="drafts" role={workspace.data?.role} onAction={create} />
      </div>
    </>
  );
}
