import { Link } from 'react-router';
import type { IssueDetail } from '../../api/types.js';
import { useProject, useWorkspace } from '../../layout/workspace-data.js';
import { paths } from '../../router/paths.js';
import { IssueKey } from '../issues/issue-key.js';

/**
 * Where the issue is: its workspace (to the workspace's home), its project (to the project's
 * issues) and its key as the current page. One line: long names end in an ellipsis, so on a
 * phone the title stays near the top.
 */
export function IssueBreadcrumb({ slug, issue }: { slug: string; issue: IssueDetail }) {
  const workspace = useWorkspace(slug).data;
  const project = useProject(slug, issue.project_id).data;
  const workspaceName = workspace?.name ?? slug;
  const projectName = project?.name ?? issue.project__identifier;
  return (
    <nav aria-label="Breadcrumb" className="app-breadcrumb">
      <ol>
        <li>
          <Link to={paths.workspace(slug)} title={workspaceName}>
            {workspaceName}
          </Link>
        </li>
        <li>
          <Link to={paths.projectIssues(slug, issue.project_id)} title={projectName}>
            {projectName}
          </Link>
        </li>
        <li>
          <span aria-current="page">
            <IssueKey issue={issue} />
          </span>
        </li>
      </ol>
    </nav>
  );
}
