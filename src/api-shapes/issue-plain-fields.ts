// Plain data, importing only plain data: the app loads this module at run time (the activity
// feed words these fields by their titles).
import { PRIORITIES } from './issue-priority.js';

/**
 * The plain scalar fields of an issue: each is one column of `issues` named as its key, set as
 * the client sends it and checked by its JSON schema alone (no other row to look up). Each entry
 * is the field's JSON schema, with `title`: the field as the activity feed names it ("set the
 * start date to …", "removed the start date"); a `format: 'date'` value is shown as a day.
 *
 * An entry here is all a new field needs besides its migration: the create and update bodies,
 * the issue row and detail answers and their SELECT lists (src/api-shapes/issue.ts), the server's
 * INSERT, UPDATE, change detection and activity rows, and the feed's sentences follow from it.
 */
export const PLAIN_ISSUE_FIELDS = {
  priority: { title: 'priority', type: 'string', enum: PRIORITIES },
  start_date: { title: 'start date', type: ['string', 'null'], format: 'date' },
  target_date: { title: 'target date', type: ['string', 'null'], format: 'date' },
} as const;

/** The key of a plain issue field (its column, its body field and its activity field). */
export type PlainIssueField = keyof typeof PLAIN_ISSUE_FIELDS;

/** The plain issue fields' keys, in their order. */
export const PLAIN_ISSUE_FIELD_KEYS = Object.keys(PLAIN_ISSUE_FIELDS) as PlainIssueField[];

/** Whether `field` (an activity row's field, a body key…) is a plain issue field. */
export function isPlainIssueField(field: string | null): field is PlainIssueField {
  return field !== null && Object.hasOwn(PLAIN_ISSUE_FIELDS, field);
}

/** Whether the plain issue field `field` holds a calendar day ('YYYY-MM-DD', `format: 'date'`). */
export function isDayField(field: PlainIssueField): boolean {
  const schema: { title: string; format?: string } = PLAIN_ISSUE_FIELDS[field];
  return schema.format === 'date';
}
