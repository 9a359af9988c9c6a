import { Link } from 'react-router';
import type { ListedIssue } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { useStyles } from '../../ui/styles.js';
import { screensCss } from '../screens.css.js';
import { IssueKey, issueKey } from './issue-key.js';

/** A list of issues as listed: key (with the state colour) and name, each a link to the issue's page. */
export function IssueList({ slug, issues, label, total }: { slug: string; issues: readonly ListedIssue[]; label: string; total?: number }) {
  useStyles('app-screens', screensCss);
  return (
    <>
      <ul className="app-issue-list" aria-label={label}>
        {issues.map((issue) => (
          <li key={issue.id} className="app-issue-row">
            <IssueKey issue={issue} />
            <Link to={paths.issue(slug, issue.project_id, issue.id)} aria-label={`${issueKey(issue)} ${issue.name}`}>
              {issue.name}
            </Link>
          </li>
        ))}
      </ul>
      {total !== undefined && total > issues.length ? (
        <p className="app-list-footer">
          Showing {issues.length} of {total} issues.
        </p>
      ) : null}
    </>
  );
}
