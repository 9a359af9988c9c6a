/**
 * Image commands and the transaction helpers behind them: placing an image node in
 * the document (used by uploads) and resizing one (used by the element's resize
 * handles), with the spec's limits (minimum 100 px, aspect ratio kept).
 */
import type { Node as PMNode, NodeType } from 'prosemirror-model';
import { NodeSelection, TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { AttrDefs } from '../schema/attrs.js';
import { safeImageSrc } from '../url.js';

/** The smallest width or height an image can be resized to, in pixels (spec: minimum resize is 100 px). */
export const MIN_IMAGE_DIMENSION = 100;

/** The largest width or height an image can have, in pixels: the schema's dimension attribute holds at most five digits. */
export const MAX_IMAGE_DIMENSION = 99_999;

/** A width and a height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The image node at `pos`, or `null` when there is none. */
export function imageAt(doc: PMNode, pos: number): PMNode | null {
  if (!Number.isInteger(pos) || pos < 0 || pos >= doc.content.size) return null;
  const node = doc.nodeAt(pos);
  return node && node.type === node.type.schema.nodes.image ? node : null;
}

function checkDimension(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`Image ${name} must be a positive number of pixels, not ${String(value)}`);
  }
}

/**
 * The size an image takes when resized to `width` × `height`: whole pixels, and when
 * a side would fall under the minimum, both sides scaled so the smaller one is the
 * minimum, which keeps the aspect ratio the user dragged to.
 */
export function fitImageSize(width: number, height: number): ImageSize {
  checkDimension('width', width);
  checkDimension('height', height);
  const scale = Math.max(1, MIN_IMAGE_DIMENSION / Math.min(width, height));
  return {
    width: Math.max(MIN_IMAGE_DIMENSION, Math.round(width * scale)),
    height: Math.max(MIN_IMAGE_DIMENSION, Math.round(height * scale)),
  };
}

/**
 * Sets the image at `pos` to the fitted size, stored as `NNNpx` strings. Attribute
 * steps keep the node (and a node selection on it) in place. Throws a `RangeError`
 * when there is no image at `pos` or the size cannot be stored.
 */
export function setImageSize(tr: Transaction, pos: number, width: number, height: number): Transaction {
  if (!imageAt(tr.doc, pos)) throw new RangeError(`No image at position ${String(pos)}`);
  const size = fitImageSize(width, height);
  if (size.width > MAX_IMAGE_DIMENSION || size.height > MAX_IMAGE_DIMENSION) {
    throw new RangeError(`Image size ${size.width}×${size.height} exceeds ${MAX_IMAGE_DIMENSION} px`);
  }
  return tr.setNodeAttribute(pos, 'width', `${size.width}px`).setNodeAttribute(pos, 'height', `${size.height}px`);
}

/**
 * Resizes the image at `pos` to `width` × `height` pixels (minimum 100, ratio kept).
 * Does not apply when `pos` holds no image or the fitted size is beyond what an
 * image can store; throws a `RangeError` for a size that is not a positive number.
 */
export function resizeImage(pos: number, width: number, height: number): Command {
  const size = fitImageSize(width, height);
  return (state: EditorState, dispatch) => {
    if (!imageAt(state.doc, pos)) return false;
    if (size.width > MAX_IMAGE_DIMENSION || size.height > MAX_IMAGE_DIMENSION) return false;
    if (dispatch) dispatch(setImageSize(state.tr, pos, size.width, size.height));
    return true;
  };
}

/**
 * Sets the text alternative of the image at `pos`: trimmed and cleaned as its attribute keeps
 * text (control characters out, at most 500 characters); an empty one removes it. Does not
 * apply when `pos` holds no image; applies and changes nothing when the text is the same.
 */
export function setImageAlt(pos: number, alt: string): Command {
  return (state: EditorState, dispatch) => {
    const image = imageAt(state.doc, pos);
    if (!image) return false;
    const clean = (image.type.spec as { attrDefs?: AttrDefs }).attrDefs?.alt?.clean;
    const trimmed = alt.trim();
    const value = trimmed ? ((clean ? clean(trimmed) : trimmed) as string | null) : null;
    if (dispatch && value !== image.attrs.alt) dispatch(state.tr.setNodeAttribute(pos, 'alt', value));
    return true;
  };
}

/** Whether a width is one the image's width attribute keeps as it is (its cleaner changes nothing). */
function attrsCleanWidth(type: NodeType, width: string): boolean {
  const clean = (type.spec as { attrDefs?: AttrDefs }).attrDefs?.width?.clean;
  return !!clean && clean(width) === width;
}

/**
 * Places an image node with `src` at `pos` (and `width`, when given and valid): an empty text block there is replaced,
 * at the start or end of a text block the image goes before or after it, and in the
 * middle of one the block is split around the image (as pasting a block would).
 * Throws a `RangeError` for an unsafe address or a position outside the document.
 */
export function insertImageAt(tr: Transaction, pos: number, src: string, width?: string): Transaction {
  const safe = safeImageSrc(src);
  if (!safe) throw new RangeError('Unsafe image address');
  if (!Number.isInteger(pos) || pos < 0 || pos > tr.doc.content.size) throw new RangeError(`Position ${String(pos)} is outside the document`);
  const type = tr.doc.type.schema.nodes.image;
  // A width the schema would not keep falls back to its default (35%).
  const image = type.create({ src: safe, ...(width && attrsCleanWidth(type, width) ? { width } : {}) });
  const before = tr.steps.length;
  tr.replaceRangeWith(pos, pos, image);
  if (tr.steps.length === before) {
    // The image fits nowhere around `pos` (a header cell holds paragraphs only):
    // put it after the top-level block instead of dropping it.
    const $pos = tr.doc.resolve(pos);
    tr.insert($pos.depth ? $pos.after(1) : pos, image);
  }
  return tr;
}

/**
 * Puts the caret after an image that an insertion left selected as a whole block (it took the
 * place of the empty line the caret stood in): a paste or a key would otherwise replace the image
 * just placed. The caret goes to the start of the text block right after the image, or into a new
 * empty paragraph there, as the next line to write on.
 */
export function caretAfterImage(tr: Transaction): Transaction {
  const selection = tr.selection;
  if (!(selection instanceof NodeSelection) || selection.node.type !== tr.doc.type.schema.nodes.image) return tr;
  const $after = tr.doc.resolve(selection.to);
  if (!$after.nodeAfter?.isTextblock) {
    const paragraph = tr.doc.type.schema.nodes.paragraph;
    if (!paragraph || !$after.parent.canReplaceWith($after.index(), $after.index(), paragraph)) return tr;
    tr.insert(selection.to, paragraph.create());
  }
  return tr.setSelection(TextSelection.create(tr.doc, selection.to + 1));
}
