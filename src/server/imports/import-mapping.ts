import type { Priority } from '../../api-shapes/issue-priority.js';
import type { StateGroup } from '../../api-shapes/state-groups.js';
import type { ImportedIssue, ImportedLabel, ImportedState, RowProblem } from './import-file.js';
import { cleanName } from '../http/typed-name.js';

/**
 * How the issues read from a file land in a project: its states, labels and members, read in the
 * import's transaction. Pure functions of the file and the project, so the rules are tested
 * without a database; the rules are listed in src/server/README.md (Imports).
 */

/** A state of the project. */
export interface ProjectState {
  id: string;
  name: string;
  group: StateGroup;
  sequence: number;
  is_default: boolean;
}

/** What an import needs to know of the project. */
export interface ProjectCatalogue {
  states: readonly ProjectState[];
  labels: ReadonlyArray<{ id: string; name: string }>;
  /** The project's members with their e-mail addresses. */
  members: ReadonlyArray<{ id: string; email: string }>;
}

/** One issue as it will be created: labels by name (existing or new, resolved once the new ones exist). */
export interface IssuePlan {
  row: number;
  name: string;
  /** The description as markdown ('' for none). */
  description: string;
  stateId: string | null;
  priority: Priority;
  labelNames: string[];
  assigneeIds: string[];
}

/** The plan of a whole file: its issues, the labels to create, and notes on what could not be matched. */
export interface ImportPlan {
  issues: IssuePlan[];
  newLabels: ImportedLabel[];
  notes: RowProblem[];
}

/** Jira's priority names (and common custom ones), lower-cased, to ours. */
const PRIORITY_NAMES: Readonly<Record<string, Priority>> = {
  highest: 'urgent',
  blocker: 'urgent',
  critical: 'urgent',
  urgent: 'urgent',
  high: 'high',
  major: 'high',
  medium: 'medium',
  normal: 'medium',
  low: 'low',
  minor: 'low',
  lowest: 'none',
  trivial: 'none',
  none: 'none',
};

/**
 * Words that place a status in a state group when no state has its name, tried in this order:
 * a "Won't do" is cancelled rather than done, "Selected for development" is still to do.
 * Jira's status categories ("To Do", "In Progress", "Done") are among them.
 */
const GROUP_WORDS: ReadonlyArray<readonly [StateGroup, RegExp]> = [
  ['cancelled', /\b(cancell?ed|won'?t (do|fix)|rejected|declined|duplicate|invalid|obsolete)\b/i],
  ['completed', /\b(done|closed|resolved|completed?|fixed|finished|released)\b/i],
  ['started', /\b(in progress|in review|review|doing|started|testing|in development|blocked)\b/i],
  ['backlog', /\bbacklog\b/i],
  ['unstarted', /\b(to ?do|open|new|selected for development|reopened|ready)\b/i],
];

/** The group a status name or category suggests, or null. */
export function groupOfStatus(words: string): StateGroup | null {
  return GROUP_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

/** Our priority for a tracker's priority name (none when there is none); null when the name is unknown. */
export function priorityOf(name: string | null): Priority | null {
  if (!name) return 'none';
  return PRIORITY_NAMES[name.trim().toLowerCase()] ?? null;
}

/** The first state of `group` in the workflow's order, or null. */
function firstOf(states: readonly ProjectState[], group: StateGroup): ProjectState | null {
  return states.filter((state) => state.group === group).sort((a, b) => a.sequence - b.sequence)[0] ?? null;
}

/**
 * The project state an imported state goes to, or null with a note when it falls back to the
 * default: open → the default state when it is not started yet (backlog or unstarted), else the
 * first unstarted one; closed → the first completed state; a named status → the state of that
 * name (case-insensitively), else the first state of the group its words or category suggest.
 */
export function stateFor(imported: ImportedState, states: readonly ProjectState[]): { state: ProjectState | null; note: string | null } {
  const fallback = states.find((state) => state.is_default) ?? null;
  const orDefault = (found: ProjectState | null, note: string) => (found ? { state: found, note: null } : { state: fallback, note });
  const fallbackName = fallback ? `“${fallback.name}”` : 'no state';
  switch (imported.kind) {
    case 'default':
      return { state: fallback, note: null };
    case 'open':
      if (fallback && (fallback.group === 'backlog' || fallback.group === 'unstarted')) return { state: fallback, note: null };
      return orDefault(firstOf(states, 'unstarted'), `The project has no state that is not started yet; the open issue goes to ${fallbackName}.`);
    case 'closed':
      return orDefault(firstOf(states, 'completed'), `The project has no completed state; the closed issue goes to ${fallbackName}.`);
    case 'named': {
      const named = states.find((state) => state.name.trim().toLowerCase() === imported.name.toLowerCase());
      if (named) return { state: named, note: null };
      const group = groupOfStatus(imported.name) ?? (imported.category ? groupOfStatus(imported.category) : null);
      return orDefault(group && firstOf(states, group), `The status “${imported.name}” matches no state of the project; the issue goes to ${fallbackName}.`);
    }
  }
}

/** Plans the creation of `issues` in the project described by `catalogue`. */
export function planImport(issues: readonly ImportedIssue[], catalogue: ProjectCatalogue): ImportPlan {
  const notes: RowProblem[] = [];
  const labelsByName = new Map(catalogue.labels.map((label) => [label.name.trim().toLowerCase(), label.name]));
  const newLabels = new Map<string, ImportedLabel>();
  const membersByEmail = new Map(catalogue.members.map((member) => [member.email.toLowerCase(), member.id]));
  const planned = issues.map((issue): IssuePlan => {
    const { state, note } = stateFor(issue.state, catalogue.states);
    if (note) notes.push({ row: issue.row, reason: note });
    let priority = priorityOf(issue.priority);
    if (!priority) {
      notes.push({ row: issue.row, reason: `The priority “${issue.priority}” is not one the project knows; the issue has no priority.` });
      priority = 'none';
    }
    const labelNames = issue.labels.map((label) => {
      const key = label.name.toLowerCase();
      const existing = labelsByName.get(key) ?? newLabels.get(key)?.name;
      if (existing) return existing;
      newLabels.set(key, label);
      return label.name;
    });
    const assigneeIds: string[] = [];
    for (const person of issue.assignees) {
      const id = person.email ? membersByEmail.get(person.email) : undefined;
      if (id) {
        if (!assigneeIds.includes(id)) assigneeIds.push(id);
      } else {
        notes.push({
          row: issue.row,
          reason: person.email
            ? `No member of the project has the e-mail ${person.email}; the issue is not assigned to them.`
            : `The assignee “${person.name}” has no e-mail address in the file to match a member by; the issue is not assigned to them.`,
        });
      }
    }
    return { row: issue.row, name: cleanName(issue.title), description: issue.description, stateId: state?.id ?? null, priority, labelNames, assigneeIds };
  });
  return { issues: planned, newLabels: [...newLabels.values()], notes };
}
