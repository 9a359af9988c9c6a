import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import type { PageListType, PageSummary } from '../api/types.js';
import { queryKeys } from '../api/query-keys.js';
import { can, Role } from '../roles.js';
import { paths } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useOpenRequest } from './empty-state-actions.js';
import { NamedFormDialog } from './projects/named-form-dialog.js';
import { FeatureGate } from './projects/feature-gate.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';
import { EmptyState } from '../empty-states/index.js';
import { Icon } from '../ui/icon.js';
import { openPagesOf, openPagesStorageKey, pageName, pageTree, toggledOpen, useProjectPages, type PageNode } from './pages/page-tree.js';
import { useStoredChoice } from '../ui/stored-choice.js';
import { pagesScreenCss } from './pages/pages.css.js';
import { NEW_PAGE } from './page-editor/page-body.js';
import { tabStrip } from '../ui/tab-strip.js';

const PAGE_TABS: ReadonlyArray<{ type: PageListType; label: string }> = [
  { type: 'private', label: 'Private' },
  { type: 'public', label: 'Public' },
  { type: 'archived', label: 'Archived' },
];

function PageList({ slug, projectId, type, role, onCreate }: { slug: string; projectId: string; type: PageListType; role: number; onCreate(parent?: PageSummary): void }) {
  const pages = useProjectPages(slug, projectId, type);
  const [open, setOpen] = useStoredChoice(openPagesStorageKey(projectId), openPagesOf);
  const opened: Opened = { isOpen: (id) => open.split(',').includes(id), toggle: (id) => setOpen((was) => toggledOpen(was, id)) };
  if (pages.isPending) return <Spinner label="Loading pages…" />;
  if (pages.isError) return <p role="alert">{pages.error.message}</p>;
  if (!pages.data.length) return <EmptyState type={`pages-${type}`} role={role} onAction={() => onCreate()} />;
  // Archived pages are read-only: nothing is added under them.
  const mayAdd = can(role, Role.Member) && type !== 'archived';
  return (
    <ul className="app-issue-list app-page-tree" aria-label={`${type} pages`}>
      {pageTree(pages.data).map((node) => (
        <PageTreeRow key={node.page.id} slug={slug} projectId={projectId} node={node} depth={0} onAdd={mayAdd ? onCreate : undefined} opened={opened} />
      ))}
    </ul>
  );
}

/** Which pages of a project's lists are open, remembered by the browser (back from a page, the tree is as it was left). */
interface Opened {
  isOpen(id: string): boolean;
  toggle(id: string): void;
}

/** A page of the list, and the pages under it behind a disclosure button (closed until opened, then as the user left it). */
function PageTreeRow({
  slug,
  projectId,
  node,
  depth,
  onAdd,
  opened,
}: {
  slug: string;
  projectId: string;
  node: PageNode;
  depth: number;
  onAdd?: (parent: PageSummary) => void;
  opened: Opened;
}) {
  const open = opened.isOpen(node.page.id);
  const listId = useId();
  const name = pageName(node.page);
  const count = node.children.length;
  return (
    <li>
      <div className="app-issue-row app-page-row" style={{ paddingInlineStart: `calc(var(--app-space-4) + ${depth} * var(--app-space-5))` }}>
        {count ? (
          <button type="button" className="app-page-row-button" aria-expanded={open} aria-controls={listId} aria-label={`Pages in “${name}”`} onClick={() => opened.toggle(node.page.id)}>
            <Icon icon={open ? ChevronDown : ChevronRight} />
          </button>
        ) : (
          <span className="app-page-row-button" aria-hidden="true" />
        )}
        <Link to={paths.page(slug, projectId, node.page.id)}>{name}</Link>
        {count ? <span className="app-issue-key">{count === 1 ? '1 page' : `${count} pages`}</span> : null}
        <span className="app-issue-key">{node.page.access === 'private' ? 'Private' : 'Public'}</span>
        {onAdd ? (
          <button type="button" className="app-page-row-button" aria-label={`Add a page in “${name}”`} onClick={() => onAdd(node.page)}>
            <Icon icon={Plus} />
          </button>
        ) : null}
      </div>
      {count ? (
        <ul id={listId} className="app-page-tree" aria-label={`Pages in “${name}”`} hidden={!open}>
          {open
            ? node.children.map((child) => <PageTreeRow key={child.page.id} slug={slug} projectId={projectId} node={child} depth={depth + 1} onAdd={onAdd} opened={opened} />)
            : null}
        </ul>
      ) : null}
    </li>
  );
}

/** A project's pages (behind its pages toggle): private, public and archived, each with its empty state; a page opens in the page editor. */
export function PagesScreen() {
  useStyles('app-screens', screensCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<PageListType>('public');
  const [creating, setCreating] = useState(useOpenRequest('create-page'));
  // The page a new page goes in, when it is added from a page's row.
  const [parent, setParent] = useState<PageSummary | null>(null);
  useStyles('app-pages', pagesScreenCss);
  if (!project) return null;
  const enabled = project.page_view;
  const mayCreate = can(project.role, Role.Member);

  const openCreate = (under?: PageSummary) => {
    setParent(under ?? null);
    setCreating(true);
  };
  const create = async (name: string) => {
    // A page added in another takes its access; one made from a tab, the tab's.
    const page = await api.planning.createPage(slug, projectId, parent ? { name, parent_id: parent.id } : { name, access: tab === 'private' ? 'private' : 'public' });
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'pages') });
    // A new page is written at once: it opens in the page editor.
    navigate(paths.page(slug, projectId, page.id), { state: NEW_PAGE });
  };

  return (
    <>
      <PageHeader
        title="Pages"
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" disabled={!mayCreate} onClick={() => openCreate()}>
              <Icon icon={Plus} />
              Create page
            </Button>
          ) : null
        }
      />
      <FeatureGate slug={slug} project={project} feature="page_view" notice="disabled-pages">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as PageListType)}>
          <Tabs.List ref={tabStrip} className="app-tabs-list" aria-label="Page lists">
            {PAGE_TABS.map(({ type, label }) => (
              <Tabs.Trigger key={type} value={type} className="app-tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {PAGE_TABS.map(({ type }) => (
            <Tabs.Content key={type} value={type} className="app-content">
              <PageList slug={slug} projectId={projectId} type={type} role={project.role} onCreate={openCreate} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </FeatureGate>
      {mayCreate && enabled ? (
        <NamedFormDialog
          open={creating}
          onOpenChange={setCreating}
          title="Create page"
          description={parent ? `The new page goes in “${pageName(parent)}”.` : 'A page is a document of the project.'}
          nameLabel="Page name"
          submitLabel="Create page"
          onSubmit={({ name }) => create(name)}
        />
      ) : null}
    </>
  );
}
