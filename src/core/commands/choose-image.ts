/**
 * The image upload plugin's key, whether an upload runs, and the command that opens the host's
 * file chooser: in a leaf module, so a block's menu entry (blocks/image.ts) and the element can
 * ask without importing the plugin.
 */
import { PluginKey, type Command, type EditorState } from 'prosemirror-state';
import type { UploadState } from '../plugins/image-upload.js';

/** The upload plugin's key. */
export const imageUploadKey = new PluginKey<UploadState>('imageUpload');

/** Whether any image upload is running in this state. */
export function isUploading(state: EditorState): boolean {
  return (imageUploadKey.getState(state)?.uploads.size ?? 0) > 0;
}

/** Whether the host may replace the content now (spec: blocked while an upload is in progress). */
export function canReplaceContent(state: EditorState): boolean {
  return !isUploading(state);
}

/**
 * Opens the host's file chooser for an image (the slash menu's "Image"); false where the
 * editor has no upload plugin or no chooser. The upload inserts the image later.
 */
export const chooseImageFile: Command = (state, dispatch, view) => {
  // A menu runs its entry on a scratch state without plugins (appendCommand): the view's holds the plugin.
  const plugin = imageUploadKey.get(state) ?? (view && imageUploadKey.get(view.state));
  const choose = (plugin?.spec as { chooseFile?: () => void } | undefined)?.chooseFile;
  if (!choose) return false;
  if (dispatch) choose();
  return true;
};
