import { Plus } from 'lucide-react';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import type { PageListType } from '../api/planning.js';
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

const PAGE_TABS: ReadonlyArray<{ type: PageListType; label: string }> = [
  { type: 'private', label: 'Private' },
  { type: 'public', label: 'Public' },
  { type: 'archived', label: 'Archived' },
];

function PageList({ slug, projectId, type, role, onCreate }: { slug: string; projectId: string; type: PageListType; role: number; onCreate(): void }) {
  const api = useApi();
  const pages = useQuery({ queryKey: [...queryKeys.planning(slug, projectId, 'pages'), type], queryFn: () => api.planning.pages(slug, projectId, type) });
  if (pages.isPending) return <Spinner label="Loading pages…" />;
  if (pages.isError) return <p role="alert">{pages.error.message}</p>;
  if (!pages.data.length) return <EmptyState type={`pages-${type}`} role={role} onAction={onCreate} />;
  return (
    <ul className="app-issue-list" aria-label={`${type} pages`}>
      {pages.data.map((page) => (
        <li key={page.id} className="app-issue-row">
          <Link to={paths.page(slug, projectId, page.id)}>{page.name || 'Untitled'}</Link>
          <span className="app-issue-key">{page.access === 'private' ? 'Private' : 'Public'}</span>
        </li>
      ))}
    </ul>
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
  if (!project) return null;
  const enabled = project.page_view;
  const mayCreate = can(project.role, Role.Member);

  const create = async (name: string) => {
    const page = await api.planning.createPage(slug, projectId, { name, access: tab === 'private' ? 'private' : 'public' });
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'pages') });
    // A new page is written at once: it opens in the page editor.
    navigate(paths.page(slug, projectId, page.id));
  };

  return (
    <>
      <PageHeader
        title="Pages"
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" disabled={!mayCreate} onClick={() => setCreating(true)}>
              <Icon icon={Plus} />
              Create page
            </Button>
          ) : null
        }
      />
      <FeatureGate slug={slug} project={project} feature="page_view" notice="disabled-pages">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as PageListType)}>
          <Tabs.List className="app-tabs-list" aria-label="Page lists">
            {PAGE_TABS.map(({ type, label }) => (
              <Tabs.Trigger key={type} value={type} className="app-tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {PAGE_TABS.map(({ type }) => (
            <Tabs.Content key={type} value={type} className="app-content">
              <PageList slug={slug} projectId={projectId} type={type} role={project.role} onCreate={() => setCreating(true)} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </FeatureGate>
      {mayCreate && enabled ? (
        <NamedFormDialog
          open={creating}
          onOpenChange={setCreating}
          title="Create page"
          description="A page is a document of the project."
          nameLabel="Page name"
          submitLabel="Create page"
          onSubmit={({ name }) => create(name)}
        />
      ) : null}
    </>
  );
}
