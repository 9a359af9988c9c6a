import { isDayField, isPlainIssueField, PLAIN_ISSUE_FIELDS, type PlainIssueField } from '../../../api-shapes/issue-plain-fields.js';
import { PRIORITY_NAMES, type Priority } from '../../../api-shapes/issue-priority.js';
import { formatDay, formatLocalDay } from '../../ui/dates.js';
import { cyclePath, issuePath, modulePath, profilePath } from './activity-paths.js';
import { DELETED_ISSUE_TEXT, HIDDEN_ISSUE_TEXT, type ActivityRow } from './activity-row.js';

/**
 * A piece of an activity sentence: plain text, or text linking to `href` (`external` opens a new
 * tab). `given` marks text someone typed (a name, a title, a value), laid out on its own (`<bdi>`).
 */
export interface SentencePart {
  text: string;
  href?: string;
  external?: boolean;
  given?: boolean;
}

/** How a sentence is built. */
export interface SentenceOptions {
  /** Name the issue in every sentence (feeds that mix issues); an issue's own feed leaves it out. */
  showIssue?: boolean;
}

const text = (value: string): SentencePart => ({ text: value });
/** A value someone typed. */
const given = (value: string): SentencePart => ({ text: value, given: true });
/** A value someone typed (a name, a title), linking to its page when it has one. */
const link = (value: string, href: string | null): SentencePart => (href ? { text: value, href, given: true } : given(value));

/** HIDDEN_ISSUE_TEXT inside a sentence. */
const HIDDEN_ISSUE_PHRASE = HIDDEN_ISSUE_TEXT.charAt(0).toLowerCase() + HIDDEN_ISSUE_TEXT.slice(1);

/**
 * One side of the row: its value and identifier, or, when it named an issue the reader cannot
 * open (the server then sends neither), the words for such an issue and no identifier.
 */
function side(row: ActivityRow, which: 'old' | 'new'): { value: string; identifier: string | null } {
  if (which === 'old') return row.old_hidden ? { value: HIDDEN_ISSUE_PHRASE, identifier: null } : { value: row.old_value ?? '', identifier: row.old_identifier };
  return row.new_hidden ? { value: HIDDEN_ISSUE_PHRASE, identifier: null } : { value: row.new_value ?? '', identifier: row.new_identifier };
}

/** Spec: an empty old value means the item was added; otherwise it was removed. */
function added(row: ActivityRow): boolean {
  return !side(row, 'old').value;
}

/** The changed value: the new one when added, the old one when removed. */
function subject(row: ActivityRow): { value: string; identifier: string | null } {
  return side(row, added(row) ? 'new' : 'old');
}

function webLink(url: string): SentencePart {
  return /^https?:\/\//i.test(url) ? { text: url, href: url, external: true, given: true } : given(url);
}

/**
 * How a sentence names the issue it is about: in mixed feeds its key and title (`full`; `key`
 * alone where the title is the news, a rename), linking to its page while it exists; null in the
 * issue's own feed, whose sentences speak of "this issue" or of nothing.
 */
type Naming = { full: SentencePart; key: SentencePart } | null;

/** The issue as a sentence's object: `own` in the issue's own feed ("this issue"), its key and title in mixed feeds. */
const it = (issue: Naming, own = 'this issue'): SentencePart[] => (issue ? [issue.full] : [text(own)]);
/** The issue after `preposition` in mixed feeds (" of WEB-2 Fix login"); nothing in its own feed. */
const about = (issue: Naming, preposition: string): SentencePart[] => (issue ? [text(` ${preposition} `), issue.full] : []);

/** Each relation: how it is marked and how its removal names it ("marked WEB-2 as blocking WEB-3", "removed the blocking relation"). */
const RELATIONS: Record<string, [marked: string, relation: string]> = {
  relates_to: ['as related to', 'the relation'],
  blocking: ['as blocking', 'the blocking relation'],
  blocked_by: ['as blocked by', 'the blocked-by relation'],
  duplicate: ['as a duplicate of', 'the duplicate relation'],
};

/** A priority as the app names it elsewhere ("Urgent"); a value the app does not know, as it is. */
function priorityName(value: string): string {
  return Object.hasOwn(PRIORITY_NAMES, value) ? PRIORITY_NAMES[value as Priority] : value;
}

