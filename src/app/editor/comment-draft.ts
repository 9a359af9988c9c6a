import { readStored, storedKeys, writeStored } from '../ui/stored-choice.js';

/** How long a comment left unposted (or an edit left unsaved) is kept, in days. */
export const COMMENT_DRAFT_DAYS = 30;

/**
 * Whose words on which issue: a new comment, or (with `comment`) an edit of that comment, begun
 * on the version it was saved at then (`updated_at`).
 */
export interface DraftPlace {
  userId: string;
  issueId: string;
  comment?: { id: string; updated_at: string };
}

/** Where the browser keeps one person's unposted comment on one issue, or their unsaved edit of one comment. */
export const commentDraftKey = (userId: string, issueId: string, commentId?: string) =>
  `comment-draft:${userId}:${issueId}${commentId ? `:${commentId}` : ''}`;

const keyOf = ({ userId, issueId, comment }: DraftPlace) => commentDraftKey(userId, issueId, comment?.id);

/**
 * What `place`'s person was writing there (its HTML), or '' when there is none, or it was left
 * more than COMMENT_DRAFT_DAYS ago, or it edits a version of the comment saved since (then
 * forgotten: saving it would undo that change).
 */
export function readCommentDraft(place: DraftPlace, now = Date.now()): string {
  const key = keyOf(place);
  const stored = readStored(key);
  const draft = stored === null ? null : parsed(stored);
  if (draft && now - draft.at < COMMENT_DRAFT_DAYS * 86_400_000 && draft.base === place.comment?.updated_at) return draft.html;
  if (stored !== null) writeStored(key, null);
  return '';
}

/** A stored draft's HTML, when it was kept and the version it edits, or null for anything else (not ours, or an older form). */
function parsed(stored: string): { html: string; at: number; base?: string } | null {
  try {
    const { html, at, base } = JSON.parse(stored) as { html?: unknown; at?: unknown; base?: unknown };
    if (typeof html !== 'string' || typeof at !== 'number') return null;
    return typeof base === 'string' ? { html, at, base } : { html, at };
  } catch {
    return null;
  }
}

/**
 * Keeps what is being written (its HTML as the editor reports each change), so going to another
 * screen, a reload or a closed tab loses none of it; an emptied, posted, saved or cancelled one
 * ('') is forgotten. One per person and place: someone else signing in on the same browser sees none.
 */
export function keepCommentDraft(place: DraftPlace, html: string, now = Date.now()): void {
  writeStored(keyOf(place), html ? JSON.stringify({ html, at: now, base: place.comment?.updated_at }) : null);
}

/** Forgets every unposted comment and unsaved edit of `userId` (at sign-out: the next person on a shared computer could read them). */
export function forgetCommentDrafts(userId: string): void {
  // Every key of theirs starts as their key for an issue without an id would be.
  for (const key of storedKeys(commentDraftKey(userId, ''))) writeStored(key, null);
}
