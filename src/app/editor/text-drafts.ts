/**
 * Words written in the app and not yet sent (a comment, an edit of one, a request for the inbox),
 * kept in the browser at each change so that another screen, a reload or a closed tab loses none
 * of them. Each is one person's under a key of its own: someone else signing in on the same browser
 * sees none, and sign-out forgets them all (forgetDrafts).
 */
import { readStored, storedKeys, writeStored } from '../ui/stored-choice.js';
import { DAY_MS } from '../../api-shapes/durations.js';

/** How long words left unsent are kept, in days. */
export const DRAFT_DAYS = 30;

/** The kinds of words kept, each under keys of its own. */
const KINDS = ['comment', 'intake'] as const;

const draftKey = (kind: (typeof KINDS)[number], userId: string, place: string) => `${kind}-draft:${userId}:${place}`;

/** What is kept: the text's HTML, a title beside it, when it was kept, and the version of what it edits. */
interface Kept {
  html: string;
  name?: string;
  at: number;
  base?: string;
}

/**
 * What is kept under `key`, or null when nothing is, or it was left more than DRAFT_DAYS ago, or
 * it edits another version than `base` (then forgotten: sending it would undo the change since).
 */
function readKept(key: string, base: string | undefined, now: number): Kept | null {
  const stored = readStored(key);
  const kept = stored === null ? null : parsed(stored);
  if (kept && now - kept.at < DRAFT_DAYS * DAY_MS && kept.base === base) return kept;
  if (stored !== null) writeStored(key, null);
  return null;
}

/** A stored draft, or null for anything else (not ours, or an older form). */
function parsed(stored: string): Kept | null {
  try {
    const { html, name, at, base } = JSON.parse(stored) as Record<string, unknown>;
    if (typeof html !== 'string' || typeof at !== 'number') return null;
    return { html, at, ...(typeof name === 'string' ? { name } : {}), ...(typeof base === 'string' ? { base } : {}) };
  } catch {
    return null;
  }
}

/** Keeps `words` under `key` (edits of version `base`), or forgets what is there for null. */
function keep(key: string, words: { html: string; name?: string } | null, base: string | undefined, now: number): void {
  writeStored(key, words ? JSON.stringify({ ...words, at: now, base }) : null);
}

/** Forgets every draft of `userId`, of every kind (at sign-out: the next person on a shared computer could read them). */
export function forgetDrafts(userId: string): void {
  for (const kind of KINDS) for (const key of storedKeys(draftKey(kind, userId, ''))) writeStored(key, null);
}

/**
 * Whose comment on which issue: a new one, or (with `comment`) an edit of that comment, begun on
 * the version it was saved at then (`updated_at`).
 */
export interface DraftPlace {
  userId: string;
  issueId: string;
  comment?: { id: string; updated_at: string };
}

/** Where the browser keeps one person's unposted comment on one issue, or their unsaved edit of one comment. */
export const commentDraftKey = (userId: string, issueId: string, commentId?: string) => draftKey('comment', userId, commentId ? `${issueId}:${commentId}` : issueId);

const keyOf = ({ userId, issueId, comment }: DraftPlace) => commentDraftKey(userId, issueId, comment?.id);

/** The comment `place`'s person was writing there (its HTML), or '' (none kept, too old, or an edit of a version saved since). */
export function readCommentDraft(place: DraftPlace, now = Date.now()): string {
  return readKept(keyOf(place), place.comment?.updated_at, now)?.html ?? '';
}

/** Keeps the comment being written (its HTML as the editor reports each change); an emptied, posted, saved or cancelled one ('') is forgotten. */
export function keepCommentDraft(place: DraftPlace, html: string, now = Date.now()): void {
  keep(keyOf(place), html ? { html } : null, place.comment?.updated_at, now);
}

/** Where the browser keeps the request one person was writing for one project's inbox. */
export const intakeDraftKey = (userId: string, projectId: string) => draftKey('intake', userId, projectId);

/** The request `userId` left unfiled for `projectId`'s inbox (its title and description), or null. */
export function readIntakeDraft(userId: string, projectId: string, now = Date.now()): { name: string; html: string } | null {
  const kept = readKept(intakeDraftKey(userId, projectId), undefined, now);
  return kept ? { name: kept.name ?? '', html: kept.html } : null;
}

/** Keeps the request being written, or forgets it (null: filed, or nothing written). */
export function keepIntakeDraft(userId: string, projectId: string, request: { name: string; html: string } | null, now = Date.now()): void {
  keep(intakeDraftKey(userId, projectId), request, undefined, now);
}
