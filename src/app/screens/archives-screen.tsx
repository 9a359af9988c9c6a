import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { ShowMoreButton } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { IssueList } from './issues/issue-list.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from './issues/use-issue-pages.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { EmptyState } from '../empty-states/index.js';

/** A project's archived issues. */
export function ArchivesScreen() {
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const { query, issues, total } = useIssuePages([...queryKeys.issues(slug, projectId), 'archived'], (offset) =>
    api.issues.list(slug, projectId, { archived: true, limit: ISSUE_PAGE_SIZE, offset }),
  );
  return (
    <>
      <PageHeader title="Archives" description={project?.name} />
      <div className="app-content">
        {query.isPending ? (
          <Spinner label="Loading archived issues…" />
        ) : query.isError ? (
          <p role="alert">{query.error.message}</p>
        ) : issues.length === 0 ? (
          <EmptyState type="archived-issues" role={project?.role} />
        ) : (
          <>
            <IssueList slug={slug} issues={issues} total={total} label="Archived issues" />
            <ShowMoreButton pages={query}>Show more issues</ShowMoreButton>
          </>
        )}
      </div>
    </>
  );
}
