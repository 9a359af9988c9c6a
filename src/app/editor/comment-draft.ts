import { readStored, writeStored } from '../ui/stored-choice.js';

/** How long a new comment left unposted is kept, in days. */
export const COMMENT_DRAFT_DAYS = 30;

/** Where the browser keeps the unposted comment of one person on one issue. */
export const commentDraftKey = (userId: string, issueId: string) => `comment-draft:${userId}:${issueId}`;

/**
 * The unposted comment `userId` was writing on `issueId` (its HTML), or '' when there is none or
 * it was left more than COMMENT_DRAFT_DAYS ago (then forgotten).
 */
export function readCommentDraft(userId: string, issueId: string, now = Date.now()): string {
  const key = commentDraftKey(userId, issueId);
  const stored = readStored(key);
  const draft = stored === null ? null : parsed(stored);
  if (draft && now - draft.at < COMMENT_DRAFT_DAYS * 86_400_000) return draft.html;
  if (stored !== null) writeStored(key, null);
  return '';
}

/** A stored draft's HTML and when it was kept, or null for anything else (not ours, or an older form). */
function parsed(stored: string): { html: string; at: number } | null {
  try {
    const { html, at } = JSON.parse(stored) as { html?: unknown; at?: unknown };
    return typeof html === 'string' && typeof at === 'number' ? { html, at } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the comment being written (its HTML as the editor reports each change), so going to
 * another screen, a reload or a closed tab loses none of it; an emptied or posted comment ('')
 * is forgotten. One per person and issue: someone else signing in on the same browser sees none.
 */
export function keepCommentDraft(userId: string, issueId: string, html: string, now = Date.now()): void {
  writeStored(commentDraftKey(userId, issueId), html ? JSON.stringify({ html, at: now }) : null);
}
