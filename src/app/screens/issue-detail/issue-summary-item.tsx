import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IssueSummary } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { StateIcon } from '../issues/issue-icons.js';
import { IssueKey, issueKey } from '../issues/issue-key.js';

/** One issue another issue's page lists (a sub-issue, a related issue): its key and title linking to it, its state, and `action` (Remove) at the end. */
export function IssueSummaryItem({ slug, issue, action }: { slug: string; issue: IssueSummary; action?: ReactNode }) {
  return (
    <li className="app-linked-issue">
      {/* Inline, with a real space: the link's name reads "WEB-3 Fix the footer", and a long title ends in an ellipsis. */}
      <Link to={paths.issue(slug, issue.project_id, issue.id)} className="app-linked-issue-link">
        <IssueKey issue={issue} /> <span className="app-linked-issue-name">{issue.name}</span>
      </Link>
      {issue.state__name ? (
        <span className="app-linked-issue-state">
          <StateIcon group={issue.state__group} color={issue.state__color} decorative />
          {issue.state__name}
        </span>
      ) : null}
      {action}
    </li>
  );
}

/** The words naming an issue in a button's label ("Remove WEB-3 Fix the footer"). */
export const summaryName = (issue: IssueSummary) => `${issueKey(issue)} ${issue.name}`;
