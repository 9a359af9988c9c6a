import * as Tabs from '@radix-ui/react-tabs';
import { useId } from 'react';
import { CircleUserRound } from 'lucide-react';
import { Avatar } from '../../ui/avatar.js';
import { Icon } from '../../ui/icon.js';
import { useStyles } from '../../ui/styles.js';
import { assigneeRows, labelRows, percent, stateRows, type Distribution, type ProgressRow } from './distribution.js';
import { progressBreakdownCss } from './progress-breakdown.css.js';
import { BREAKDOWN_TABS, useRememberedTab } from './remembered-tab.js';

/** Props of {@link ProgressBreakdown}. */
export interface ProgressBreakdownProps {
  distribution: Distribution;
}

function Bar({ row }: { row: ProgressRow }) {
  const nameId = useId();
  const amount = `${row.done} of ${row.total}`;
  return (
    <li className="pb-row">
      <span className="pb-name">
        {row.avatar !== undefined && <Avatar name={row.name} src={row.avatar} />}
        {row.nobody && <Icon icon={CircleUserRound} className="pb-nobody" />}
        {row.color !== undefined && <span className="pb-dot" style={{ backgroundColor: row.color ?? 'transparent' }} aria-hidden="true" />}
        <span id={nameId} className="pb-label" title={row.name}>
          {row.name}
        </span>
      </span>
      <ProgressMeter done={row.done} total={row.total} labelledBy={nameId} />
      <span className="pb-amount">{amount}</span>
    </li>
  );
}

/** One bar of "done of total", named by the element `labelledBy` or by `label`; assistive technology reads "3 of 6 (50%)". */
export function ProgressMeter({ done, total, labelledBy, label }: { done: number; total: number; labelledBy?: string; label?: string }) {
  useStyles('progress-breakdown', progressBreakdownCss);
  const value = percent(done, total);
  return (
    <div
      className="pb-bar"
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${done} of ${total} (${value}%)`}
    >
      <div className="pb-fill" style={{ width: `${value}%` }} />
    </div>
  );
}

/** Bars of "done of total", one per row (the `empty` text when there are none); `label` names the list. */
export function ProgressBars({ rows, empty, label }: { rows: ProgressRow[]; empty: string; label?: string }) {
  useStyles('progress-breakdown', progressBreakdownCss);
  if (!rows.length) return <p className="pb-empty">{empty}</p>;
  return (
    <ul className="pb-list" aria-label={label}>
      {rows.map((row) => (
        <Bar key={row.key} row={row} />
      ))}
    </ul>
  );
}

/** Progress by assignee, label and state group, in tabs; the chosen tab is remembered in the browser. */
export function ProgressBreakdown({ distribution }: ProgressBreakdownProps) {
  useStyles('progress-breakdown', progressBreakdownCss);
  const [tab, setTab] = useRememberedTab();
  return (
    <Tabs.Root className="pb-root" value={tab} onValueChange={setTab}>
      <Tabs.List className="pb-tabs" aria-label="Progress breakdown">
        {BREAKDOWN_TABS.map((name) => (
          <Tabs.Trigger key={name} value={name} className="pb-tab">
            {name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="Assignees" className="pb-panel">
        <ProgressBars rows={assigneeRows(distribution.assignees)} empty="No assignees yet." />
      </Tabs.Content>
      <Tabs.Content value="Labels" className="pb-panel">
        <ProgressBars rows={labelRows(distribution.labels)} empty="No labels yet." />
      </Tabs.Content>
      <Tabs.Content value="States" className="pb-panel">
        <ProgressBars rows={stateRows(distribution.states)} empty="No issues yet." />
      </Tabs.Content>
    </Tabs.Root>
  );
}
