import type { ProjectFeature } from '../../api/types.js';

/** The project features that can be turned off, with their names. */
export const PROJECT_FEATURES: ReadonlyArray<{ feature: ProjectFeature; label: string }> = [
  { feature: 'cycle_view', label: 'Cycles' },
  { feature: 'module_view', label: 'Modules' },
  { feature: 'issue_views_view', label: 'Views' },
  { feature: 'page_view', label: 'Pages' },
  { feature: 'inbox_view', label: 'Inbox' },
];
