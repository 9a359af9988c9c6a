import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParamEdits } from '../../router/search-param-edits.js';
import type { IssueRow, Priority, State } from '../../api/types.js';
import { Icon } from '../../ui/icon.js';
import { ISSUE_GROUPS_CLASS, IssueList, ListFooter } from './issue-list.js';
import type { RowEditing } from './use-change-issue.js';
import type { RowSelectionControls } from './use-row-selection.js';
import { PRIORITY_LABELS, PriorityIcon, STATE_GROUPS, StateIcon } from './issue-icons.js';

import type { IssueDisplayProperty, IssueGrouping } from '../../../api-shapes/issue-display.js';

/** What a list can be grouped by (the shared list a saved view is checked against). */
export type { IssueGrouping };

const GROUPINGS: ReadonlyArray<{ value: IssueGrouping; label: string }> = [
  { value: 'none', label: 'None' },
  { value: 'state', label: 'State' },
  { value: 'priority', label: 'Priority' },
  { value: 'assignee', label: 'Assignee' },
  { value: 'labels', label: 'Labels' },
];

/** One heading of a grouped list and its issues. */
export interface IssueGroup {
  key: string;
  title: string;
  issues: IssueRow[];
  /** The heading's icon: the state's (its group and colour) or the priority's, as the rows show them. */
  icon?: { state: { group: string | null; color: string | null } } | { priority: Priority };
}

const PRIORITY_ORDER: readonly Priority[] = ['urgent', 'high', 'medium', 'low'];

/**
 * The rows under their headings: states in workflow order (the project's order where known),
 * priorities most pressing first, assignees and labels by name (an issue under each of its
 * assignees, or labels); "No state", "No priority", "No assignee" and "No label" come last.
 * Empty groups are left out.
 */
export function groupIssues(issues: readonly IssueRow[], by: Exclude<IssueGrouping, 'none'>, states: readonly State[] = []): IssueGroup[] {
  const groups = new Map<string, IssueGroup & { rank: string }>();
  const add = (key: string, title: string, rank: string, issue: IssueRow, icon?: IssueGroup['icon']) => {
    const group = groups.get(key) ?? { key, title, rank, issues: [], ...(icon ? { icon } : {}) };
    group.issues.push(issue);
    groups.set(key, group);
  };
  const pad = (n: number) => String(n).padStart(4, '0');
  for (const issue of issues) {
    if (by === 'state') {
      const state = states.find((item) => item.id === issue.state_id);
      const group = state?.group ?? issue.state__group ?? '';
      const groupRank = STATE_GROUPS.indexOf(group as (typeof STATE_GROUPS)[number]);
      const icon = { state: { group: group || null, color: state?.color ?? issue.state__color } };
      if (issue.state_id) add(issue.state_id, state?.name ?? issue.state__name ?? 'Unknown state', `0${pad(groupRank < 0 ? 99 : groupRank)}${pad(state?.sequence ?? 0)}`, issue, icon);
      else add('', 'No state', '1', issue, { state: { group: null, color: null } });
    } else if (by === 'priority') {
      const rank = PRIORITY_ORDER.indexOf(issue.priority);
      if (rank >= 0) add(issue.priority, PRIORITY_LABELS.get(issue.priority)!, `0${rank}`, issue, { priority: issue.priority });
      else add('none', 'No priority', '1', issue, { priority: 'none' });
    } else if (by === 'labels') {
      for (const label of issue.labels) add(label.id, label.name, `0${label.name.toLowerCase()}`, issue);
      if (!issue.labels.length) add('', 'No label', '1', issue);
    } else {
      for (const user of issue.assignees) add(user.id, user.display_name, `0${user.display_name.toLowerCase()}`, issue);
      if (!issue.assignees.length) add('', 'No assignee', '1', issue);
    }
  }
  return [...groups.values()].sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0)).map(({ rank: _, ...group }) => group);
}

/** The list's grouping, kept in the URL as `?group=`. */
export function useIssueGrouping(): [IssueGrouping, (grouping: IssueGrouping) => void] {
  const [params, edit] = useSearchParamEdits();
  const asked = params.get('group');
  const grouping = GROUPINGS.find((item) => item.value === asked)?.value ?? 'none';
  const choose = (next: IssueGrouping) => edit((updated) => (next === 'none' ? updated.delete('group') : updated.set('group', next)));
  return [grouping, choose];
}

/** The "Group by" choice of the list layout. */
export function GroupBySelect({ value, onChange }: { value: IssueGrouping; onChange(grouping: IssueGrouping): void }) {
  const id = useId();
  return (
    <div className="app-field">
      <label htmlFor={id}>Group by</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as IssueGrouping)}>
        {GROUPINGS.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The loaded rows under collapsible headings ("In Progress · 3"), each heading a button telling whether its rows show. */
export function GroupedIssueList({
  slug,
  issues,
  by,
  states,
  total,
  editing,
  selection,
  display,
}: {
  slug: string;
  issues: readonly IssueRow[];
  by: Exclude<IssueGrouping, 'none'>;
  states?: readonly State[];
  total?: number;
  editing?: RowEditing;
  selection?: RowSelectionControls;
  display?: readonly IssueDisplayProperty[];
}) {
  const id = useId();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <>
      <div className={ISSUE_GROUPS_CLASS}>
      {groupIssues(issues, by, states).map((group, index) => {
        const open = !collapsed.has(group.key);
        const body = `${id}-${index}`;
        return (
          <section key={group.key} className="app-issue-group">
            <h2 className="app-issue-group-heading">
              <button type="button" className="app-issue-group-toggle" aria-expanded={open} aria-controls={body} onClick={() => toggle(group.key)}>
                <Icon icon={open ? ChevronDown : ChevronRight} size="small" />
                {group.icon && 'state' in group.icon ? <StateIcon group={group.icon.state.group} color={group.icon.state.color} decorative /> : null}
                {group.icon && 'priority' in group.icon ? <PriorityIcon priority={group.icon.priority} decorative /> : null}
                {`${group.title} · ${group.issues.length}`}
              </button>
            </h2>
            <div id={body} hidden={!open}>
              {open ? <IssueList slug={slug} issues={group.issues} label={group.title} editing={editing} selection={selection} display={display} /> : null}
            </div>
          </section>
        );
      })}
      </div>
      <ListFooter shown={issues.length} total={total} />
    </>
  );
}
