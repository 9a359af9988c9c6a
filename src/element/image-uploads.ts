/**
 * Image uploads (validation, placeholders, paste and drop of image files): the element loads
 * this module with `import()`, a chunk of its own (in the embed bundle and in a host's bundle
 * alike), the first time files are dragged over, pasted into or dropped on an editor, or an
 * image is chosen (rich-editor/on-demand.ts), and every editor's state takes the upload plugin then.
 */
import { imageUploadPlugin, uploadImages } from '../core/plugins/image-upload.js';
import { uploadPlaceholder } from './node-views/upload-placeholder.js';
import { imageUploadStyles } from './image-uploads.styles.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ uploads: { imageUploadPlugin, uploadImages, uploadPlaceholder } }, imageUploadStyles);
