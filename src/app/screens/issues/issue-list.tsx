import { Link } from 'react-router';
import type { ListedIssue } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { useStyles } from '../../ui/styles.js';
import { formatDay } from '../../widgets/activity-feed/index.js';
import { screensCss } from '../screens.css.js';
import { IssueKey, issueKey } from './issue-key.js';

/** A list of issues as listed: key (with the state colour), name (a link to the issue's page) and target date. */
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
            {issue.target_date ? (
              <time className="app-issue-date" dateTime={issue.target_date} title="Target date">
                <span className="app-visually-hidden">Target date </span>
                {formatDay(issue.target_date)}
              </time>
            ) : null}
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
