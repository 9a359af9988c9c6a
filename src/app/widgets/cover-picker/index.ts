export { CoverPicker, type CoverPickerProps } from './cover-picker.js';
export { CoverPickerPopover, type CoverPickerPopoverProps } from './cover-picker-popover.js';
export { LOAD_FAILED_MESSAGE, requestErrorText, type ListCovers, type SearchUnsplash, type UnsplashImage } from './cover-sources.js';
export { ImageGrid, type GridImage, type ImageGridProps } from './image-grid.js';
