import { Link } from 'react-router';
import { ISSUE_DISPLAY_PROPERTIES, type IssueDisplayProperty } from '../../../api-shapes/issue-display.js';
import type { IssueRow, Priority } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { AvatarGroup } from '../../ui/avatar.js';
import { StateDot } from '../../ui/pickers/index.js';
import { useStyles } from '../../ui/styles.js';
import { formatDay } from '../../widgets/activity-feed/index.js';
import { screensCss } from '../screens.css.js';
import { PriorityIcon, StateIcon } from './issue-icons.js';
import { EstimateChip } from './issue-estimate.js';
import { issueKey } from './issue-key.js';
import { PeekButton } from './issue-peek.js';
import { PriorityPicker } from './issue-pickers.js';
import type { RowSelectionControls } from './use-row-selection.js';

/** Changes a listed issue's priority (members and admins); without it the row only shows the priority. */
export type PriorityChange = (issue: IssueRow, priority: Priority) => void;


/** Labels shown whole in a row before the rest are counted ("+2"): a name is never cut short. */
const ROW_LABELS_SHOWN = 1;

/** A row's labels: the first whole (wrapping when it is longer than the column), then "+N" naming the others on hover and for screen readers. */
function RowLabels({ labels }: { labels: IssueRow['labels'] }) {
  const rest = labels.slice(ROW_LABELS_SHOWN);
  return (
    <>
      {labels.slice(0, ROW_LABELS_SHOWN).map((item) => (
        <span key={item.id} className="app-issue-label">
          <StateDot color={item.color} />
          {item.name}
        </span>
      ))}
      {rest.length ? (
        <span className="app-issue-label app-issue-label-more" title={rest.map((item) => item.name).join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="app-visually-hidden">{`, ${rest.map((item) => item.name).join(', ')}`}</span>
        </span>
      ) : null}
    </>
  );
}

/**
 * A list of issues as listed, in aligned columns: state icon (in the state's colour), priority
 * icon, key, name (a link to the issue's page, cut short with the full name in its title),
 * estimate and labels, assignees and target date; those `display` leaves out keep their column, empty. Given
 * `onPriorityChange`, the priority is the side panel's picker.
 */
export function IssueList({
  slug,
  issues,
  label,
  total,
  onPriorityChange,
  selection,
  display = ISSUE_DISPLAY_PROPERTIES,
}: {
  slug: string;
  issues: readonly IssueRow[];
  label: string;
  total?: number;
  onPriorityChange?: PriorityChange;
  /** Given, each row starts with a checkbox (Shift-click selects a range). */
  selection?: RowSelectionControls;
  display?: readonly IssueDisplayProperty[];
}) {
  useStyles('app-screens', screensCss);
  const shows = (property: IssueDisplayProperty) => display.includes(property);
  return (
    <>
      <ul className="app-issue-list" aria-label={label} data-selectable={selection ? '' : undefined}>
        {issues.map((issue) => (
          <li key={issue.id} className="app-issue-row app-issue-grid-row">
            {selection ? (
              <input
                type="checkbox"
                className="app-issue-select"
                aria-label={`Select ${issueKey(issue)}`}
                checked={selection.selected.has(issue.id)}
                onChange={(event) => selection.click(issue.id, (event.nativeEvent as MouseEvent).shiftKey === true)}
              />
            ) : null}
            <StateIcon group={issue.state__group} color={issue.state__color} name={issue.state__name} />
            <span className="app-issue-cell">
              {!shows('priority') ? null : onPriorityChange ? (
                <PriorityPicker compact value={issue.priority} onChange={(priority) => onPriorityChange(issue, priority)} />
              ) : (
                <PriorityIcon priority={issue.priority} />
              )}
            </span>
            <span className="app-issue-key">{shows('key') ? issueKey(issue) : null}</span>
            <span className="app-issue-title-cell">
              <Link to={paths.issue(slug, issue.project_id, issue.id)} aria-label={`${issueKey(issue)} ${issue.name}`} title={issue.name}>
                {issue.name}
              </Link>
              <PeekButton issue={issue} />
            </span>
            <span className="app-issue-labels">
              {issue.estimate_point && shows('estimate') ? <EstimateChip value={issue.estimate_point} /> : null}
              {shows('labels') ? <RowLabels labels={issue.labels} /> : null}
            </span>
            <span className="app-issue-assignees">
              {issue.assignees.length && shows('assignees') ? (
                <AvatarGroup people={issue.assignees} label="Assignees:" />
              ) : null}
            </span>
            {issue.target_date && shows('target_date') ? (
              <time className="app-issue-date" dateTime={issue.target_date} title="Target date">
                <span className="app-visually-hidden">Target date </span>
                {formatDay(issue.target_date)}
              </time>
            ) : (
              <span className="app-issue-date" />
            )}
          </li>
        ))}
      </ul>
      <ListFooter shown={issues.length} total={total} />
    </>
  );
}

/** "Showing N of M issues." under a list, board or grouped list that holds fewer issues than there are. */
export function ListFooter({ shown, total }: { shown: number; total: number | undefined }) {
  return total !== undefined && total > shown ? (
    <p className="app-list-footer">
      Showing {shown} of {total} issues.
    </p>
  ) : null;
}
