/**
 * Names of the transaction metas that several modules set and read: one leaf module, so the
 * operations that set them and the plugins that read them never import each other.
 */

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
