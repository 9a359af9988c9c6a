import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ISSUE_DISPLAY_PROPERTIES, type IssueDisplayProperty } from '../../../api-shapes/issue-display.js';
import type { IssueRow } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { AvatarGroup } from '../../ui/avatar.js';
import { DatePicker } from '../../ui/pickers/index.js';
import { useStyles } from '../../ui/styles.js';
import { LIST_ENTRY_PROPS, listStep } from '../../widgets/command-palette/index.js';
import { screensCss } from '../screens.css.js';
import { PriorityIcon, StateIcon } from './issue-icons.js';
import { EstimateChip } from './issue-estimate.js';
import { issueKey } from './issue-key.js';
import { PeekButton } from './issue-peek.js';
import { AssigneePicker, LabelPicker, PriorityPicker, StatePicker } from './issue-pickers.js';
import { RowLabels } from './row-labels.js';
import type { RowChanges, RowEditing } from './use-change-issue.js';
import type { RowSelectionControls } from './use-row-selection.js';
import { TargetDay, useOverdue } from './issue-due.js';

/**
 * A list of issues as listed, in aligned columns: state icon (in the state's colour), priority
 * icon, key, name (a link to the issue's page, cut short with the full name in its title),
 * estimate and labels, assignees and target date; those `display` leaves out keep their column, empty. Given
 * `editing` (members and admins), state, priority, labels, assignees and target date are the side
 * panel's pickers, compact, each change made in place.
 */
export function IssueList({
  slug,
  issues,
  label,
  total,
  editing,
  selection,
  display = ISSUE_DISPLAY_PROPERTIES,
}: {
  slug: string;
  issues: readonly IssueRow[];
  label: string;
  total?: number;
  editing?: RowEditing;
  /** Given, each row starts with a checkbox (Shift-click selects a range). */
  selection?: RowSelectionControls;
  display?: readonly IssueDisplayProperty[];
}) {
  useStyles('app-screens', screensCss);
  const shows = (property: IssueDisplayProperty) => display.includes(property);
  return (
    <>
      <ul className="app-issue-list app-issue-grid" aria-label={label} data-selectable={selection ? '' : undefined} onKeyDown={moveAmongRows}>
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
            <IssueRowCells slug={slug} issue={issue} editing={editing} shows={shows} />
          </li>
        ))}
      </ul>
      <ListFooter shown={issues.length} total={total} />
    </>
  );
}

/** What a row's keyboard user can reach in it: its checkbox, its pickers, its link and its preview button. */
const ROW_CONTROLS = 'a[href], button:not([disabled]), input:not([disabled])';
/** The element a grouped list's groups are in: the rows are walked across them. */
export const ISSUE_GROUPS_CLASS = 'app-issue-groups';

/**
 * Down and Up Arrow (or J and K) on a row's control move focus to the same control of the next
 * or previous row, across a grouped list's groups, as in Linear's lists: fifty issues are fifty
 * keys, not hundreds of Tabs. Keys with a modifier are left alone, and so are those of a popup a
 * row's picker opened (React passes a portal's keys up to the row; they come from no row). A row
 * holds no field of its own: its pickers' fields are in their popups.
 */
function moveAmongRows(event: KeyboardEvent<HTMLUListElement>): void {
  const step = listStep(event);
  if (!step || event.defaultPrevented) return;
  const target = event.target as HTMLElement;
  const row = target.closest('.app-issue-row');
  const scope = event.currentTarget.closest(`.${ISSUE_GROUPS_CLASS}`) ?? event.currentTarget;
  const rows = [...scope.querySelectorAll('.app-issue-list > .app-issue-row')];
  const at = row ? rows.indexOf(row) : -1;
  const next = at < 0 ? undefined : rows[at + step];
  if (!row || !next) return;
  // The controls drawn: a narrow row hides the empty pickers of a line it leaves out, which could not take focus.
  const drawn = (of: Element) => [...of.querySelectorAll<HTMLElement>(ROW_CONTROLS)].filter((control) => control.getClientRects().length > 0);
  const column = drawn(row).indexOf(target);
  const controls = drawn(next);
  const to = controls[Math.min(Math.max(column, 0), controls.length - 1)];
  if (!to) return;
  event.preventDefault();
  to.focus();
}

/** A row's cells after its checkbox: state, priority, key, title, estimate and labels, assignees, target date. */
function IssueRowCells({ slug, issue, editing, shows }: { slug: string; issue: IssueRow; editing?: RowEditing; shows(property: IssueDisplayProperty): boolean }) {
  const choices = editing?.choices;
  const change = editing && ((changes: RowChanges) => void editing.onIssueChange(issue, changes));
  const overdue = useOverdue(issue);
  return (
    <>
      <span className="app-issue-cell">
        {choices && change ? (
          <StatePicker compact choices={choices} value={issue.state_id} known={issue} onChange={(stateId) => change({ state_id: stateId })} />
        ) : (
          <StateIcon group={issue.state__group} color={issue.state__color} name={issue.state__name} />
        )}
      </span>
      <span className="app-issue-cell">
        {!shows('priority') ? null : change ? (
          <PriorityPicker compact value={issue.priority} onChange={(priority) => change({ priority })} />
        ) : (
          <PriorityIcon priority={issue.priority} />
        )}
      </span>
      <span className="app-issue-key">{shows('key') ? issueKey(issue) : null}</span>
      <span className="app-issue-title-cell">
        <Link to={paths.issue(slug, issue.project_id, issue.id)} aria-label={`${issueKey(issue)} ${issue.name}`} title={issue.name} {...LIST_ENTRY_PROPS}>
          {issue.name}
        </Link>
        <PeekButton issue={issue} />
      </span>
      <span className="app-issue-labels">
        {issue.estimate_point && shows('estimate') ? <EstimateChip value={issue.estimate_point} /> : null}
        {!shows('labels') ? null : choices && change ? (
          <LabelPicker compact choices={choices} value={issue.label_ids} known={issue.labels} onChange={(ids) => change({ label_ids: ids })} />
        ) : (
          <RowLabels labels={issue.labels} />
        )}
      </span>
      <span className="app-issue-assignees">
        {!shows('assignees') ? null : choices && change ? (
          <AssigneePicker compact choices={choices} value={issue.assignee_ids} known={issue.assignees} onChange={(ids) => change({ assignee_ids: ids })} />
        ) : issue.assignees.length ? (
          <AvatarGroup people={issue.assignees} label="Assignees:" />
        ) : null}
      </span>
      <span className="app-issue-date">
        {!shows('target_date') ? null : change ? (
          <DatePicker compact label="Target date" value={issue.target_date} overdue={overdue} onPick={(day) => change({ target_date: day })} />
        ) : (
          <TargetDay issue={issue} />
        )}
      </span>
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
