import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { isApiError } from '../../api/api-error.js';
import type { PlanningKindName } from '../../api/planning.js';
import { queryKeys } from '../../api/query-keys.js';
import type { CycleDetail, ModuleDetail } from '../../api/types.js';
import { can, Role } from '../../roles.js';
import { FavoriteButton } from '../../layout/favorites.js';
import { PageHeader } from '../../ui/page-header.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { useNotify } from '../../ui/toasts.js';
import { issueDetailCss } from '../issue-detail/issue-detail.css.js';
import { NotFoundScreen } from '../not-found-screen.js';
import { FeatureGate } from '../projects/feature-gate.js';
import { useCurrentProject } from '../projects/use-current-project.js';
import { screensCss } from '../screens.css.js';
import { capitalised, cycleKind, moduleKind, type PlanningKind } from './planning-kinds.js';
import { CyclePanels } from './cycle-panels.js';
import { CycleTransfer } from './cycle-transfer.js';
import { PlanningBreakdown, PlanningFacts } from './planning-facts.js';
import { PlanningIssues } from './planning-issues.js';
import { PlanningManage } from './planning-manage.js';
import { ModuleStatusSelect } from './module-status.js';
import { isolated } from '../../ui/bidi.js';

/** A cycle's or module's page: its status, dates and progress (the current cycle's as panels with a burn-down), its issues (add existing ones, remove), edit and delete. */
export function PlanningScreen<K extends PlanningKindName>({ kind }: { kind: PlanningKind<K> }) {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-detail', issueDetailCss);
  const { slug, projectId, project } = useCurrentProject();
  const id = useParams()[kind.param] ?? '';
  const api = useApi();
  const group = api.planning.group(kind.plural);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const enabled = !!project?.[kind.feature];
  const listKey = queryKeys.planning(slug, projectId, kind.plural);
  const itemKey = [...listKey, id];
  const item = useQuery({ queryKey: itemKey, queryFn: () => group.get(slug, projectId, id), enabled });
  if (!project) return null;
  if (item.isError && (isApiError(item.error, 404) || isApiError(item.error, 400))) return <NotFoundScreen embedded />;
  const mayEdit = can(project.role, Role.Member);
  const noun = capitalised(kind.singular);

  return (
    <>
      <PageHeader
        title={item.data?.name ?? noun}
        description={project.name}
        actions={
          item.data && enabled ? (
            <>
              <FavoriteButton slug={slug} kind={kind.plural === 'cycles' ? 'cycle' : 'module'} entityId={id} />
              <PlanningManage
                kind={kind}
                values={{ name: item.data.name, start_date: item.data.start_date, end_date: kind.end(item.data) }}
                mayEdit={mayEdit}
                mayDelete={can(project.role, Role.Admin)}
                onEdit={async (changed) => {
                  const updated = await group.update(slug, projectId, id, kind.changes(changed));
                  queryClient.setQueryData(itemKey, { ...item.data, ...updated });
                  await queryClient.invalidateQueries({ queryKey: listKey });
                }}
                onDelete={async () => {
                  await group.remove(slug, projectId, id);
                  notify({ type: 'success', message: `${noun} ${isolated(item.data!.name)} deleted.` });
                  queryClient.removeQueries({ queryKey: itemKey });
                  await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
                  navigate(kind.listPath(slug, projectId));
                }}
              />
            </>
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature={kind.feature} notice={kind.notice}>
          {item.isPending ? (
            <Spinner label={`Loading ${kind.singular}…`} />
          ) : item.isError ? (
            <p role="alert">{item.error.message}</p>
          ) : (
            <>
              <PlanningFacts
                item={item.data}
                kind={kind}
                statusControl={
                  !isCycle(item.data) && mayEdit
                    ? (statusId) => <ModuleStatusSelect id={statusId} slug={slug} projectId={projectId} module={item.data as ModuleDetail} itemKey={itemKey} listKey={listKey} />
                    : undefined
                }
              />
              {isCycle(item.data) ? <CycleTransfer slug={slug} projectId={projectId} cycle={item.data} itemKey={itemKey} mayEdit={mayEdit} /> : null}
              {isCurrentCycle(item.data) ? (
                <CyclePanels slug={slug} projectId={projectId} cycle={item.data} itemKey={itemKey} role={project.role} />
              ) : (
                <PlanningBreakdown item={item.data} />
              )}
              <PlanningIssues slug={slug} projectId={projectId} id={id} kind={kind} itemKey={itemKey} mayEdit={mayEdit} />
            </>
          )}
        </FeatureGate>
      </div>
    </>
  );
}

/** Whether the item is a cycle (cycles end on an end date, modules on a target date). */
function isCycle(item: CycleDetail | ModuleDetail): item is CycleDetail {
  return 'end_date' in item;
}

/** Whether the item is the project's current cycle (today between its dates), which shows its panels. */
function isCurrentCycle(item: CycleDetail | ModuleDetail): item is CycleDetail {
  return isCycle(item) && item.status === 'current';
}

/** A cycle's page. */
export const CycleScreen = () => <PlanningScreen kind={cycleKind} />;

/** A module's page. */
export const ModuleScreen = () => <PlanningScreen kind={moduleKind} />;
