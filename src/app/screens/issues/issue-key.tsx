import { NO_COLOUR, StateDot } from '../../ui/pickers/index.js';
import type { ListedIssue } from '../../api/types.js';

/** How the spec shows an issue: `{project identifier}-{sequence_id}`. */
export function issueKey(issue: Pick<ListedIssue, 'project__identifier' | 'sequence_id'>): string {
  return `${issue.project__identifier}-${issue.sequence_id}`;
}

/** An issue's key with its state's colour as a dot (the colour is decoration; the key is the text). */
export function IssueKey({ issue }: { issue: Pick<ListedIssue, 'project__identifier' | 'sequence_id' | 'state__color'> }) {
  return (
    <span className="app-issue-key">
      <StateDot color={issue.state__color ?? NO_COLOUR} />
      {issueKey(issue)}
    </span>
  );
}
