/**
 * The image's node view: the image at its stored size (35% wide by default, never
 * wider than its natural width while its width is relative) and,
 * while the editor is editable, a resize handle at its bottom-right corner. Dragging
 * the handle previews the new size live and commits it once, on release; the arrow
 * keys resize by 10 px. Limits (minimum 100 px, aspect ratio kept) are core's. Beside it,
 * an "Alt text" button opens a field for the image's text alternative (Enter or leaving
 * the field keeps it, Escape drops it). Tab from the selected image reaches the handle,
 * Tab again the button; Escape returns to the image.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection } from 'prosemirror-state';
import type { EditorView, NodeView } from 'prosemirror-view';
import { fitImageSize, MIN_IMAGE_DIMENSION, resizeImage, setImageAlt, type ImageSize } from '../../core/commands/image.js';
import { NODE_CONTROL_ATTRIBUTE } from '../../core/plugins/tab-key.js';
import { fill, wordsOf } from '../../core/strings.js';
import type { NodeViewContext } from '../../core/extensions/node-view.js';
import { BROKEN_IMAGE, showImage, type ImageAttrs } from './block-stand-ins.js';
import type { SizeListener, SizeWatch } from './size-watch.js';

/** How far one arrow key press resizes an image, in pixels. */
export const IMAGE_RESIZE_STEP = 10;

/** A drag of the resize handle in progress. */
interface Drag {
  pointerId: number;
  startX: number;
  /** The rendered size when the drag began; its ratio is kept. */
  width: number;
  height: number;
  /** The last previewed size, committed on release. */
  size: ImageSize | null;
}

const GROW_KEYS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/**
 * An image node with a resize handle in editable editors. Built through the node-view hook
 * extensions use (`definedNodeView`): its context says when the editor turns read-only. The
 * view is its own event and size listener (`handleEvent`, `onSize`): a long document's images
 * hold one closure each, the context's.
 */
export class ImageView implements NodeView, SizeListener {
  readonly dom: HTMLElement;
  private readonly frame: HTMLElement;
  private readonly img: HTMLImageElement;
  private handle: HTMLElement | null = null;
  private altButton: HTMLButtonElement | null = null;
  /** The open text alternative field, or null. */
  private altField: HTMLInputElement | null = null;
  private drag: Drag | null = null;
  /** The rendered image and the width it may grow to, as the browser last laid them out. */
  private rendered = { width: 0, height: 0, maxWidth: 0 };

  constructor(
    private node: PMNode,
    private readonly view: EditorView,
    private readonly getPos: () => number | undefined,
    context: NodeViewContext,
    private readonly sizes: SizeWatch,
  ) {
    const doc = view.dom.ownerDocument;
    this.dom = doc.createElement('div');
    this.dom.className = 'image-view';
    this.frame = this.dom.appendChild(doc.createElement('span'));
    this.frame.className = 'image-frame';
    this.img = this.frame.appendChild(doc.createElement('img'));
    this.img.draggable = false;
    // Fetched when it comes near the viewport: a long document does not fetch every image it holds as it opens.
    this.img.loading = 'lazy';
    // Its natural size is known once it loads: a relative width is capped at it then.
    this.img.addEventListener('load', this);
    // A file that does not load (gone, offline, refused) would leave a box of no height.
    this.img.addEventListener('error', this);
    this.render();
    this.setEditable(context.editable);
    context.subscribe(() => this.setEditable(context.editable));
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    if (!this.drag) this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  /**
   * The controls' pointer and key events are their own, not editing or node dragging; on the
   * handle and the button, shortcuts (Ctrl+Z taking a resize back) are the editor's. Every
   * event in the text alternative's field is the field's (Ctrl+Z undoes its typing).
   */
  stopEvent(event: Event): boolean {
    const target = event.target;
    if (!(target instanceof Node)) return false;
    if (this.altField?.contains(target)) return true;
    if (!this.handle?.contains(target) && !this.altButton?.contains(target)) return false;
    return !(event instanceof KeyboardEvent && (event.ctrlKey || event.metaKey));
  }

  /** An atom: every DOM change inside is the view's own (size previews, the handle). */
  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.stopSizes();
    this.drag = null;
    const typed = this.altField?.value;
    this.closeAltField(false);
    if (typed !== undefined && typed !== ((this.node.attrs.alt as string | null) ?? '')) this.keepAltAfter(typed);
  }

  /**
   * Text typed into the alternative's field when the view goes while the image stays (a change
   * around it, a colleague's too, drew it anew: a quote put around it, a list it moved into): put
   * on the image once that change is done, found as the same node. Nothing is kept when the
   * editor itself went or the image was changed or removed.
   */
  private keepAltAfter(text: string): void {
    const { view, node } = this;
    queueMicrotask(() => {
      if (view.isDestroyed || !view.editable) return;
      let at = -1;
      view.state.doc.descendants((candidate, pos) => {
        if (candidate === node) at = pos;
        return at < 0 && !candidate.isTextblock;
      });
      if (at >= 0) setImageAlt(at, text)(view.state, view.dispatch);
    });
  }

