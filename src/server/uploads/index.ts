/** Image upload checks (type by content, size), SVG sanitising and the headers to serve images with. */
export { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, rasterImageType, sniffImageType, svgMarkup, svgText, type ImageType } from './image-type.js';
export {
  ALLOWED_IMAGE_EXTENSIONS,
  checkImageUpload,
  DEFAULT_IMAGE_SIZE_LIMIT,
  imageSizeMessage,
  INVALID_IMAGE_FORMAT_MESSAGE,
  type ImageUploadAccepted,
  type ImageUploadInput,
  type ImageUploadRefused,
} from './image-upload.js';
export { sanitiseSvg } from './svg-sanitiser.js';
export { cacheHeadersFor, imageResponseHeaders, SVG_CONTENT_SECURITY_POLICY, svgResponseHeaders, type CacheOptions } from './response-headers.js';
