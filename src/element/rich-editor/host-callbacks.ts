import type { PropertyDeclarations } from 'lit';
import type { MentionItem, MentionSearch } from '../../core/plugins/mention.js';
import { FormAssociatedElement } from './form-associated.js';
import type { UploadFileCallback } from './uploads.js';

/**
 * The functions a host gives the element for what only the host can do: store and remove
 * uploaded images, and find people to mention. Each is read when it is needed, so a host may
 * set or change one at any time. The element extends this class.
 */
export abstract class HostCallbacks extends FormAssociatedElement {
  static override properties: PropertyDeclarations = {
    uploadFile: { attribute: false },
    deleteFile: { attribute: false },
    restoreFile: { attribute: false },
    cancelUpload: { attribute: false },
    mentionSuggestions: { attribute: false },
    mentionSearch: { attribute: false },
    mentionHighlights: { attribute: false },
  };

  /** Uploads an image file; resolves with its address. */
  uploadFile?: UploadFileCallback;
  /** Told the path of an image that left the document. */
  deleteFile?: (path: string) => unknown;
  /** Told the path of an image that came back (undo), or was present at creation. */
  restoreFile?: (path: string) => unknown;
  /** Told when the user cancels an upload. */
  cancelUpload?: () => unknown;
  /** Suggests people to mention for a query; the editor lists those whose label (or title) starts with it. */
  mentionSuggestions?: (query: string) => Promise<MentionItem[]>;
  /**
   * Searches people to mention, instead of `mentionSuggestions` when set: asked once typing
   * pauses, with a signal aborted when the query changes or the list closes; its answer is
   * listed as returned, in its order.
   */
  mentionSearch?: MentionSearch;
  /** The entity identifiers whose mentions are highlighted. */
  mentionHighlights?: () => Promise<string[]>;
}