  /** Shows the node's image, text alternative and stored size: `width` (35% by default) and `height` (auto by default). */
  private render(): void {
    showImage(this.frame, this.img, this.node.attrs as ImageAttrs);
  }

  private setEditable(editable: boolean): void {
    if (editable && !this.handle) {
      this.handle = this.frame.appendChild(this.createHandle());
      this.altButton = this.frame.appendChild(this.createAltButton());
      this.sizes.observe(this.img, this);
      this.sizes.observe(this.dom, this);
      // Until the first layout reports the real size (before the next paint).
      this.describeSize();
    }
    if (!editable && this.handle) {
      this.stopSizes();
      this.drag = null;
      this.handle.remove();
      this.handle = null;
      this.closeAltField(false);
      this.altButton?.remove();
      this.altButton = null;
      this.render();
    }
  }

  /** The rendered size of the image, or of the block it sits in (the widest it may grow), while the handle is shown. */
  onSize(element: Element, width: number, height: number): void {
    if (element === this.img) this.rendered = { ...this.rendered, width, height };
    else this.rendered = { ...this.rendered, maxWidth: width };
    if (!this.drag) this.describeSize();
  }

  private stopSizes(): void {
    this.sizes.unobserve(this.img);
    this.sizes.unobserve(this.dom);
  }

  /** The controls' events, and the image's load. */
  handleEvent(event: Event): void {
    if (this.altField && event.target === this.altField) return this.onAltFieldEvent(event);
    switch (event.type) {
      case 'load':
        this.frame.classList.remove(BROKEN_IMAGE);
        if (!this.drag) this.render();
        return;
      case 'error':
        this.frame.classList.add(BROKEN_IMAGE);
        return;
      case 'pointerdown':
        return this.onPointerDown(event as PointerEvent);
      case 'pointermove':
        return this.onPointerMove(event as PointerEvent);
      case 'pointerup':
        return this.onPointerUp(event as PointerEvent);
      case 'pointercancel':
        return this.onPointerCancel();
      case 'keydown':
        return this.onKeyDown(event as KeyboardEvent);
      case 'click':
        return this.openAltField();
      // The image node is draggable; a drag that starts on the handle resizes instead.
      case 'dragstart':
      case 'mousedown':
        return event.preventDefault();
    }
  }

