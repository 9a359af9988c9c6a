import type { Project, ProjectFeature } from '../../api/types.js';

/** The project features that can be turned off, with their names. */
export const PROJECT_FEATURES: ReadonlyArray<{ feature: ProjectFeature; label: string }> = [
  { feature: 'cycle_view', label: 'Cycles' },
  { feature: 'module_view', label: 'Modules' },
  { feature: 'issue_views_view', label: 'Views' },
  { feature: 'page_view', label: 'Pages' },
  { feature: 'inbox_view', label: 'Inbox' },
];

/** Whether `project` has `feature` turned on (no feature: a section every project has). */
export function featureOn(project: Project, feature: ProjectFeature | undefined): boolean {
  return feature === undefined || project[feature];
}
