import { ISSUE_DISPLAY_PROPERTIES, ISSUE_ORDERINGS, type IssueDisplayProperty, type IssueGrouping, type IssueLayout, type IssueOrdering } from '../../../api-shapes/issue-display.js';
import type { IssueListQuery } from '../../api/issues.js';
import type { Priority, SavedViewQuery } from '../../api/types.js';
import type { IssueFilterValues } from './issue-filters.js';
import { useSearchParamEdits } from '../../router/search-param-edits.js';

// The issue list keeps what it shows in its address (`?priority=high&order=priority&layout=board`),
// with the filters in the issue list query's own text form: so a saved view opens as a link built
// from its saved query, Back and Reload keep the list as it was, and saving a view reads the
// address back.

/** A view's filters: the issue list query's text form. */
export type SavedFilters = SavedViewQuery['filters'];

// Every filter field of the saved shape, checked against it when compiled.
const FILTER_FIELDS: Record<keyof SavedFilters, true> = {
  state: true,
  priority: true,
  assignee: true,
  label: true,
  target_after: true,
  target_before: true,
  target_from: true,
  target_to: true,
  search: true,
};
const FILTER_KEYS = Object.keys(FILTER_FIELDS) as (keyof SavedFilters)[];
const DATE_KEYS = ['target_after', 'target_before', 'target_from', 'target_to'] as const;

/** The filters the address holds. */
export function filtersOf(params: URLSearchParams): SavedFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as SavedFilters;
}

/** The list route's query for saved filters: each list split back into its values. */
export function listQueryOf(filters: SavedFilters): IssueListQuery {
  const list = <T extends string>(value: string | undefined) => (value ? (value.split(',') as T[]) : undefined);
  return {
    state: list(filters.state),
    priority: list<Priority>(filters.priority),
    assignee: list(filters.assignee),
    label: list(filters.label),
    ...Object.fromEntries(DATE_KEYS.filter((key) => filters[key]).map((key) => [key, filters[key]])),
    search: filters.search || undefined,
  };
}

/** The toolbar's filter values for saved filters (each list split into its values). */
export function filterValuesOf(filters: SavedFilters): IssueFilterValues {
  const list = <T extends string>(value: string | undefined) => (value ? (value.split(',') as T[]) : []);
  const { target_after: after, target_before: before, target_from: from, target_to: to } = filters;
  return {
    state: list(filters.state),
    priority: list<Priority>(filters.priority),
    assignee: list(filters.assignee),
    label: list(filters.label),
    targetDate: from && to ? { after: from, before: to } : before ? { type: 'before', date: before } : after ? { type: 'after', date: after } : null,
  };
}

/** The properties the list's rows show (`?display=`; all of them when it is not given). */
function displayOf(params: URLSearchParams): readonly IssueDisplayProperty[] {
  const shown = params.get('display');
  return shown === null ? ISSUE_DISPLAY_PROPERTIES : ISSUE_DISPLAY_PROPERTIES.filter((item) => shown.split(',').includes(item));
}

/** The toolbar's filter values as saved filters' text (the search is kept apart). */
function savedFiltersOf(values: IssueFilterValues): SavedFilters {
  const date = values.targetDate;
  return {
    ...(values.state.length ? { state: values.state.join(',') } : {}),
    ...(values.priority.length ? { priority: values.priority.join(',') } : {}),
    ...(values.assignee.length ? { assignee: values.assignee.join(',') } : {}),
    ...(values.label.length ? { label: values.label.join(',') } : {}),
    ...(!date ? {} : 'type' in date ? { [date.type === 'before' ? 'target_before' : 'target_after']: date.date } : { target_from: date.after, target_to: date.before }),
  };
}

/** The list's filters, order and shown properties, from the address, with their setters (each replacing the entry). */
export function useIssueListParams() {
  const [params, change] = useSearchParamEdits();
  const asked = params.get('order');
  const order: IssueOrdering = ISSUE_ORDERINGS.find((item) => item === asked) ?? 'newest';
  return {
    filters: filtersOf(params),
    /** Sets the filters to what `next` makes of the latest ones. */
    setFilterValues: (next: (current: IssueFilterValues) => IssueFilterValues) =>
      change((updated) => {
        const values = next(filterValuesOf(filtersOf(updated)));
        for (const key of FILTER_KEYS) if (key !== 'search') updated.delete(key);
        for (const [key, value] of Object.entries(savedFiltersOf(values))) updated.set(key, value);
      }),
    order,
    setOrder: (next: IssueOrdering) => change((updated) => (next === 'newest' ? updated.delete('order') : updated.set('order', next))),
    display: displayOf(params),
    /** Sets the shown properties to what `next` makes of the latest ones. */
    setDisplay: (next: (current: readonly IssueDisplayProperty[]) => readonly IssueDisplayProperty[]) =>
      change((updated) => {
        const shown = next(displayOf(updated));
        if (shown.length === ISSUE_DISPLAY_PROPERTIES.length) updated.delete('display');
        else updated.set('display', shown.join(','));
      }),
    /** The saved view the list was opened from (`?view=`), if any. */
    viewId: params.get('view'),
  };
}

/** What a view saves of the list as it is now. */
export function savedQueryOf(filters: SavedFilters, order: IssueOrdering, group: IssueGrouping, display: readonly IssueDisplayProperty[], layout: IssueLayout): SavedViewQuery {
  return { filters, order, group_by: group, display: [...display], layout };
}

/** The list's address query (`?…`) that shows `query` as view `viewId`. */
export function viewSearch(query: SavedViewQuery, viewId: string): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (value) params.set(key, value);
  }
  if (query.order !== 'newest') params.set('order', query.order);
  if (query.group_by !== 'none') params.set('group', query.group_by);
  if (query.display.length !== ISSUE_DISPLAY_PROPERTIES.length) params.set('display', query.display.join(','));
  params.set('layout', query.layout);
  params.set('view', viewId);
  return `?${params}`;
}
