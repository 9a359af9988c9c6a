import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { sharedDocumentName } from '../api/collab.js';
import { errorMessage, isApiError } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import type { IssueChanges } from '../api/issues.js';
import type { IssueDetail } from '../api/types.js';
import { useEditorHost } from '../editor/use-editor-host.js';
import { useProject, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { IssueActions } from './issue-detail/issue-actions.js';
import { IssueActivity } from './issue-detail/issue-activity.js';
import { IssueBreadcrumb } from './issue-detail/issue-breadcrumb.js';
import { IssueAttachments } from './issue-detail/issue-attachments.js';
import { IssueComments } from './issue-detail/issue-comments.js';
import { IssueDescription } from './issue-detail/issue-description.js';
import { issueDetailCss } from './issue-detail/issue-detail.css.js';
import { IssueLinks } from './issue-detail/issue-links.js';
import { IssueProperties, type PlanChanges } from './issue-detail/issue-properties.js';
import { IssueRelations } from './issue-detail/issue-relations.js';
import { IssueSubIssues } from './issue-detail/issue-sub-issues.js';
import { IssueTitle } from './issue-detail/issue-title.js';
import { FavoriteButton } from '../layout/favorites.js';
import { PriorityIcon, StateIcon } from './issues/issue-icons.js';
import { issueKey as issueKeyOf } from './issues/issue-key.js';
import { useUndoDelete } from './issues/use-undo-delete.js';
import { NotFoundScreen } from './not-found-screen.js';
import { screensCss } from './screens.css.js';

/**
 * An issue's page: where it is (breadcrumb), its title and actions; the description (with the AI
 * assistant), sub-issues, relations, links, attachments, comments and activity beside the properties panel.
 */
export function IssueDetailScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-detail', issueDetailCss);
  const slug = useWorkspaceSlug();
  const { projectId = '', issueId = '' } = useParams();
  const api = useApi();
  const issue = useQuery({ queryKey: queryKeys.issue(slug, projectId, issueId), queryFn: () => api.issues.get(slug, projectId, issueId) });
  useDocumentTitle(issue.data ? `${issueKeyOf(issue.data)} ${issue.data.name}` : undefined);

  if (issue.isPending) {
    return (
      <div className="app-content">
        <Spinner label="Loading issue…" />
      </div>
    );
  }
  if (issue.isError) {
    if (isApiError(issue.error, 404) || isApiError(issue.error, 400)) return <NotFoundScreen embedded />;
    return (
      <div className="app-content" role="alert">
        {issue.error.message}
      </div>
    );
  }
  // Keyed by issue: moving to another issue starts its editors afresh.
  return <IssuePage key={issue.data.id} slug={slug} issue={issue.data} />;
}