  /**
   * A slider (the ARIA pattern for a value changed with arrow keys) named "Resize
   * image", whose value is the width in pixels.
   */
  private createHandle(): HTMLElement {
    const handle = this.dom.ownerDocument.createElement('div');
    handle.className = 'image-resize-handle';
    // Reached with Tab from the selected image (see NODE_CONTROL_ATTRIBUTE), never by the caret.
    handle.tabIndex = -1;
    handle.setAttribute(NODE_CONTROL_ATTRIBUTE, '');
    handle.draggable = false;
    handle.setAttribute('role', 'slider');
    handle.setAttribute('aria-label', wordsOf(this.view.state)['image.resize']);
    handle.setAttribute('aria-orientation', 'horizontal');
    handle.setAttribute('aria-valuemin', String(MIN_IMAGE_DIMENSION));
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'keydown', 'dragstart', 'mousedown']) handle.addEventListener(type, this);
    return handle;
  }

  /** The button that opens the text alternative's field, reached with Tab from the handle. */
  private createAltButton(): HTMLButtonElement {
    const button = this.dom.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'image-alt-button';
    button.tabIndex = -1;
    button.setAttribute(NODE_CONTROL_ATTRIBUTE, '');
    button.textContent = wordsOf(this.view.state)['image.alt'];
    button.setAttribute('aria-expanded', 'false');
    // mousedown: no focus move or node drag from the button; the click opens the field.
    for (const type of ['click', 'keydown', 'mousedown', 'dragstart']) button.addEventListener(type, this);
    return button;
  }

  /** Opens the field for the text alternative, holding the current one, selected. */
  private openAltField(): void {
    if (this.altField || !this.altButton || !this.view.editable) return;
    const field = this.dom.ownerDocument.createElement('input');
    field.type = 'text';
    field.className = 'image-alt-field';
    const words = wordsOf(this.view.state);
    field.setAttribute('aria-label', words['image.alt']);
    field.placeholder = words['image.altPlaceholder'];
    field.value = (this.node.attrs.alt as string | null) ?? '';
    for (const type of ['keydown', 'focusout']) field.addEventListener(type, this);
    this.altField = this.frame.appendChild(field);
    this.altButton.setAttribute('aria-expanded', 'true');
    field.focus();
    field.select();
  }

  /** Closes the field; with `keep`, its text becomes the image's text alternative. */
  private closeAltField(keep: boolean): void {
    const field = this.altField;
    if (!field) return;
    this.altField = null;
    field.remove();
    this.altButton?.setAttribute('aria-expanded', 'false');
    if (!keep) return;
    const pos = this.getPos();
    if (pos !== undefined && this.view.editable) setImageAlt(pos, field.value)(this.view.state, this.view.dispatch);
  }

  /** Enter keeps the text and Escape drops it, both back to the image; leaving the field keeps it. */
  private onAltFieldEvent(event: Event): void {
    if (event.type === 'focusout') return this.closeAltField(true);
    if (event.type !== 'keydown') return;
    const { key, isComposing, keyCode } = event as KeyboardEvent;
    // An input method's own Enter or Escape (choosing or dropping a candidate; Safari says so by keyCode 229 only).
    if ((key !== 'Enter' && key !== 'Escape') || isComposing || keyCode === 229) return;
    // The field's keys: a dialog around the editor does not close on this Escape.
    event.preventDefault();
    event.stopPropagation();
    this.closeAltField(key === 'Enter');
    this.backToImage();
  }

  /** The image selected and the editor focused, as Escape leaves the toolbar. */
  private backToImage(): void {
    const pos = this.getPos();
    if (pos !== undefined) this.view.dispatch(this.view.state.tr.setSelection(NodeSelection.create(this.view.state.doc, pos)));
    this.view.focus();
  }

  /**
   * Keeps the slider's value in step with the rendered size: the size being previewed,
   * or the one the browser last laid out (reported by the editor's ResizeObserver, so
   * describing the images of a long document never forces a layout).
   */
  private describeSize(size: ImageSize | null = null): void {
    const handle = this.handle;
    if (!handle) return;
    const width = Math.round(size?.width ?? this.rendered.width);
    const height = Math.round(size?.height ?? this.rendered.height);
    handle.setAttribute('aria-valuenow', String(width));
    handle.setAttribute('aria-valuemax', String(Math.max(width, MIN_IMAGE_DIMENSION, Math.round(this.rendered.maxWidth))));
    handle.setAttribute('aria-valuetext', fill(wordsOf(this.view.state)['image.size'], { width, height }));
  }

  /** The widest the image may be dragged: the width of the content it sits in. */
  private maxWidth(): number {
    return this.rendered.maxWidth || Number.POSITIVE_INFINITY;
  }

  /** The fitted size for a wanted width, keeping the ratio of `width` × `height`. */
  private sizeFor(wanted: number, width: number, height: number): ImageSize {
    const clamped = Math.max(1, Math.min(wanted, Math.max(this.maxWidth(), MIN_IMAGE_DIMENSION)));
    return fitImageSize(clamped, Math.max(1, (clamped * height) / width));
  }

  private preview(size: ImageSize): void {
    this.frame.style.width = `${size.width}px`;
    // A width in pixels is what the drag commits, and it is not capped (see block-stand-ins.ts's naturalCap).
    this.frame.style.maxWidth = '';
    this.img.style.height = `${size.height}px`;
    this.describeSize(size);
  }

  private commit(size: ImageSize): void {
    const pos = this.getPos();
    if (pos === undefined || !this.view.editable || !resizeImage(pos, size.width, size.height)(this.view.state, this.view.dispatch)) {
      this.render();
    }
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0 || !this.view.editable || !this.handle) return;
    const rect = this.img.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    event.preventDefault();
    this.handle.setPointerCapture(event.pointerId);
    this.drag = { pointerId: event.pointerId, startX: event.clientX, width: rect.width, height: rect.height, size: null };
  }

  private onPointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.size = this.sizeFor(drag.width + event.clientX - drag.startX, drag.width, drag.height);
    this.preview(drag.size);
  }

  private onPointerUp(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (this.handle?.hasPointerCapture(event.pointerId)) this.handle.releasePointerCapture(event.pointerId);
    if (drag.size) this.commit(drag.size);
  }

  private onPointerCancel(): void {
    this.drag = null;
    this.render();
  }

  /** Keys on the handle and the button: Escape back to the image, Tab between the two, arrows on the handle resize. */
  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.backToImage();
      return;
    }
    // keyCode too: WebKitGTK names Shift+Tab (GTK's ISO_Left_Tab) "Unidentified" when driven by
    // WebDriver, with Tab's keyCode, which is what prosemirror-keymap's key names read there.
    if ((event.key === 'Tab' || event.keyCode === 9) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // The image's controls take turns, as a toolbar's buttons do; Escape is the way out.
      event.preventDefault();
      (event.target === this.handle ? this.altButton : this.handle)?.focus();
      return;
    }
    if (event.target !== this.handle) return;
    const direction = GROW_KEYS[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey || !this.view.editable) return;
    event.preventDefault();
    const rect = this.img.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    this.commit(this.sizeFor(rect.width + direction * IMAGE_RESIZE_STEP, rect.width, rect.height));
  }
}
