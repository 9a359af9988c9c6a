import type { IntakeTab } from '../../api/types.js';
import type { Api } from '../../api/index.js';
import { queryKeys } from '../../api/query-keys.js';

/** The query of a project's inbox tab: its list (one page), shared by the inbox and the sidebar's count. */
export const intakeQuery = (api: Api, slug: string, projectId: string, tab: IntakeTab) => ({
  queryKey: [...queryKeys.intake(slug, projectId), tab] as const,
  queryFn: () => api.intake.list(slug, projectId, tab),
});