function IssuePage({ slug, issue }: { slug: string; issue: IssueDetail }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const project = useProject(slug, issue.project_id);
  const role = project.data?.role;
  const mayEdit = can(role, Role.Member);
  // An archived issue is kept as it was: restored, it can be changed again.
  const archived = !!issue.archived_at;
  const mayChange = mayEdit && !archived;
  const host = useEditorHost(slug, user.id, { entity_name: 'ISSUE_DESCRIPTION', entity_identifier: issue.id });
  const issueKey = queryKeys.issue(slug, issue.project_id, issue.id);

  const navigate = useNavigate();
  const notify = useNotify();
  const undoDelete = useUndoDelete(slug, issue.project_id);

  // The new issue is shown at once; the lists and the activity feed (under the issue's key) refresh.
  const show = async (updated: IssueDetail) => {
    queryClient.setQueryData(issueKey, updated);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, issue.project_id), exact: true }),
      queryClient.invalidateQueries({ queryKey: [...issueKey, 'activities'] }),
    ]);
  };
  const change = async (changes: IssueChanges) => {
    await show(await api.issues.update(slug, issue.project_id, issue.id, changes));
    // The cycles' and modules' estimate totals count the issue's estimate and whether it is done.
    if (changes.estimate_point !== undefined || changes.state_id !== undefined) {
      await Promise.all(['cycles', 'modules'].map((kind) => queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, issue.project_id, kind) })));
    }
  };
  // From the name the edit started at: a rename someone made meanwhile is refused, and shown.
  const rename = async (name: string, base: string) => {
    try {
      await change({ name, name_base: base });
    } catch (failure) {
      if (isApiError(failure, 409)) await queryClient.invalidateQueries({ queryKey: issueKey, exact: true });
      throw failure;
    }
  };
  // Cycles and modules hold their issues: joining or leaving goes through their issue routes, then the issue is read again.
  const plan = async ({ cycle_id: cycleId, module_ids: moduleIds }: PlanChanges) => {
    const { project_id: projectId, id } = issue;
    const cycles = api.planning.group('cycles');
    const modules = api.planning.group('modules');
    if (cycleId) await cycles.addIssues(slug, projectId, cycleId, [id]);
    else if (cycleId === null && issue.cycle_id) await cycles.removeIssue(slug, projectId, issue.cycle_id, id);
    for (const moduleId of moduleIds?.filter((candidate) => !issue.module_ids.includes(candidate)) ?? []) await modules.addIssues(slug, projectId, moduleId, [id]);
    for (const moduleId of issue.module_ids.filter((candidate) => moduleIds && !moduleIds.includes(candidate))) await modules.removeIssue(slug, projectId, moduleId, id);
    await Promise.all([
      show(await api.issues.get(slug, projectId, id)),
      queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, cycleId !== undefined ? 'cycles' : 'modules') }),
    ]);
  };
  const subscribe = async (on: boolean) => {
    const { subscribed } = on ? await api.issues.subscribe(slug, issue.project_id, issue.id) : await api.issues.unsubscribe(slug, issue.project_id, issue.id);
    queryClient.setQueryData<IssueDetail>(issueKey, (current) => (current ? { ...current, is_subscribed: subscribed } : current));
  };
  /** The description's words typed a moment ago, stored before the server reads or closes it. */
  const descriptionStored = () => api.collab.stored(sharedDocumentName.issueDescription(issue.id));
  const archive = async (on: boolean): Promise<void> => {
    // Archiving makes the description read-only: a change still on its way would be refused.
    if (on) await descriptionStored();
    await show(on ? await api.issues.archive(slug, issue.project_id, issue.id) : await api.issues.restore(slug, issue.project_id, issue.id));
    // Archived issues leave the lists: said, with an Undo.
    const undo = { label: 'Undo', altText: 'Undo: restore the archived issue', run: () => void archive(false).catch((error: unknown) => notify({ type: 'error', message: errorMessage(error) })) };
    notify({ type: 'success', message: on ? `Issue ${issue.key} archived.` : `Issue ${issue.key} restored.`, ...(on ? { action: undo } : {}) });
  };
  const copy = async () => {
    // The copy is made from the description the server holds: the words typed a moment ago first.
    await descriptionStored();
    const made = await api.issues.copy(slug, issue.project_id, issue.id);
    queryClient.setQueryData(queryKeys.issue(slug, made.project_id, made.id), made);
    notify({ type: 'success', message: `Issue ${made.key} created as a copy of ${issue.key}.` });
    await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, made.project_id), exact: true });
    navigate(paths.issue(slug, made.project_id, made.id));
  };
  const remove = async () => {
    // Deleting can be undone: the description comes back with every word typed.
    await descriptionStored();
    await api.issues.remove(slug, issue.project_id, issue.id);
    notify({ type: 'success', message: `Issue ${issue.key} deleted.`, action: undoDelete([issue.id], () => navigate(paths.issue(slug, issue.project_id, issue.id))) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, issue.project_id), exact: true });
    navigate(paths.projectIssues(slug, issue.project_id));
  };

  return (
    <div className="app-content app-issue-page">
      <IssueBreadcrumb slug={slug} issue={issue} />
      <p className="app-issue-meta">
        {issue.state__name ? (
          <span className="app-issue-state">
            <StateIcon group={issue.state__group} color={issue.state__color} decorative />
            {issue.state__name}
          </span>
        ) : null}
        <PriorityIcon priority={issue.priority} />
      </p>
      <IssueTitle name={issue.name} mayEdit={mayChange} onRename={rename} />
      <IssueActions
        issue={issue}
        mayEdit={mayEdit}
        link={new URL(paths.issue(slug, issue.project_id, issue.id), window.location.href).href}
        notify={notify}
        onSubscribe={subscribe}
        onArchive={archive}
        onCopy={copy}
        onDelete={remove}
        favorite={<FavoriteButton slug={slug} kind="issue" entityId={issue.id} size="small" />}
      />
      <div className="app-issue-layout">
        <section className="app-issue-section app-issue-main" aria-labelledby="issue-description-heading">
          <h2 id="issue-description-heading">Description</h2>
          <IssueDescription
            slug={slug}
            issueId={issue.id}
            mayEdit={mayChange}
            host={host}
            ask={(request) => api.ai.ask(slug, issue.project_id, request)}
            notify={notify}
          />
        </section>
        <IssueProperties slug={slug} issue={issue} mayEdit={mayChange} archived={archived} onChange={change} onPlan={plan} />
        <div className="app-issue-main app-issue-rest">
          <IssueSubIssues slug={slug} issue={issue} mayEdit={mayChange} />
          <IssueRelations slug={slug} issue={issue} mayEdit={mayChange} />
          <IssueLinks slug={slug} projectId={issue.project_id} issueId={issue.id} mayEdit={mayChange} />
          <IssueAttachments slug={slug} projectId={issue.project_id} issueId={issue.id} role={role} userId={user.id} archived={archived} />
          <IssueComments slug={slug} projectId={issue.project_id} issueId={issue.id} role={role} userId={user.id} host={host} archived={archived} />
          <IssueActivity slug={slug} projectId={issue.project_id} issueId={issue.id} />
        </div>
      </div>
    </div>
  );
}
