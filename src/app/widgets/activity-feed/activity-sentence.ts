import { isDayField, isPlainIssueField, PLAIN_ISSUE_FIELDS, type PlainIssueField } from '../../../api-shapes/issue-plain-fields.js';
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

const RELATIONS: Record<string, [added: string, removed: string]> = {
  relates_to: ['marked this issue as related to ', 'removed the relation to '],
  blocking: ['marked this issue as blocking ', 'removed the blocking relation to '],
  blocked_by: ['marked this issue as blocked by ', 'removed the blocked-by relation to '],
  duplicate: ['marked this issue as a duplicate of ', 'removed the duplicate relation to '],
};

/** What an inbox decision row says (the row's new status); a duplicate has its own row, as a relation's. */
const INTAKE_DECISIONS: Record<string, string> = {
  accepted: 'accepted this issue from the inbox',
  declined: 'declined this issue',
};

/** A plain issue field set or cleared, named by its title ("set the start date to Jan 5, 2025", "removed the start date"). */
function plainFieldAction(field: PlainIssueField, value: string | null): SentencePart[] {
  const { title } = PLAIN_ISSUE_FIELDS[field];
  if (!value) return [text(`removed the ${title}`)];
  return [text(`set the ${title} to `), isDayField(field) ? text(formatDay(value)) : given(value)];
}

/** The part after the actor's name, without the issue and without the final full stop. */
function action(row: ActivityRow): SentencePart[] {
  const slug = row.workspace_detail.slug;
  const { value, identifier } = subject(row);
  switch (row.field) {
    case 'assignees':
      return [text(added(row) ? 'added a new assignee ' : 'removed the assignee '), link(value, identifier ? profilePath(slug, identifier) : null)];
    case 'archived_at':
      return [text(row.new_value === 'restore' ? 'restored the issue' : 'archived the issue')];
    case 'attachment':
      return [text(row.verb === 'created' ? 'uploaded a new attachment' : row.verb === 'updated' ? 'updated an attachment' : 'removed an attachment')];
    case 'description':
      return [text('updated the description')];
    case 'estimate_point':
      return row.new_value ? [text('set the estimate point to '), given(row.new_value)] : [text('removed the estimate point')];
    case 'labels':
      return [text(added(row) ? 'added a new label ' : 'removed the label '), given(value)];
    case 'link':
      if (row.verb === 'created') return [text('created the link '), webLink(row.new_value ?? '')];
      if (row.verb === 'updated') return [text('updated the link '), webLink(row.new_value ?? '')];
      return [text('removed the link '), webLink(row.old_value ?? '')];
    case 'cycles':
    case 'modules': {
      const kind = row.field === 'cycles' ? 'cycle' : 'module';
      const path = row.field === 'cycles' ? cyclePath : modulePath;
      if (row.verb === 'deleted') {
        return [text(`removed this issue from the ${kind} `), link(row.old_value ?? '', row.old_identifier && path(slug, row.project, row.old_identifier))];
      }
      const target = link(row.new_value ?? '', row.new_identifier && path(slug, row.project, row.new_identifier));
      return [text(row.verb === 'created' ? `added this issue to the ${kind} ` : `moved this issue to the ${kind} `), target];
    }
    case 'name':
      return [text('set the name to '), given(row.new_value ?? '')];
    case 'parent': {
      // A parent can be replaced in one step, so the new value decides, not the old one.
      const next = side(row, 'new');
      if (next.value) return [text('set the parent to '), link(next.value, next.identifier && issuePath(slug, row.project, next.identifier))];
      const previous = side(row, 'old');
      return [text('removed the parent '), link(previous.value, previous.identifier && issuePath(slug, row.project, previous.identifier))];
    }
    case 'priority':
      return row.new_value && row.new_value !== 'none' ? [text('set the priority to '), text(row.new_value)] : [text('removed the priority')];
    case 'relates_to':
    case 'blocking':
    case 'blocked_by':
    case 'duplicate': {
      // The related issue may sit in another project, whose id the row does not carry: its key is shown as text.
      const [addedText, removedText] = RELATIONS[row.field];
      return [text(added(row) ? addedText : removedText), given(value)];
    }
    case 'state':
      return [text('set the state to '), given(row.new_value ?? '')];
    case 'intake':
      return [text(row.verb === 'created' ? 'filed this issue in the inbox' : (INTAKE_DECISIONS[row.new_value ?? ''] ?? 'updated the issue in the inbox'))];
    case 'snoozed_till':
      return [text('snoozed this issue until '), text(formatLocalDay(row.new_value ?? ''))];
    case 'comment':
      return [text(row.verb === 'created' ? 'added a comment' : row.verb === 'updated' ? 'updated a comment' : 'removed a comment')];
    default:
      return isPlainIssueField(row.field) ? plainFieldAction(row.field, row.new_value) : [text('updated the issue')];
  }
}

/** The issue the row is about, as a link to its page. */
function issueReference(row: ActivityRow): SentencePart | null {
  if (!row.issue_detail) return null;
  const key = `${row.project_detail.identifier}-${row.issue_detail.sequence_id}`;
  return link(`${key} ${row.issue_detail.name}`, issuePath(row.workspace_detail.slug, row.project, row.issue));
}

/**
 * One activity row as a sentence: who did what (and, for `showIssue` or the issue's own creation
 * and deletion, to which issue). A deleted issue is named "This issue has been deleted".
 * Links use the spec's issue, cycle, module and profile paths.
 */
export function activitySentence(row: ActivityRow, options: SentenceOptions = {}): SentencePart[] {
  const actor = row.actor ? link(row.actor.display_name, profilePath(row.workspace_detail.slug, row.actor.id)) : text('Someone');
  const parts: SentencePart[] = [actor, text(' ')];
  if (row.field === 'issue') {
    // 'updated' on the issue itself is its deletion undone (the server's restoreDeletedIssues).
    parts.push(text(row.verb === 'created' ? 'created the issue' : row.verb === 'deleted' ? 'deleted the issue' : 'restored the issue'));
  } else {
    parts.push(...action(row));
  }
  const namesIssue = options.showIssue || row.field === 'issue';
  const reference = issueReference(row);
  if (namesIssue && reference) parts.push(text(row.field === 'issue' ? ' ' : ' for '), reference);
  parts.push(text('.'));
  if (namesIssue && !reference) parts.push(text(` ${DELETED_ISSUE_TEXT}.`));
  return parts.filter((part) => part.text !== '');
}

/** A sentence's plain text. */
export function sentenceText(parts: SentencePart[]): string {
  return parts.map((part) => part.text).join('');
}
