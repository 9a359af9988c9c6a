export { ImageUploadDialog, type ImageUploadDialogProps } from './image-upload-dialog.js';
export { ImageUploader, type ImageUploaderProps } from './image-uploader.js';
export type { ImageUploadOptions, ImageUploadState, UploadImage } from './use-image-upload.js';
export {
  DEFAULT_MAX_IMAGE_SIZE,
  IMAGE_ACCEPT,
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  INVALID_FORMAT_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  checkImageFiles,
  effectiveMaxSize,
  formatMegabytes,
  isAllowedImage,
  sizeLimitMessage,
  uploadErrorText,
} from './image-rules.js';
