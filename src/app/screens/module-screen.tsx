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

/** A module's page: its status, dates and progress, its issues (add existing ones, remove), edit and delete. */
export function ModuleScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-detail', issueDetailCss);
  const { slug, projectId, project } = useCurrentProject();
  const { moduleId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const listKey = queryKeys.planning(slug, projectId, 'modules');
  const moduleKey = [...listKey, moduleId];
  const moduleQuery = useQuery({ queryKey: moduleKey, queryFn: () => api.planning.module(slug, projectId, moduleId), enabled: !!project?.module_view });
  if (!project) return null;
  if (moduleQuery.isError && (isApiError(moduleQuery.error, 404) || isApiError(moduleQuery.error, 400))) return <NotFoundScreen embedded />;
  const mayEdit = can(project.role, Role.Member);

  return (
    <>
      <PageHeader
        title={moduleQuery.data?.name ?? 'Module'}
        description={project.name}
        actions={
          moduleQuery.data && project.module_view ? (
            <PlanningManage
              noun="Module"
              endLabel="Target date"
              values={{ name: moduleQuery.data.name, start_date: moduleQuery.data.start_date, end_date: moduleQuery.data.target_date }}
              mayEdit={mayEdit}
              mayDelete={can(project.role, Role.Admin)}
              onEdit={async (values) => {
                const updated = await api.planning.updateModule(slug, projectId, moduleId, { name: values.name, start_date: values.start_date, target_date: values.end_date });
                queryClient.setQueryData(moduleKey, { ...moduleQuery.data, ...updated });
                await queryClient.invalidateQueries({ queryKey: listKey });
              }}
              onDelete={async () => {
                await api.planning.deleteModule(slug, projectId, moduleId);
                notify({ type: 'success', message: `Module ${moduleQuery.data!.name} deleted.` });
                queryClient.removeQueries({ queryKey: moduleKey });
                await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
                navigate(paths.modules(slug, projectId));
              }}
            />
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="module_view" notice="disabled-modules">
          {moduleQuery.isPending ? (
            <Spinner label="Loading module…" />
          ) : moduleQuery.isError ? (
            <p role="alert">{moduleQuery.error.message}</p>
          ) : (
            <>
              <PlanningFacts item={moduleQuery.data} end={moduleQuery.data.target_date} />
              <PlanningIssues
                slug={slug}
                noun="module"
                queryKey={[...moduleKey, 'issues']}
                itemKey={moduleKey}
                mayEdit={mayEdit}
                api={{
                  list: () => api.planning.moduleIssues(slug, projectId, moduleId),
                  add: (ids) => api.planning.addModuleIssues(slug, projectId, moduleId, ids),
                  remove: (issueId) => api.planning.removeModuleIssue(slug, projectId, moduleId, issueId),
                  search: ({ search, workspace_search }) => api.issues.search(slug, projectId, { search, workspace_search, exclude_module_id: moduleId }),
                }}
              />
            </>
          )}
        </FeatureGate>
      </div>
    </>
  );
}