/** A plain issue field set or cleared, named by its title ("set the start date to Jan 5, 2025", "removed the start date"). */
function plainFieldAction(field: PlainIssueField, value: string | null, issue: Naming): SentencePart[] {
  const { title } = PLAIN_ISSUE_FIELDS[field];
  if (!value) return [text(`removed the ${title}`), ...about(issue, 'of')];
  return [text(`set the ${title}`), ...about(issue, 'of'), text(' to '), isDayField(field) ? text(formatDay(value)) : given(value)];
}

/** An assignee added or removed; people who assign themselves are not named twice. */
function assigneeAction(row: ActivityRow, issue: Naming): SentencePart[] {
  const { value, identifier } = subject(row);
  const isAdded = added(row);
  if (identifier && row.actor && identifier === row.actor.id) {
    return isAdded ? [text('assigned themselves'), ...about(issue, 'to')] : [text('unassigned themselves'), ...about(issue, 'from')];
  }
  const person = link(value, identifier ? profilePath(row.workspace_detail.slug, identifier) : null);
  if (!issue) return [text(isAdded ? 'added a new assignee ' : 'removed the assignee '), person];
  return isAdded ? [text('assigned '), person, ...about(issue, 'to')] : [text('unassigned '), person, ...about(issue, 'from')];
}

/** The part after the actor's name, without the final full stop; `issue` names the issue in mixed feeds (null in its own). */
function action(row: ActivityRow, issue: Naming): SentencePart[] {
  const slug = row.workspace_detail.slug;
  const { value } = subject(row);
  switch (row.field) {
    case 'issue': {
      // 'updated' on the issue itself is its deletion undone (the server's restoreDeletedIssues).
      const verb = row.verb === 'created' ? 'created' : row.verb === 'deleted' ? 'deleted' : 'restored';
      if (issue) return [text(`${verb} `), issue.full];
      // The issue's own feed names it here too.
      const own = issueNaming(row);
      return own ? [text(`${verb} the issue `), own.full] : [text(`${verb} the issue`)];
    }
    case 'assignees':
      return assigneeAction(row, issue);
    case 'archived_at':
      return [text(row.new_value === 'restore' ? 'restored ' : 'archived '), ...it(issue, 'the issue')];
    case 'attachment':
      if (row.verb === 'created') return [text('uploaded a new attachment'), ...about(issue, 'to')];
      if (row.verb === 'updated') return [text('updated an attachment'), ...about(issue, 'of')];
      return [text('removed an attachment'), ...about(issue, 'from')];
    case 'description':
      return [text('updated the description'), ...about(issue, 'of')];
    case 'estimate_point':
      return row.new_value ? [text('set the estimate point'), ...about(issue, 'of'), text(' to '), given(row.new_value)] : [text('removed the estimate point'), ...about(issue, 'of')];
    case 'labels':
      if (!added(row)) return [text('removed the label '), given(value), ...about(issue, 'from')];
      return [text(issue ? 'added the label ' : 'added a new label '), given(value), ...about(issue, 'to')];
    case 'link':
      if (row.verb === 'created') return [text('created the link '), webLink(row.new_value ?? ''), ...about(issue, 'in')];
      if (row.verb === 'updated') return [text('updated the link '), webLink(row.new_value ?? ''), ...about(issue, 'in')];
      return [text('removed the link '), webLink(row.old_value ?? ''), ...about(issue, 'from')];
    case 'cycles':
    case 'modules': {
      const kind = row.field === 'cycles' ? 'cycle' : 'module';
      const path = row.field === 'cycles' ? cyclePath : modulePath;
      if (row.verb === 'deleted') {
        return [text('removed '), ...it(issue), text(` from the ${kind} `), link(row.old_value ?? '', row.old_identifier && path(slug, row.project, row.old_identifier))];
      }
      const target = link(row.new_value ?? '', row.new_identifier && path(slug, row.project, row.new_identifier));
      return [text(row.verb === 'created' ? 'added ' : 'moved '), ...it(issue), text(` to the ${kind} `), target];
    }
    case 'name':
      // The title shown beside the key is the current one: a rename names the issue by its key.
      return issue ? [text('renamed '), issue.key, text(' to '), given(row.new_value ?? '')] : [text('set the name to '), given(row.new_value ?? '')];
    case 'parent': {
      // A parent can be replaced in one step, so the new value decides, not the old one.
      const next = side(row, 'new');
      if (next.value) return [text('set the parent'), ...about(issue, 'of'), text(' to '), link(next.value, next.identifier && issuePath(slug, row.project, next.identifier))];
      const previous = side(row, 'old');
      return [text('removed the parent '), link(previous.value, previous.identifier && issuePath(slug, row.project, previous.identifier)), ...about(issue, 'from')];
    }
    case 'priority':
      return row.new_value && row.new_value !== 'none'
        ? [text('set the priority'), ...about(issue, 'of'), text(' to '), text(priorityName(row.new_value))]
        : [text('removed the priority'), ...about(issue, 'of')];
    case 'relates_to':
    case 'blocking':
    case 'blocked_by':
    case 'duplicate': {
      // The related issue may sit in another project, whose id the row does not carry: its key is shown as text.
      const [marked, relation] = RELATIONS[row.field];
      if (added(row)) return [text('marked '), ...it(issue), text(` ${marked} `), given(value)];
      return issue ? [text(`removed ${relation} between `), issue.full, text(' and '), given(value)] : [text(`removed ${relation} to `), given(value)];
    }
    case 'state':
      return [text('set the state'), ...about(issue, 'of'), text(' to '), given(row.new_value ?? '')];
    case 'intake':
      if (row.verb === 'created') return [text('filed '), ...it(issue), text(' in the inbox')];
      if (row.new_value === 'accepted') return [text('accepted '), ...it(issue), text(' from the inbox')];
      if (row.new_value === 'declined') return [text('declined '), ...it(issue)];
      return [text('updated '), ...it(issue, 'the issue'), text(' in the inbox')];
    case 'snoozed_till':
      return [text('snoozed '), ...it(issue), text(' until '), text(formatLocalDay(row.new_value ?? ''))];
    case 'comment':
      if (row.verb === 'created') return [text('added a comment'), ...about(issue, 'to')];
      if (row.verb === 'updated') return [text('updated a comment'), ...about(issue, 'on')];
      return [text('removed a comment'), ...about(issue, 'from')];
    default:
      return isPlainIssueField(row.field) ? plainFieldAction(row.field, row.new_value, issue) : [text('updated '), ...it(issue, 'the issue')];
  }
}

