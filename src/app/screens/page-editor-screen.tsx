import { Archive, ArchiveRestore, Ellipsis, FolderInput, Globe, Lock, Plus, Trash2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { pageRenamedMeanwhile } from '../../api-shapes/issue-rename.js';
import { useApi } from '../api/api-context.js';
import { errorMessage, isApiError } from '../api/api-error.js';
import type { PageDetail } from '../api/pages.js';
import { queryKeys } from '../api/query-keys.js';
import { useEditorHost } from '../editor/use-editor-host.js';
import { can, Role } from '../roles.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { ActionMenu, type MenuAction } from '../ui/action-menu.js';
import { Button } from '../ui/button.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { issueDetailCss } from './issue-detail/issue-detail.css.js';
import { NotFoundScreen } from './not-found-screen.js';
import { pageEditorCss } from './page-editor/page-editor.css.js';
import { NEW_PAGE, PageBody } from './page-editor/page-body.js';
import { FeatureGate } from './projects/feature-gate.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';
import { Icon } from '../ui/icon.js';
import { FavoriteButton } from '../layout/favorites.js';
import { MovePageDialog } from './pages/move-page-dialog.js';
import { ancestorsOf, pageName, useProjectPages } from './pages/page-tree.js';
import { NamedFormDialog } from './projects/named-form-dialog.js';
import { isolated } from '../ui/bidi.js';
import { sharedDocumentName } from '../api/collab.js';


/**
 * One page of a project: where it sits among the pages (the pages it is in, the pages in it), its
 * title, its content in the editor with a table of contents, access, moving, archive and delete.
 */
export function PageEditorScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-detail', issueDetailCss);
  useStyles('app-page-editor', pageEditorCss);
  const { slug, projectId, project } = useCurrentProject();
  const { pageId = '' } = useParams();
  const api = useApi();
  const page = useQuery({ queryKey: queryKeys.page(slug, projectId, pageId), queryFn: () => api.pages.get(slug, projectId, pageId), enabled: !!project?.page_view });
  useDocumentTitle(page.data ? pageName(page.data) : undefined);
  if (!project) return null;
  return (
    <FeatureGate slug={slug} project={project} feature="page_view" notice="disabled-pages">
      {page.isPending ? (
        <div className="app-content">
          <Spinner label="Loading page…" />
        </div>
      ) : page.isError ? (
        isApiError(page.error, 404) || isApiError(page.error, 400) ? (
          <NotFoundScreen embedded />
        ) : (
          <div className="app-content" role="alert">
            {page.error.message}
          </div>
        )
      ) : (
        // Keyed by page (and its archived state): the editor starts afresh on another page.
        <PageEditor key={`${page.data.id}-${page.data.archived_at ?? ''}`} slug={slug} projectId={projectId} role={project.role} page={page.data} />
      )}
    </FeatureGate>
  );
}

