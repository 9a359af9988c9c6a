import { useState, type ReactNode } from 'react';
import type { Project, ProjectFeature } from '../../api/types.js';
import { EmptyState, type EmptyStateKey } from '../../empty-states/index.js';
import { ManageFeaturesDialog } from './manage-features-dialog.js';
import { featureOn } from './project-features.js';

/**
 * A project section behind its feature toggle: when the feature is off, the section's
 * disabled-feature notice (its "Manage features" action is for project admins) instead of it.
 */
export function FeatureGate({ slug, project, feature, notice, children }: { slug: string; project: Project; feature: ProjectFeature; notice: EmptyStateKey; children: ReactNode }) {
  const [managing, setManaging] = useState(false);
  if (featureOn(project, feature)) return <>{children}</>;
  return (
    <>
      <EmptyState type={notice} role={project.role} onAction={() => setManaging(true)} />
      <ManageFeaturesDialog slug={slug} project={project} open={managing} onOpenChange={setManaging} />
    </>
  );
}
