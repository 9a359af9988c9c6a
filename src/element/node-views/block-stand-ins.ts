/**
 * What draws code blocks and images until their views arrive (../block-views.ts, a chunk of its
 * own in the embed bundle, stand-in.ts): the same elements the views draw, with the same
 * classes, sizes and the code block header's height, but no controls, so nothing moves when
 * the views take over.
 */
import { wordsOf } from '../../core/strings.js';
import { schemaDrawing, type StandIn } from './stand-in.js';

/** A code block as the schema draws it (`pre[data-language] > code`), in the view's frame under a header of the view's height. */
export const codeBlockStandIn: StandIn = (node, view) => {
  const doc = view.dom.ownerDocument;
  const dom = doc.createElement('div');
  dom.className = 'code-block';
  dom.spellcheck = false;
  const header = dom.appendChild(doc.createElement('div'));
  header.className = 'code-block-header';
  header.contentEditable = 'false';
  header.setAttribute('aria-hidden', 'true');
  // The copy button's text, unseen and out of reach, holds the header's height until the controls come.
  const hold = header.appendChild(doc.createElement('button'));
  hold.type = 'button';
  hold.tabIndex = -1;
  hold.style.visibility = 'hidden';
  hold.textContent = wordsOf(view.state)['code.copy'];
  const drawn = schemaDrawing(node, view);
  dom.append(drawn.dom);
  return { ...drawn, dom, ignoreMutation: (mutation) => mutation.type !== 'selection' && header.contains(mutation.target) };
};

/**
 * A relative width (the default 35%) never scales an image above its natural width, so a
 * small image shows at its own size; a width in pixels is the user's choice and is kept.
 * Only the view's style: the stored attributes and the HTML are unchanged.
 */
export function naturalCap(img: HTMLImageElement, width: string | null, height: string | null): string {
  const natural = img.complete ? img.naturalWidth : 0;
  const relative = !width || width.endsWith('%');
  return natural && relative && (!height || height === 'auto') ? `min(100%, ${natural}px)` : '';
}

/** An image node's attributes as its view reads them. */
export interface ImageAttrs {
  src: string | null;
  width: string | null;
  height: string | null;
  alt: string | null;
}

/** Shows an image node in its frame: its address, text alternative and stored size (`width`, 35% by default, and `height`, auto by default). */
export function showImage(frame: HTMLElement, img: HTMLImageElement, attrs: ImageAttrs): void {
  const { src, width, height, alt } = attrs;
  if (src && img.getAttribute('src') !== src) img.src = src;
  // Without a text alternative, an empty one keeps readers from spelling out the address.
  img.alt = alt ?? '';
  frame.style.width = width ?? '';
  frame.style.maxWidth = naturalCap(img, width, height);
  img.style.height = height ?? 'auto';
}

/**
 * The class of a frame whose image did not load: a box of a small image's size
 * (block-views.styles.ts), on the stand-in as on the view, so nothing moves when the view arrives.
 */
export const BROKEN_IMAGE = 're-broken';

/** An image in the view's frame at its stored size, without the resize handle. */
export const imageStandIn: StandIn = (node, view) => {
  const doc = view.dom.ownerDocument;
  const dom = doc.createElement('div');
  dom.className = 'image-view';
  const frame = dom.appendChild(doc.createElement('span'));
  frame.className = 'image-frame';
  const img = frame.appendChild(doc.createElement('img'));
  img.draggable = false;
  img.loading = 'lazy';
  const show = () => {
    frame.classList.remove(BROKEN_IMAGE);
    showImage(frame, img, node.attrs as ImageAttrs);
  };
  img.addEventListener('load', show);
  img.addEventListener('error', () => frame.classList.add(BROKEN_IMAGE));
  show();
  return { dom, update: (updated) => updated.sameMarkup(node), ignoreMutation: () => true };
};