function PageEditor({ slug, projectId, role, page }: { slug: string; projectId: string; role: number; page: PageDetail }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useSignedInUser();
  const host = useEditorHost(slug, user.id, { entity_name: 'PAGE_DESCRIPTION', entity_identifier: page.id });
  const [name, setName] = useState(page.name);
  // The title the edit started from: another's rename meanwhile is followed when nothing was typed, and said otherwise.
  const [base, setBase] = useState(page.name);
  const [renamed, setRenamed] = useState<string | null>(null);
  if (page.name !== base) {
    setBase(page.name);
    if (name.trim() === base || name.trim() === page.name) setName(page.name);
    else setRenamed(page.name);
  }
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moving, setMoving] = useState(false);
  const [adding, setAdding] = useState(false);
  const archived = !!page.archived_at;
  // Where the page sits: the list it is in (an archived page's are archived with it) gives the pages above and in it.
  const pages = useProjectPages(slug, projectId, archived ? 'archived' : undefined);
  const above = ancestorsOf(pages.data ?? [], page.id);
  const inside = (pages.data ?? []).filter((other) => other.parent_id === page.id);
  // The server lets the owner or a project admin manage a page; any member edits a visible one.
  const mayManage = can(role, Role.Member) && (page.owned_by === user.id || can(role, Role.Admin));
  const mayEdit = can(role, Role.Member) && !archived;
  const key = queryKeys.page(slug, projectId, page.id);

  const settle = async (next: PageDetail) => {
    queryClient.setQueryData(key, next);
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'pages') });
  };
  const change = useMutation({
    mutationFn: (run: () => Promise<PageDetail>) => run(),
    onSuccess: (next) => settle(next),
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  // Archiving makes the page read-only: the words typed a moment ago are stored first (a change still on its way would be refused).
  const archive = async () => {
    await api.collab.stored(sharedDocumentName.page(page.id));
    return api.pages.archive(slug, projectId, page.id);
  };
  const remove = useMutation({
    mutationFn: () => api.pages.remove(slug, projectId, page.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'pages') });
      notify({ type: 'success', message: 'Page deleted.' });
      navigate(paths.pages(slug, projectId));
    },
  });

  const addInside = async (name: string) => {
    const created = await api.planning.createPage(slug, projectId, { name, parent_id: page.id });
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'pages') });
    navigate(paths.page(slug, projectId, created.id), { state: NEW_PAGE });
  };
  const move = async (parentId: string | null) => {
    await settle(await api.pages.update(slug, projectId, page.id, { parent_id: parentId }));
    notify({ type: 'success', message: 'Page moved.' });
  };

  // The owner's or an admin's: where the page sits, who sees it, archiving and deleting (Restore is a button of its own).
  const pageActions: MenuAction[] = [
    ...(archived
      ? []
      : [
          { label: 'Move page', icon: FolderInput, onSelect: () => setMoving(true) },
          {
            label: page.access === 'private' ? 'Make public' : 'Make private',
            icon: page.access === 'private' ? Globe : Lock,
            onSelect: () => change.mutate(() => api.pages.update(slug, projectId, page.id, { access: page.access === 'private' ? 'public' : 'private' })),
          },
          { label: 'Archive page', icon: Archive, onSelect: () => change.mutate(archive) },
        ]),
    { label: 'Delete page', icon: Trash2, danger: true, onSelect: () => setConfirmDelete(true) },
  ];

  const rename = async () => {
    const trimmed = name.trim();
    if (!mayManage || archived || trimmed === page.name) return;
    try {
      await settle(await api.pages.update(slug, projectId, page.id, { name: trimmed, name_base: base }));
      setRenamed(null);
    } catch (error) {
      // Renamed by someone meanwhile: the page is read again, and the field says so (above).
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: key, exact: true });
      else notify({ type: 'error', message: errorMessage(error) });
    }
  };

  return (
    <div className="app-content">
      <nav className="app-breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.pages(slug, projectId)}>Pages</Link>
          </li>
          {above.map((parent) => (
            <li key={parent.id}>
              <Link to={paths.page(slug, projectId, parent.id)}>{pageName(parent)}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="app-page-head">
        <div className="app-field">
          <label htmlFor="page-title">Page title</label>
          <input
            id="page-title"
            value={name}
            placeholder="Untitled"
            readOnly={!mayManage || archived}
            aria-describedby={renamed ? 'page-title-renamed' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setRenamed(null);
            }}
            // While the field says someone renamed the page, leaving it keeps theirs: Enter saves over it.
            onBlur={() => {
              if (!renamed) void rename();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void rename();
              }
            }}
          />
          {renamed ? (
            <p id="page-title-renamed" className="app-field-error" role="alert">
              {pageRenamedMeanwhile(renamed)}
            </p>
          ) : null}
        </div>
        <div className="app-page-actions">
          <FavoriteButton slug={slug} kind="page" entityId={page.id} />
          {mayEdit ? (
            <Button onClick={() => setAdding(true)}>
              <Icon icon={Plus} />
              Add a page inside
            </Button>
          ) : null}
          {mayManage && archived ? (
            <Button busy={change.isPending} onClick={() => change.mutate(() => api.pages.restore(slug, projectId, page.id))}>
              <Icon icon={ArchiveRestore} />
              Restore page
            </Button>
          ) : null}
          {mayManage ? (
            <ActionMenu label="Page actions" actions={pageActions} size="normal">
              <Icon icon={Ellipsis} />
            </ActionMenu>
          ) : null}
        </div>
      </div>
      <p className="app-page-notice">
        {page.access === 'private' ? 'Private: only you can see this page.' : 'Public: everyone in the project can see this page.'}
        {archived ? ' This page is archived; restore it to edit it.' : ''}
      </p>
      {inside.length ? (
        <nav className="app-page-inside" aria-labelledby="page-inside-label">
          <h2 id="page-inside-label">Pages in this page</h2>
          <ul>
            {inside.map((child) => (
              <li key={child.id}>
                <Link to={paths.page(slug, projectId, child.id)}>{pageName(child)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <PageBody slug={slug} pageId={page.id} mayEdit={mayEdit} host={host} />
      <ConfirmDeleteDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete page"
        description={`Delete “${isolated(pageName(page))}” for good? This cannot be undone.${inside.length ? ' The pages in it move up to where it is.' : ''}`}
        onDelete={() => remove.mutateAsync()}
      />
      {mayManage && !archived ? <MovePageDialog open={moving} onOpenChange={setMoving} slug={slug} projectId={projectId} page={page} onMove={move} /> : null}
      {mayEdit ? (
        <NamedFormDialog
          open={adding}
          onOpenChange={setAdding}
          title="Create page"
          description={`The new page goes in “${isolated(pageName(page))}”.`}
          nameLabel="Page name"
          submitLabel="Create page"
          onSubmit={({ name }) => addInside(name)}
        />
      ) : null}
    </div>
  );
}