/**
 * The issue the row is about, by key and title: a link to its page, or, once it is deleted, its
 * key and title as they were (when the server tells them) as text. Null when nothing names it.
 */
function issueNaming(row: ActivityRow): Naming {
  const detail = row.issue_detail ?? row.deleted_issue_detail;
  if (!detail) return null;
  const key = `${row.project_detail.identifier}-${detail.sequence_id}`;
  const href = row.issue_detail ? issuePath(row.workspace_detail.slug, row.project, row.issue) : null;
  return { full: link(`${key} ${detail.name}`, href), key: link(key, href) };
}

/** A deleted issue no feed knows the name of, in a feed that mixes issues. */
const UNNAMED_ISSUE: NonNullable<Naming> = { full: text('an issue'), key: text('an issue') };

/**
 * One activity row as a sentence: who did what, and in feeds that mix issues (`showIssue`) to
 * which issue, named by its key and title where the sentence speaks of it ("Bo archived WEB-3
 * Fix login."); an issue's own feed speaks of "this issue", and names it only in its creation,
 * deletion and restoration. A deleted issue is named as it was (unlinked), with the spec's "This
 * issue has been deleted" after the sentence, except after the one telling its deletion. Links
 * use the spec's issue, cycle, module and profile paths.
 */
export function activitySentence(row: ActivityRow, options: SentenceOptions = {}): SentencePart[] {
  const actor = row.actor ? link(row.actor.display_name, profilePath(row.workspace_detail.slug, row.actor.id)) : text('Someone');
  const issue = options.showIssue ? (issueNaming(row) ?? UNNAMED_ISSUE) : null;
  const parts: SentencePart[] = [actor, text(' '), ...action(row, issue), text('.')];
  const namesIssue = options.showIssue || row.field === 'issue';
  const isDeletion = row.field === 'issue' && row.verb === 'deleted';
  if (namesIssue && !row.issue_detail && !isDeletion) parts.push(text(` ${DELETED_ISSUE_TEXT}.`));
  return parts.filter((part) => part.text !== '');
}

/** A sentence's plain text. */
export function sentenceText(parts: SentencePart[]): string {
  return parts.map((part) => part.text).join('');
}
