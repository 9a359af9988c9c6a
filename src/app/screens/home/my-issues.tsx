import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { STATE_GROUPS, type StateGroup } from '../../../api-shapes/state-groups.js';
import { useApi } from '../../api/api-context.js';
import type { WorkspaceIssueTab } from '../../api/issues.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueRow } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { WORKSPACE_ISSUE_TAB_LABELS } from '../../layout/sidebar.js';
import { paths } from '../../router/paths.js';
import { ShowMoreButton } from '../../ui/button.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { useWorkspaceCreate } from '../empty-state-actions.js';
import { PriorityIcon, STATE_GROUP_ICONS, StateIcon } from '../issues/issue-icons.js';
import { ListFooter } from '../issues/issue-list.js';
import { TargetDay } from '../issues/issue-due.js';
import { issueKey } from '../issues/issue-key.js';
import { useIssuePages } from '../issues/use-issue-pages.js';
import { myIssuesCss } from './my-issues.css.js';
import { tabStrip } from '../../ui/tab-strip.js';

/** The tabs of "My issues": the workspace issue tabs about the user. */
export const MY_ISSUE_TABS = WORKSPACE_ISSUE_TAB_LABELS.filter((entry) => entry.tab !== 'all-issues');

/** One tab of "My issues". */
export type MyIssueTab = Exclude<WorkspaceIssueTab, 'all-issues'>;

/** Issues read per group and page on the home. */
export const MY_ISSUES_PAGE_SIZE = 10;

/** The query key of one state group's issues in one tab (under the tab's own key, so whatever refreshes the tab refreshes it). */
export const myIssuesKey = (slug: string, tab: MyIssueTab, group: StateGroup) => [...queryKeys.workspaceIssues(slug, tab), 'state-group', group] as const;

/** One state group's issues of the tab, read page by page. */
function useGroupPages(slug: string, tab: MyIssueTab, group: StateGroup) {
  const api = useApi();
  return useIssuePages(myIssuesKey(slug, tab, group), (offset) =>
    api.issues.workspaceTab(slug, tab, { state_group: [group], limit: MY_ISSUES_PAGE_SIZE, offset }),
  );
}

type GroupPages = ReturnType<typeof useGroupPages>;

/** One state group: its name and count, its issues in short rows (state, priority, key and name linking to the issue), and more on demand. */
function StateGroupIssues({ slug, group, pages }: { slug: string; group: StateGroup; pages: GroupPages }) {
  const headingId = useId();
  const { label } = STATE_GROUP_ICONS[group];
  const { query, issues, total } = pages;
  return (
    <section className="app-my-issues-group" aria-labelledby={headingId} data-state-group={group}>
      <h3 id={headingId}>
        <StateIcon group={group} color={null} decorative />
        {label}
        <span className="app-my-issues-count">
          {total}
          <span className="app-visually-hidden">{total === 1 ? ' issue' : ' issues'}</span>
        </span>
      </h3>
      <ul className="app-issue-list" aria-label={`${label} issues`}>
        {(issues as IssueRow[]).map((issue) => (
          <li key={issue.id} className="app-issue-row">
            <StateIcon group={issue.state__group} color={issue.state__color} name={issue.state__name} />
            <PriorityIcon priority={issue.priority} />
            <span className="app-issue-key">{issueKey(issue)}</span>
            <Link to={paths.issue(slug, issue.project_id, issue.id)} aria-label={`${issueKey(issue)} ${issue.name}`} title={issue.name}>
              {issue.name}
            </Link>
            <TargetDay issue={issue} className="app-issue-date" />
          </li>
        ))}
      </ul>
      <ListFooter shown={issues.length} total={total} />
      <ShowMoreButton pages={query} size="small">{`Show more ${label} issues`}</ShowMoreButton>
    </section>
  );
}

/** A tab's issues grouped by state group (only groups with issues), or the tab's empty state. */
function MyIssuesTab({ slug, tab, role }: { slug: string; tab: MyIssueTab; role: number | undefined }) {
  const create = useWorkspaceCreate(slug);
  // STATE_GROUPS is a fixed list, so these hooks run in the same order on every render.
  const groups = STATE_GROUPS.map((group) => ({ group, pages: useGroupPages(slug, tab, group) }));
  const failed = groups.find(({ pages }) => pages.query.isError);
  if (failed) return <p role="alert">{failed.pages.query.error!.message}</p>;
  if (groups.some(({ pages }) => pages.query.isPending)) return <Spinner label="Loading your issues…" />;
  const shown = groups.filter(({ pages }) => pages.total > 0);
  if (!shown.length) return <EmptyState type={tab} role={role} onAction={create} headingLevel={3} />;
  return (
    <>
      {shown.map(({ group, pages }) => (
        <StateGroupIssues key={group} slug={slug} group={group} pages={pages} />
      ))}
      <p>
        <Link to={paths.workspaceIssues(slug, tab)}>Open the full list</Link>
      </p>
    </>
  );
}

/** "My issues" on the workspace home: assigned to, created by and subscribed to by the user, in tabs, each grouped by state group. */
export function MyIssues({ slug, role }: { slug: string; role: number | undefined }) {
  useStyles('app-my-issues', myIssuesCss);
  const headingId = useId();
  const [tab, setTab] = useState<MyIssueTab>('assigned');
  return (
    <section className="app-my-issues" aria-labelledby={headingId}>
      <h2 id={headingId}>My issues</h2>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as MyIssueTab)}>
        <Tabs.List ref={tabStrip} className="app-tabs-list app-my-issues-tabs" aria-label="My issues">
          {MY_ISSUE_TABS.map((entry) => (
            <Tabs.Trigger key={entry.tab} value={entry.tab} className="app-tab">
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MY_ISSUE_TABS.map((entry) => (
          <Tabs.Content key={entry.tab} value={entry.tab} className="app-my-issues-panel">
            <MyIssuesTab slug={slug} tab={entry.tab} role={role} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
