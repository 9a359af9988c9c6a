import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { isApiError } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { NotFoundScreen } from './not-found-screen.js';
import { FeatureGate } from './projects/feature-gate.js';
import { PlanningFacts } from './projects/planning-detail.js';
import { useCurrentProject } from './projects/use-current-project.js';

/** A module's page: its status, dates and progress. */
export function ModuleScreen() {
  const { slug, projectId, project } = useCurrentProject();
  const { moduleId = '' } = useParams();
  const api = useApi();
  const moduleQuery = useQuery({
    queryKey: [...queryKeys.planning(slug, projectId, 'modules'), moduleId],
    queryFn: () => api.planning.module(slug, projectId, moduleId),
    enabled: !!project?.module_view,
  });
  if (!project) return null;
  if (moduleQuery.isError && (isApiError(moduleQuery.error, 404) || isApiError(moduleQuery.error, 400))) return <NotFoundScreen embedded />;
  return (
    <>
      <PageHeader title={moduleQuery.data?.name ?? 'Module'} description={project.name} />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="module_view" notice="disabled-modules">
          {moduleQuery.isPending ? <Spinner label="Loading module…" /> : moduleQuery.isError ? <p role="alert">{moduleQuery.error.message}</p> : <PlanningFacts item={moduleQuery.data} end={moduleQuery.data.target_date} />}
        </FeatureGate>
      </div>
    </>
  );
}
