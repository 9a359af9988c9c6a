// Plain data, importing only plain data: the app loads this module at run time.
import { PLAIN_ISSUE_FIELD_KEYS, type PlainIssueField } from './issue-plain-fields.js';

/** The verbs of an activity row (spec: created, updated, deleted). */
export const ACTIVITY_VERBS = ['created', 'updated', 'deleted'] as const;

/** One of the activity verbs. */
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

/**
 * The spec's activity feed fields (section 4) that are not plain issue fields: each has its own
 * sentence in the feed. `issue` is the issue itself being created or deleted.
 */
const OWN_SENTENCE_FIELDS = [
  'assignees',
  'archived_at',
  'attachment',
  'description',
  'estimate_point',
  'issue',
  'labels',
  'link',
  'cycles',
  'modules',
  'name',
  'parent',
  'relates_to',
  'blocking',
  'blocked_by',
  'duplicate',
  'state',
  // The inbox: filed, accepted or declined (the status), snoozed until a time.
  'intake',
  'snoozed_till',
] as const;

/** A field the activity feed has a sentence for. */
export type ActivityField = (typeof OWN_SENTENCE_FIELDS)[number] | PlainIssueField;

/**
 * The fields the activity feed has a sentence for (spec, section 4): those above and every plain
 * issue field (src/api-shapes/issue-plain-fields.ts), worded from its title unless the feed has
 * its own words for it (the priority).
 */
export const ACTIVITY_FIELDS: readonly ActivityField[] = [...OWN_SENTENCE_FIELDS, ...PLAIN_ISSUE_FIELD_KEYS];

/** A field an issue's activity row can name: a feed field, or `comment` for the comment thread. */
export type IssueActivityField = ActivityField | 'comment';
