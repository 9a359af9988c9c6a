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

/** A cycle's page: its status, dates and progress. */
export function CycleScreen() {
  const { slug, projectId, project } = useCurrentProject();
  const { cycleId = '' } = useParams();
  const api = useApi();
  const cycle = useQuery({
    queryKey: [...queryKeys.planning(slug, projectId, 'cycles'), cycleId],
    queryFn: () => api.planning.cycle(slug, projectId, cycleId),
    enabled: !!project?.cycle_view,
  });
  if (!project) return null;
  if (cycle.isError && (isApiError(cycle.error, 404) || isApiError(cycle.error, 400))) return <NotFoundScreen embedded />;
  return (
    <>
      <PageHeader title={cycle.data?.name ?? 'Cycle'} description={project.name} />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="cycle_view" notice="disabled-cycles">
          {cycle.isPending ? <Spinner label="Loading cycle…" /> : cycle.isError ? <p role="alert">{cycle.error.message}</p> : <PlanningFacts item={cycle.data} end={cycle.data.end_date} />}
        </FeatureGate>
      </div>
    </>
  );
}
