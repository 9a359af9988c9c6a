import { PageHeader } from '../ui/page-header.js';
import { useUnavailableAction } from './empty-state-actions.js';
import { FeatureGate } from './projects/feature-gate.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { EmptyState } from '../empty-states/index.js';

/** A project's saved issue views (behind its views toggle). The server keeps no views yet, so this is their empty state. */
export function ViewsScreen() {
  const { slug, project } = useCurrentProject();
  const unavailable = useUnavailableAction();
  if (!project) return null;
  return (
    <>
      <PageHeader title="Views" description={project.name} />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="issue_views_view" notice="disabled-views">
          <EmptyState type="views" role={project.role} onAction={unavailable} />
        </FeatureGate>
      </div>
    </>
  );
}
