import type { Ref } from 'react';
import { RichEditor, type RichEditorElement, type RichEditorProps } from '../../react/index.js';
import { useTheme } from '../ui/theme-provider.js';
import { useUploadLimit } from './use-upload-limit.js';

/** The props of AppEditor: the wrapper's, and a ref to the element. */
export type AppEditorProps = RichEditorProps & { ref?: Ref<RichEditorElement> };

/**
 * `<RichEditor>` in the app's theme: its `theme` follows the app's light or dark mode
 * (so code blocks, mentions and menus match even when the app overrides the system setting),
 * and its main colours come from the app's `--app-*` properties (theme.css.ts).
 */
export function AppEditor({ ref, ...props }: AppEditorProps) {
  const { resolved } = useTheme();
  // A viewer changes no files: the element reports images present on creation to restoreFile,
  // and a guest or viewer may not restore (or delete) a file, so read-only editors get neither.
  const { uploadFile, deleteFile, restoreFile, cancelUpload, ...rest } = props;
  const fileCallbacks = props.readOnly ? {} : { uploadFile, deleteFile, restoreFile, cancelUpload };
  // The server's upload limit, not the spec's default, once the server has said it.
  const limit = useUploadLimit();
  return <RichEditor theme={resolved} {...(limit ? { maxImageSize: limit } : {})} {...rest} {...fileCallbacks} ref={ref} />;
}
