import { isDoneGroup } from '../../../api-shapes/state-groups.js';
import { formatDay } from '../../ui/dates.js';
import { OVERDUE, OverdueMark } from '../../ui/overdue.js';
import { useToday } from '../../ui/today.js';

/** What deciding overdue reads of an issue. */
export interface DueIssue {
  target_date: string | null;
  state__group: string | null;
}

/** Whether `issue`'s target day is before `today` (`YYYY-MM-DD`, where the reader is) while it is neither completed nor cancelled. */
export function isOverdue(issue: DueIssue, today: string): boolean {
  return !!issue.target_date && issue.target_date.slice(0, 10) < today && !isDoneGroup(issue.state__group);
}

/** Whether `issue` is overdue today where the reader is. */
export function useOverdue(issue: DueIssue): boolean {
  return isOverdue(issue, useToday());
}

/** An issue's target day where it cannot be changed (a row, a card, the peek): the day, marked when overdue; nothing without a day. */
export function TargetDay({ issue, className, named = true }: { issue: DueIssue; className?: string; named?: boolean }) {
  const overdue = useOverdue(issue);
  if (!issue.target_date) return null;
  return (
    <time className={className} dateTime={issue.target_date} title={overdue ? OVERDUE : 'Target date'} data-overdue={overdue || undefined}>
      {named ? <span className="app-visually-hidden">Target date </span> : null}
      {formatDay(issue.target_date)}
      {overdue ? <OverdueMark /> : null}
    </time>
  );
}
