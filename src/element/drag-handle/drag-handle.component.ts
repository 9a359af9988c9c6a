import { computePosition } from '@floating-ui/dom';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { NodeSelection, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { clock } from '../../core/clock.js';
import { movedBlockOf } from '../../core/commands/move-block.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { wordsFor } from '../words.js';
import { dragHandleStyles } from './drag-handle.styles.js';

export { DRAG_HANDLE_WIDTH } from './drag-handle.styles.js';
/** A drag within this many pixels of the viewport's top scrolls up (spec). */
export const AUTO_SCROLL_TOP_ZONE = 300;
/** A drag within this many pixels of the viewport's bottom scrolls down (spec). */
export const AUTO_SCROLL_BOTTOM_ZONE = 100;
/** Pixels scrolled per auto-scroll step (spec: "70 pixels per step"). */
export const AUTO_SCROLL_STEP = 70;
/**
 * Time between steps while the pointer stays in a zone, in milliseconds (timed by the SDK's
 * clock). The spec fixes the step, not the pace; 50 ms is Chromium's own `dragover` cadence, so
 * a still pointer scrolls as fast as a moving one instead of depending on how often the browser
 * reports it.
 */
export const AUTO_SCROLL_INTERVAL = 50;

/** The auto-scroll step for a pointer at `clientY`: -70 near the top, 70 near the bottom, else 0. */
export function autoScrollStep(clientY: number, viewportHeight: number): number {
  if (clientY < AUTO_SCROLL_TOP_ZONE) return -AUTO_SCROLL_STEP;
  if (viewportHeight - clientY < AUTO_SCROLL_BOTTOM_ZONE) return AUTO_SCROLL_STEP;
  return 0;
}

/** A block the handle stands beside: its position in the document and its DOM. */
interface HoveredBlock {
  readonly pos: number;
  readonly dom: HTMLElement;
}

/**
 * The position of the block a handle at these coordinates moves (`movedBlockOf`: the innermost
 * list item reached from the top-level block through lists only, otherwise the top-level block).
 * Null outside the content.
 */
export function blockPosAt(view: EditorView, coords: { left: number; top: number }): number | null {
  const hit = view.posAtCoords(coords);
  if (!hit) return null;
  const { doc } = view.state;
  const $pos = doc.resolve(hit.inside >= 0 ? hit.inside : hit.pos);
  const path: number[] = [];
  for (let d = 1; d <= $pos.depth; d++) path.push($pos.before(d));
  // `inside` points before the node under the pointer (an image, a rule): it is on the path too.
  if (hit.inside >= 0) path.push(hit.inside);
  if (!path.length) {
    // Between two top-level blocks: the one after, or the last one.
    if ($pos.nodeAfter) return $pos.pos;
    return $pos.nodeBefore ? $pos.pos - $pos.nodeBefore.nodeSize : null;
  }
  return movedBlockOf(doc, path);
}

/** The nearest scrolling ancestor of a node, across shadow roots; the document's scroller otherwise. */
function scrollParent(node: Element): Element {
  let current: Element | null = node;
  while (current) {
    const { overflowY } = getComputedStyle(current);
    if (/(auto|scroll|overlay)/.test(overflowY) && current.scrollHeight > current.clientHeight) return current;
    current = current.parentElement ?? ((current.getRootNode() as ShadowRoot).host || null);
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * `<rich-editor-drag-handle>`: a grip beside the block (or list item) under the mouse.
 * Dragging it moves the block when `drag-drop` is set: the block becomes a node
 * selection and ProseMirror's own drop handling moves it (one undo step); near the
 * viewport's edges the page scrolls. It hides on typing, on any scroll, when the mouse
 * leaves the content, on screens 600 px wide or narrower, and in read-only mode. It
 * stands in the 24 px left of the block, so a host that wants it gives the editor that
 * room (a margin or padding); without it the handle is not shown.
 *
 * Accessibility: the grip is a mouse affordance, so it is not in the tab order
 * (`tabindex="-1"`); it is named "Drag to move block", and a click selects the block.
 * Keyboard users move blocks with Alt+Shift+ArrowUp and Alt+Shift+ArrowDown (`moveBlock`),
 * which need no handle.
 *
 * @csspart drag-handle - the grip
 * @cssprop --rich-editor-muted - the grip's colour
 * @cssprop --rich-editor-surface-hover - the grip's background under the mouse
 */
export class RichEditorDragHandle extends LitElement {
  static override styles = dragHandleStyles;

  static override properties = {
    hub: { attribute: false },
    dragDrop: { type: Boolean, attribute: 'drag-drop', reflect: true },
    block: { state: true },
    editable: { state: true },
  };

  /** The editor this handle belongs to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;
  /** Whether dragging the handle moves the block; without it the handle is not draggable. */
  dragDrop = false;

  private block: HoveredBlock | null = null;
  private editable = false;
  private readonly editor = new EditorStateController(this, (view, previous) => this.editorUpdated(view, previous));
  private bound: { view: EditorView; unbind: () => void } | null = null;
  private dragging: {
    view: EditorView;
    /** What this handle put in `view.dragging`. */
    source: EditorView['dragging'];
    scroller: Element;
    pointerY: number;
    /** The next auto-scroll step's timer, while the pointer is in a zone. */
    timer: unknown;
  } | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    // The element may have attached its view before this piece subscribed (both connect together).
    const view = this.hub?.view;
    if (view) this.editorUpdated(view, null);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.endDrag();
    this.bind(null);
    this.block = null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // The controller asks for a render on every editor update; only the handle's own state matters.
    return changed.size > 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub') && this.isConnected) {
      this.editor.reconnect();
      const view = this.hub?.view ?? null;
      if (view) this.editorUpdated(view, null);
      else this.bind(null);
    }
  }

  override render() {
    if (!this.editable) return nothing;
    return html`<div
      class="handle"
      part="drag-handle"
      role="button"
      tabindex="-1"
      aria-label=${wordsFor(this.hub)['dragHandle.label']}
      draggable=${this.dragDrop ? 'true' : 'false'}
      ?hidden=${!this.block}
      @click=${this.selectBlock}
      @dragstart=${this.onDragStart}
      @dragend=${this.onDragEnd}
      @mouseleave=${this.onHandleLeave}
    >
      <svg viewBox="0 0 10 16" width="10" height="16" aria-hidden="true" focusable="false">
        <circle cx="2.5" cy="3" r="1.5" /><circle cx="7.5" cy="3" r="1.5" />
        <circle cx="2.5" cy="8" r="1.5" /><circle cx="7.5" cy="8" r="1.5" />
        <circle cx="2.5" cy="13" r="1.5" /><circle cx="7.5" cy="13" r="1.5" />
      </svg>
    </div>`;
  }

  protected override updated(): void {
    const handle = this.handle();
    const block = this.block;
    if (!handle || !block) return;
    // Left of the block, top edges aligned. Where the page leaves no room there (an editor
    // at the viewport's left edge), the handle stays hidden rather than cover the block's
    // first characters: a click meant for the text would select the whole block instead.
    void computePosition(block.dom, handle, { strategy: 'fixed', placement: 'left-start' }).then(({ x, y }) => {
      if (this.block !== block) return;
      handle.style.left = `${x}px`;
      handle.style.top = `${y}px`;
      handle.style.visibility = x < 0 ? 'hidden' : '';
    });
  }

  private handle(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.handle');
  }

  private editorUpdated(view: EditorView, previous: EditorState | null): void {
    this.bind(view);
    this.editable = view.editable;
    // Blocks moved or changed: the handle's block and position are stale until the mouse moves again.
    if (previous && previous.doc !== view.state.doc && !this.dragging) this.hide();
  }

  /** Listens to the view's content (and the page's scrolling) for the view shown now. */
  private bind(view: EditorView | null): void {
    if (this.bound?.view === view) return;
    this.bound?.unbind();
    this.bound = null;
    if (!view) return;
    const dom = view.dom;
    const root = dom.getRootNode();
    // Where the pointer was at the last move heard. A browser also sends a move when the page
    // scrolls (or its layout changes) under a resting pointer, to update hover: Chromium after
    // every wheel step. Those find nothing new to show (scrolling hides the handle, spec), and
    // looking up the block under them costs a layout and a hit test in each frame of a scroll.
    let pointer: { x: number; y: number } | null = null;
    const onMove = (event: MouseEvent) => {
      if (pointer && pointer.x === event.screenX && pointer.y === event.screenY) return;
      pointer = { x: event.screenX, y: event.screenY };
      this.hover(view, event);
    };
    const onLeave = (event: MouseEvent) => {
      const to = event.relatedTarget as Node | null;
      // Moving onto the handle itself keeps it (its host is what the content sees).
      if (to && (to === this || this.contains(to))) return;
      this.hide();
    };
    const onKey = () => this.hide();
    const onScroll = () => {
      // The page scrolls under a drag (auto-scroll); the handle is the drag's source and must stay.
      if (!this.dragging) this.hide();
    };
    const scrollOptions: AddEventListenerOptions = { capture: true, passive: true };
    dom.addEventListener('mousemove', onMove);
    dom.addEventListener('mouseleave', onLeave);
    dom.addEventListener('keydown', onKey);
    // Scroll events do not bubble: capturing at the window hears every scroller of the page,
    // and at the editor's shadow root the scrollers inside it (a wide table's wrapper).
    window.addEventListener('scroll', onScroll, scrollOptions);
    if (root !== document) root.addEventListener('scroll', onScroll, scrollOptions);
    this.bound = {
      view,
      unbind: () => {
        dom.removeEventListener('mousemove', onMove);
        dom.removeEventListener('mouseleave', onLeave);
        dom.removeEventListener('keydown', onKey);
        window.removeEventListener('scroll', onScroll, scrollOptions);
        if (root !== document) root.removeEventListener('scroll', onScroll, scrollOptions);
      },
    };
  }

  private hover(view: EditorView, event: MouseEvent): void {
    if (this.dragging || !view.editable) return;
    const pos = blockPosAt(view, { left: event.clientX, top: event.clientY });
    const dom = pos === null ? null : view.nodeDOM(pos);
    if (pos === null || !(dom instanceof HTMLElement)) {
      this.hide();
      return;
    }
    if (this.block?.pos !== pos || this.block.dom !== dom) this.block = { pos, dom };
  }

  private hide(): void {
    if (this.block) this.block = null;
  }

  private readonly onHandleLeave = (event: MouseEvent): void => {
    const to = event.relatedTarget as Node | null;
    const view = this.hub?.view;
    // Back into the content: its mousemove picks the block; anywhere else, no block is hovered.
    if (!this.dragging && !(to && view?.dom.contains(to))) this.hide();
  };

  /** The block under the handle as a node selection (also what a click gives the keyboard to work on). */
  private selectedBlock(view: EditorView): NodeSelection | null {
    const block = this.block;
    if (!block || block.pos >= view.state.doc.content.size || !view.state.doc.nodeAt(block.pos)) return null;
    return NodeSelection.create(view.state.doc, block.pos);
  }

  private readonly selectBlock = (): void => {
    const view = this.hub?.view;
    const selection = view && this.selectedBlock(view);
    if (!view || !selection) return;
    view.dispatch(view.state.tr.setSelection(selection));
    view.focus();
  };

  private readonly onDragStart = (event: DragEvent): void => {
    const view = this.hub?.view;
    const selection = view && this.dragDrop && view.editable ? this.selectedBlock(view) : null;
    const data = event.dataTransfer;
    if (!view || !selection || !data || !this.block) {
      event.preventDefault();
      return;
    }
    view.dispatch(view.state.tr.setSelection(selection));
    // As ProseMirror's own dragstart does: the block as clipboard HTML and text, so a drop
    // elsewhere (another editor, another app) gets it, and `view.dragging` so a drop in this
    // editor moves the very slice.
    const { dom, text, slice } = view.serializeForClipboard(selection.content());
    data.clearData();
    data.setData('text/html', dom.innerHTML);
    data.setData('text/plain', text);
    data.effectAllowed = 'copyMove';
    data.setDragImage(this.block.dom, 0, 0);
    // `node` is what ProseMirror's drop replaces when moving; without it it would delete
    // whatever the selection is at drop time.
    const dragging = { slice, move: true, node: selection };
    view.dragging = dragging;
    this.dragging = { view, source: dragging, scroller: scrollParent(view.dom), pointerY: event.clientY, timer: null };
    window.addEventListener('dragover', this.onDragOver, true);
  };

  private readonly onDragOver = (event: DragEvent): void => {
    const drag = this.dragging;
    if (!drag) return;
    drag.pointerY = event.clientY;
    if (drag.timer === null && autoScrollStep(event.clientY, window.innerHeight) !== 0) this.scrollStep();
  };

  /** Scrolls one step while the pointer is in a zone, and sets the next step's timer; out of the zones, stops. */
  private readonly scrollStep = (): void => {
    const drag = this.dragging;
    if (!drag) return;
    drag.timer = null;
    const step = autoScrollStep(drag.pointerY, window.innerHeight);
    if (step === 0) return;
    drag.scroller.scrollBy({ top: step, behavior: 'instant' });
    drag.timer = clock.setTimeout(this.scrollStep, AUTO_SCROLL_INTERVAL);
  };

  private readonly onDragEnd = (): void => {
    const drag = this.dragging;
    this.endDrag();
    // A drop in the editor cleared `view.dragging` already; a drop elsewhere (or a cancelled drag) did not.
    if (drag && drag.view.dragging === drag.source) drag.view.dragging = null;
    this.hide();
  };

  private endDrag(): void {
    const drag = this.dragging;
    if (!drag) return;
    if (drag.timer !== null) clock.clearTimeout(drag.timer);
    window.removeEventListener('dragover', this.onDragOver, true);
    this.dragging = null;
  }
}
