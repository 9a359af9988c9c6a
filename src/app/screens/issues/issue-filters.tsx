import { useId } from 'react';
import type { IssueListQuery } from '../../api/issues.js';
import type { Priority, State } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { controlsCss } from '../../ui/controls.css.js';
import { useStyles } from '../../ui/styles.js';
import { DateFilter, type DateFilterValue } from '../../widgets/date-filter/index.js';
import { PRIORITY_OPTIONS } from './priorities.js';
import { issueFiltersCss } from './issue-filters.css.js';

/** The filters of a project's issue list (the server applies them all). */
export interface IssueFilterValues {
  state: string;
  priority: Priority | '';
  targetDate: DateFilterValue | null;
}

/** No filter at all. */
export const NO_FILTERS: IssueFilterValues = { state: '', priority: '', targetDate: null };

/** The list route's query for a date filter: before and after are exclusive, a range includes its ends. */
export function targetDateQuery(filter: DateFilterValue | null): Pick<IssueListQuery, 'target_after' | 'target_before' | 'target_from' | 'target_to'> {
  if (!filter) return {};
  if ('type' in filter) return filter.type === 'before' ? { target_before: filter.date } : { target_after: filter.date };
  return { target_from: filter.after, target_to: filter.before };
}

/** The filter bar over a project's issues. */
export function IssueFilters({ states, value, onChange }: { states: readonly State[]; value: IssueFilterValues; onChange(value: IssueFilterValues): void }) {
  useStyles('app-controls', controlsCss);
  useStyles('app-issue-filters', issueFiltersCss);
  const id = useId();
  return (
    <div className="app-filter-bar" role="group" aria-label="Filters">
      <div className="app-field">
        <label htmlFor={`${id}-state`}>State</label>
        <select id={`${id}-state`} value={value.state} onChange={(event) => onChange({ ...value, state: event.target.value })}>
          <option value="">All states</option>
          {states.map((state) => (
            <option key={state.id} value={state.id}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
      <div className="app-field">
        <label htmlFor={`${id}-priority`}>Priority</label>
        <select id={`${id}-priority`} value={value.priority} onChange={(event) => onChange({ ...value, priority: event.target.value as Priority | '' })}>
          <option value="">All priorities</option>
          {PRIORITY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <DateFilter label="Target date" value={value.targetDate} onApply={(targetDate) => onChange({ ...value, targetDate })} />
      {value.targetDate ? (
        <Button size="small" variant="ghost" onClick={() => onChange({ ...value, targetDate: null })}>
          Clear date filter
        </Button>
      ) : null}
    </div>
  );
}
