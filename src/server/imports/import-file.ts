/**
 * What an import reads from another tracker's export file, before anything is looked up in the
 * project: the issues it holds, each with the row it came from, and the problems that stop the
 * file from being imported. The file formats are described in src/server/README.md (Imports).
 */
import { issueFields, MAX_ISSUE_SET } from '../../api-shapes/issue.js';
import { labelCreateBody } from '../../api-shapes/label.js';
import type { ImportRowNote } from '../../api-shapes/import-job.js';
import { controlCharacterMessage, refusedIn } from '../http/control-characters.js';
import { cleanName } from '../http/typed-name.js';

export { IMPORT_FILE_MAX_BYTES, IMPORT_SOURCES, type ImportSource } from '../../api-shapes/import-job.js';

/** The most issues one file may hold: they are all created in one transaction. */
export const IMPORT_MAX_ISSUES = 2000;

/** The longest title an issue may have (an issue's name, as the create route takes it). */
export const IMPORT_TITLE_MAX_LENGTH = (issueFields.name as { maxLength?: number }).maxLength!;

/** The longest name a label may have (as the labels route takes it): a file's longer label is a problem of its row, not a label no screen can save. */
export const IMPORT_LABEL_MAX_LENGTH = (labelCreateBody.properties.name as { maxLength?: number }).maxLength!;

/** Where an imported issue is to go in the project's workflow, as the file says it. */
export type ImportedState =
  /** GitHub's two states. */
  | { kind: 'open' }
  | { kind: 'closed' }
  /** A tracker's own status name (Jira's "Status" column) and its category ("Status Category": To Do, In Progress, Done) when given. */
  | { kind: 'named'; name: string; category?: string }
  /** The file says nothing: the project's default state. */
  | { kind: 'default' };

/** One issue read from a file. */
export interface ImportedIssue {
  /** Where it is in the file: the CSV row (the header is row 1) or the JSON array's item (from 1). */
  row: number;
  title: string;
  /** The description as markdown ('' when none). */
  description: string;
  state: ImportedState;
  /** The tracker's priority name (Jira), or null. */
  priority: string | null;
  /** Its labels, each name once (case-insensitively), with the file's colour ('#rrggbb') or ''. */
  labels: ImportedLabel[];
  /** Who it is assigned to: an e-mail address when the file gives one, and the name it gives. */
  assignees: ImportedPerson[];
}

/** A label named in a file. */
export interface ImportedLabel {
  name: string;
  color: string;
}

/** A person named in a file: matched to a project member by e-mail only. */
export interface ImportedPerson {
  email: string | null;
  name: string;
}

/** A problem of a file: the row it is in (null for the whole file) and why, as a sentence. */
export type RowProblem = ImportRowNote;

/** A file read: its issues, and the problems that keep it from being imported (none: it can be). */
export interface ParsedImport {
  issues: ImportedIssue[];
  problems: RowProblem[];
}

/** `labels` with names cleaned (http/typed-name.ts), empty ones dropped and the first of each name kept (case-insensitive). */
export function distinctLabels(labels: readonly ImportedLabel[]): ImportedLabel[] {
  const seen = new Set<string>();
  const kept: ImportedLabel[] = [];
  for (const label of labels) {
    const name = cleanName(label.name);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    kept.push({ name, color: label.color });
  }
  return kept;
}

/** A string that looks like an e-mail address (one @, something on each side, no spaces), lower-cased; else null. */
export function emailOf(text: string): string | null {
  const trimmed = text.trim();
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** The problems a file's title gives on its row ([] when fine). */
export function titleProblems(row: number, title: string): RowProblem[] {
  if (!cleanName(title)) return [{ row, reason: 'The issue has no title.' }];
  if (cleanName(title).length > IMPORT_TITLE_MAX_LENGTH) return [{ row, reason: `The title is longer than ${IMPORT_TITLE_MAX_LENGTH} characters.` }];
  return [];
}

/**
 * The problems of an issue's text on its row: no control characters (but tabs and line breaks)
 * nor XML noncharacters, as anywhere else text comes in. A JSON file can hold them escaped
 * (`\u0000`), past the check of the file's own text.
 */
export function textProblems(row: number, issue: Pick<ImportedIssue, 'title' | 'description' | 'labels' | 'assignees'>): RowProblem[] {
  const fields: Array<[string, string]> = [
    ['The title', issue.title],
    ['The description', issue.description],
    ...issue.labels.map((label): [string, string] => ['A label', label.name]),
    ...issue.assignees.map((person): [string, string] => ['An assignee', person.name]),
  ];
  return fields.flatMap(([field, value]) => {
    const refused = refusedIn(value);
    return refused ? [{ row, reason: controlCharacterMessage(field, refused) }] : [];
  });
}

/** The problems of an issue's labels and assignees on its row: at most MAX_ISSUE_SET of each, and labels no longer than the labels route takes. */
export function setProblems(row: number, labels: readonly ImportedLabel[], assignees: readonly unknown[]): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const label of labels) {
    if (label.name.length > IMPORT_LABEL_MAX_LENGTH) problems.push({ row, reason: `A label is longer than ${IMPORT_LABEL_MAX_LENGTH} characters.` });
  }
  if (labels.length > MAX_ISSUE_SET) problems.push({ row, reason: `The issue has ${labels.length} labels; an issue can have at most ${MAX_ISSUE_SET}.` });
  if (assignees.length > MAX_ISSUE_SET) problems.push({ row, reason: `The issue has ${assignees.length} assignees; an issue can have at most ${MAX_ISSUE_SET}.` });
  return problems;
}

/** The problem of a file with more issues than one import takes, or none. */
export function countProblems(count: number): RowProblem[] {
  if (count === 0) return [{ row: null, reason: 'The file holds no issues.' }];
  if (count > IMPORT_MAX_ISSUES) return [{ row: null, reason: `The file holds ${count} issues; one import takes at most ${IMPORT_MAX_ISSUES}. Split it into smaller files.` }];
  return [];
}
