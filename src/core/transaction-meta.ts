/**
 * Names of the transaction metas that several modules set and read: one leaf module, so the
 * operations that set them and the plugins that read them never import each other.
 */
import { closeHistory } from 'prosemirror-history';
import type { Transaction } from 'prosemirror-state';

/** Meta set on transactions that replace the whole document from outside (`setValue`, `clear`). */
export const REPLACE_CONTENT_META = 'replaceContent';

/**
 * The transaction meta that keeps a change out of the host's files: set it when the
 * host itself swaps or clears the content (after saving a comment, say), so files
 * still used by the saved text are not deleted.
 */
export const SKIP_IMAGE_TRACKING_META = 'skipImageTracking';

/**
 * Meta set on transactions that bring a shared document's changes (others' edits, and this
 * editor's undo, which goes through the shared document). Plugins that repair what a change
 * leaves (a table's missing cells) leave these alone: every editor would repair the same merge
 * and write its own repair, twice over. The editor whose user next changes that part repairs it.
 */
export const SHARED_CHANGE_META = 'sharedChange';

/** Meta set (by `ownUndoStep`) on a transaction that is an undo step of its own. */
export const OWN_UNDO_STEP_META = 'ownUndoStep';

/**
 * `tr` as an undo step of its own, not joined to the typing before it (an autolink, a host's
 * command): in ProseMirror's history (`closeHistory`) and in a shared document's (the
 * collaboration binding reads OWN_UNDO_STEP_META).
 */
export function ownUndoStep(tr: Transaction): Transaction {
  return closeHistory(tr).setMeta(OWN_UNDO_STEP_META, true);
}
