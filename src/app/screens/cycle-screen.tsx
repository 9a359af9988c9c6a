import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { isApiError } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { can, Role } from '../roles.js';
import { paths } from '../router/paths.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { NotFoundScreen } from './not-found-screen.js';
import { issueDetailCss } from './issue-detail/issue-detail.css.js';
import { PlanningIssues } from './planning/planning-issues.js';
import { PlanningManage } from './planning/planning-manage.js';
import { FeatureGate } from './projects/feature-gate.js';
import { PlanningFacts } from './projects/planning-detail.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';

/** A cycle's page: its status, dates and progress, its issues (add existing ones, remove), edit and delete. */
export function CycleScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-detail', issueDetailCss);
  const { slug, projectId, project } = useCurrentProject();
  const { cycleId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const listKey = queryKeys.planning(slug, projectId, 'cycles');
  const cycleKey = [...listKey, cycleId];
  const cycle = useQuery({ queryKey: cycleKey, queryFn: () => api.planning.cycle(slug, projectId, cycleId), enabled: !!project?.cycle_view });
  if (!project) return null;
  if (cycle.isError && (isApiError(cycle.error, 404) || isApiError(cycle.error, 400))) return <NotFoundScreen embedded />;
  const mayEdit = can(project.role, Role.Member);

  return (
    <>
      <PageHeader
        title={cycle.data?.name ?? 'Cycle'}
        description={project.name}
        actions={
          cycle.data && project.cycle_view ? (
            <PlanningManage
              noun="Cycle"
              endLabel="End date"
              values={{ name: cycle.data.name, start_date: cycle.data.start_date, end_date: cycle.data.end_date }}
              mayEdit={mayEdit}
              mayDelete={can(project.role, Role.Admin)}
              onEdit={async (values) => {
                const updated = await api.planning.updateCycle(slug, projectId, cycleId, values);
                queryClient.setQueryData(cycleKey, { ...cycle.data, ...updated });
                await queryClient.invalidateQueries({ queryKey: listKey });
              }}
              onDelete={async () => {
                await api.planning.deleteCycle(slug, projectId, cycleId);
                notify({ type: 'success', message: `Cycle ${cycle.data!.name} deleted.` });
                queryClient.removeQueries({ queryKey: cycleKey });
                await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
                navigate(paths.cycles(slug, projectId));
              }}
            />
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="cycle_view" notice="disabled-cycles">
          {cycle.isPending ? (
            <Spinner label="Loading cycle…" />
          ) : cycle.isError ? (
            <p role="alert">{cycle.error.message}</p>
          ) : (
            <>
              <PlanningFacts item={cycle.data} end={cycle.data.end_date} />
              <PlanningIssues
                slug={slug}
                noun="cycle"
                queryKey={[...cycleKey, 'issues']}
                itemKey={cycleKey}
                mayEdit={mayEdit}
                api={{
                  list: () => api.planning.cycleIssues(slug, projectId, cycleId),
                  add: (ids) => api.planning.addCycleIssues(slug, projectId, cycleId, ids),
                  remove: (issueId) => api.planning.removeCycleIssue(slug, projectId, cycleId, issueId),
                  search: ({ search, workspace_search }) => api.issues.search(slug, projectId, { search, workspace_search, exclude_cycle_id: cycleId }),
                }}
              />
            </>
          )}
        </FeatureGate>
      </div>
    </>
  );
}
