import type { Api } from '../../api/index.js';
import type { PlanningKindName, PlanningTypes } from '../../api/planning.js';
import { queryKeys } from '../../api/query-keys.js';
import type { ProjectFeature } from '../../api/types.js';
import type { EmptyStateActionKey, EmptyStateKey } from '../../empty-states/index.js';
import { paths } from '../../router/paths.js';
import { formatDay } from '../../ui/dates.js';
import type { NamedValues } from '../projects/named-form-dialog.js';

// Cycles and modules are one concept to the screens, a group of a project's issues with a name,
// dates and progress; what tells them apart is the data below.

/** What differs between cycles and modules: words, routes, the feature toggle and the end date's field. */
export interface PlanningKind<K extends PlanningKindName = PlanningKindName> {
  /** The API's and the routes' name: 'cycles' or 'modules' (also the list's query key and empty state). */
  plural: K;
  /** One of them in running text: "cycle". */
  singular: string;
  /** What the create dialog says one is. */
  description: string;
  /** The end date's label: "End date" or "Target date". */
  endLabel: string;
  feature: ProjectFeature;
  /** The notice shown while the feature is off. */
  notice: EmptyStateKey;
  /** The empty-state action that opens the create dialog. */
  createAction: EmptyStateActionKey;
  /** The route parameter holding one's id. */
  param: string;
  /** The issue search's parameter that leaves out the issues already in one. */
  excludeParam: string;
  listPath(slug: string, projectId: string): string;
  itemPath(slug: string, projectId: string, id: string): string;
  /** One's end date, from its own field. */
  end(item: PlanningTypes[K]['item']): string | null;
  /** Each status as people read it ("In Progress"), never the API's value ('in-progress'). */
  statusNames: Readonly<Record<PlanningTypes[K]['item']['status'], string>>;
  /** The body creating or changing one from the form's values (empty dates as null). */
  fields(values: NamedValues): PlanningTypes[K]['create'] & PlanningTypes[K]['update'];
  /** The body changing one from the form's changed values alone (what was not changed is left out). */
  changes(values: Partial<NamedValues>): PlanningTypes[K]['update'];
}

/** A project's cycles: time boxes, ending on their end date. */
export const cycleKind: PlanningKind<'cycles'> = {
  plural: 'cycles',
  singular: 'cycle',
  description: 'A cycle is a time box for a set of issues.',
  endLabel: 'End date',
  feature: 'cycle_view',
  notice: 'disabled-cycles',
  createAction: 'create-cycle',
  param: 'cycleId',
  excludeParam: 'exclude_cycle_id',
  listPath: paths.cycles,
  itemPath: paths.cycle,
  end: (cycle) => cycle.end_date,
  statusNames: { draft: 'Draft', upcoming: 'Upcoming', current: 'Current', completed: 'Completed' },
  fields: ({ name, start_date, end_date }) => ({ name, start_date, end_date }),
  changes: ({ name, start_date, end_date }) => ({ name, start_date, end_date }),
};

/** A project's modules: parts of the work, aiming at their target date. */
export const moduleKind: PlanningKind<'modules'> = {
  plural: 'modules',
  singular: 'module',
  description: 'A module groups the issues of one part of the work.',
  endLabel: 'Target date',
  feature: 'module_view',
  notice: 'disabled-modules',
  createAction: 'create-module',
  param: 'moduleId',
  excludeParam: 'exclude_module_id',
  listPath: paths.modules,
  itemPath: paths.module,
  end: (module) => module.target_date,
  statusNames: { backlog: 'Backlog', planned: 'Planned', 'in-progress': 'In Progress', paused: 'Paused', completed: 'Completed', cancelled: 'Cancelled' },
  fields: ({ name, start_date, end_date }) => ({ name, start_date, target_date: end_date }),
  changes: ({ name, start_date, end_date }) => ({ name, start_date, target_date: end_date }),
};

/** A start and an end day in the app's one date format ("Mar 2, 2026 – Mar 15, 2026"), or "Not scheduled" without both. */
export function dateRange(start: string | null, end: string | null): string {
  return start && end ? `${formatDay(start)} – ${formatDay(end)}` : 'Not scheduled';
}

/** The word capitalised, as a title or a label starts: "cycle" → "Cycle". */
export const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** A creation sends only the dates given: an empty date is left out rather than sent as null. */
export function withoutEmptyDates<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as T;
}

/** The query of a project's cycles or modules, shared by their list screen and the issues' pickers. */
export function planningListQuery<K extends PlanningKindName>(api: Api, slug: string, projectId: string, plural: K) {
  return { queryKey: queryKeys.planning(slug, projectId, plural), queryFn: () => api.planning.group(plural).list(slug, projectId) };
}
