/** The project cover images the product ships. */
export { COVER_FILES_PATH, COVERS, getCover, listCovers } from './covers.js';
