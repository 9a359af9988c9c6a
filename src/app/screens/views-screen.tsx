import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import type { SavedView } from '../api/types.js';
import { EmptyState } from '../empty-states/index.js';
import { useSignedInUser } from '../session/session.js';
import { paths } from '../router/paths.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { LoadFailed } from '../ui/load-failed.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { Icon } from '../ui/icon.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { NamedFormDialog } from './projects/named-form-dialog.js';
import { FeatureGate } from './projects/feature-gate.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { viewSearch } from './issues/issue-list-params.js';
import { screensCss } from './screens.css.js';
import { viewsCss } from './views-screen.css.js';
import { isolated } from '../ui/bidi.js';
import { VIEW_WORDS } from './views/view-words.js';

/**
 * A project's saved issue views (behind its views toggle): the caller's own and the shared ones,
 * by name. A view opens the issue list as it was saved; its owner or an admin shares it or makes
 * it private, renames it, or deletes it (after a confirmation). Without any, the spec's views
 * empty state, whose button opens the issue list to save one.
 */
export function ViewsScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-views', viewsCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const me = useSignedInUser();
  const views = useQuery({ queryKey: queryKeys.views(slug, projectId), queryFn: () => api.views.list(slug, projectId), enabled: !!project?.issue_views_view });
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  // The view whose sharing is being changed: a second press meanwhile does nothing (the button stays enabled, keeping focus).
  const [sharing, setSharing] = useState<string | null>(null);
  if (!project) return null;
  const mayChange = (view: SavedView) => view.owner_id === me.id || can(project.role, Role.Admin);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.views(slug, projectId) });
  const toggleShared = async (view: SavedView) => {
    if (sharing) return;
    setSharing(view.id);
    try {
      const saved = await api.views.update(slug, view.id, { shared: !view.shared });
      queryClient.setQueryData(queryKeys.view(slug, saved.id), saved);
      await refresh();
      notify({ type: 'success', message: saved.shared ? VIEW_WORDS.nowShared(saved.name) : VIEW_WORDS.nowPrivate(saved.name) });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setSharing(null);
    }
  };

  const body = () => {
    if (views.isPending) return <Spinner label="Loading views…" />;
    if (views.isError) {
      return <LoadFailed error={views.error} retry={() => void views.refetch()} />;
    }
    if (!views.data.length) return <EmptyState type="views" role={project.role} onAction={() => void navigate(paths.projectIssues(slug, projectId))} />;
    return (
      <ul className="app-issue-list" aria-label="Views">
        {views.data.map((view) => {
          const notYours = mayChange(view) ? undefined : VIEW_WORDS.notYours;
          return (
            <li key={view.id} className="app-issue-row app-view-row">
              <Link className="app-view-open" to={`${paths.projectIssues(slug, projectId)}${viewSearch(view.query, view.id)}`}>
                {view.name}
              </Link>
              <span className="app-view-meta">
                <span>{view.shared ? 'Shared' : 'Private'}</span>
                <span>{view.owner_id === me.id ? 'Yours' : <>By <bdi>{view.owner__display_name}</bdi></>}</span>
              </span>
              <span className="app-view-actions">
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={view.shared ? VIEW_WORDS.makePrivate(view.name) : VIEW_WORDS.makeShared(view.name)}
                  disabled={!!notYours}
                  title={notYours ?? (view.shared ? VIEW_WORDS.makePrivate(view.name) : VIEW_WORDS.makeShared(view.name))}
                  onClick={() => void toggleShared(view)}
                >
                  <Icon icon={view.shared ? Lock : Users} />
                </Button>
                <Button variant="ghost" size="small" aria-label={`Rename view ${view.name}`} disabled={!!notYours} title={notYours} onClick={() => setRenaming(view)}>
                  <Icon icon={Pencil} />
                </Button>
                <Button variant="ghost" size="small" aria-label={`Delete view ${view.name}`} disabled={!!notYours} title={notYours} onClick={() => setDeleting(view)}>
                  <Icon icon={Trash2} />
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <>
      <PageHeader title="Views" description={project.name} />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="issue_views_view" notice="disabled-views">
          {body()}
        </FeatureGate>
      </div>
      {renaming ? (
        <NamedFormDialog
          key={renaming.id}
          open
          onOpenChange={(open) => void (open || setRenaming(null))}
          title="Rename view"
          description="The view keeps its filters, order, grouping, properties and layout."
          nameLabel="View name"
          submitLabel="Rename"
          initial={{ name: renaming.name, start_date: null, end_date: null }}
          onSubmit={async ({ name }) => {
            await api.views.update(slug, renaming.id, { name });
            await refresh();
            notify({ type: 'success', message: `View renamed to “${isolated(name)}”.` });
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => void (open || setDeleting(null))}
        title="Delete view"
        description={deleting ? `The view ${deleting.name} will be deleted; its issues stay. This cannot be undone.` : ''}
        onDelete={async () => {
          await api.views.remove(slug, deleting!.id);
          await refresh();
          notify({ type: 'success', message: `View ${isolated(deleting!.name)} deleted.` });
          setDeleting(null);
        }}
      />
    </>
  );
}
