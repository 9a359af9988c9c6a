import type { EditorView } from 'prosemirror-view';

/**
 * Content that can change size with no transaction (media loading, table columns being
 * dragged): a block holding any is left unpinned.
 */
const RESIZES_ON_ITS_OWN = 'table, img:not(.ProseMirror-separator), video, audio, iframe, object, embed, canvas';

/** The pinned height of the block being edited: measured for the block of `serial`, whose content ended `end` px below its top then. */
export interface Pin {
  serial: number;
  height: number;
  end: number;
}

/** What the pin reads of the active block: where it is, its serial, and its pin (null until measured). */
export interface PinnedBlock {
  pos: number | null;
  serial: number;
  pin: Pin | null;
}

/**
 * Where a block's content ends, measured from the block's top edge. Adding or removing a
 * line anywhere in the block moves it; a keystroke within a line does not.
 */
function contentEnd(block: HTMLElement): number {
  const last = block.lastChild;
  if (!last) return 0;
  let bottom: number;
  if (last instanceof Element) {
    bottom = last.getBoundingClientRect().bottom;
  } else {
    const range = block.ownerDocument.createRange();
    const length = last.textContent?.length ?? 0;
    range.setStart(last, Math.max(0, length - 1));
    range.setEnd(last, length);
    bottom = range.getBoundingClientRect().bottom;
  }
  return bottom - block.getBoundingClientRect().top;
}

/**
 * Measures the height to pin the block being edited at, so it can be laid out with size and
 * layout containment: a relayout boundary, so Chromium lays out a keystroke's block alone
 * instead of stepping through every top-level block of the document (about 7 ms a key at
 * 10,000 blocks, growing with the document).
 *
 * The pin itself is the active block's decoration (active-block.ts): ProseMirror writes the
 * height to the block as a custom property beside its class, and one rule of the element's
 * stylesheet (rich-editor.styles.ts) applies it, not in print. The shadow root's sheets never
 * change with it: Firefox works out the style of every element in a shadow root again
 * whenever its sheets change (about 250 ms a caret move at 10,000 blocks when the pin was a
 * rule of its own), and an attribute of one block restyles that block alone.
 *
 * A block is measured unpinned when the caret comes to it (its new serial has no pin yet),
 * and after each update, a change of the editor's width or web fonts loading, its content's
 * end is compared with the one it was pinned at: a line that came or went changes the pin by
 * as much, with no unpinned measure again. Checking waits for a microtask after an update,
 * so it never dispatches while the view is drawing, and comes before the next frame. A block
 * the caret came to is measured once the frame that shows it has painted: measured before it,
 * the pin laid the document out for itself alone ahead of that frame (an ArrowDown onto the
 * next block at 10,000 blocks painted 11 ms later), and a key typed meanwhile lays out
 * unpinned, as every key did before pins. Blocks
 * whose content can resize on its own (images, tables) are never pinned, and without focus
 * nothing is measured (a new document's first layout is its first paint's).
 */
export class BlockPin {
  private scheduled = false;
  private frame = 0;
  /** The wait for the next frame to have painted, and the serial of the block active once it had. */
  private paint = { frame: 0, task: 0 as ReturnType<typeof setTimeout> | 0, serial: -1 };
  private readonly resizeObserver: ResizeObserver;
  private readonly soon = (): void => {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(this.check);
  };

  /**
   * `ruler` changes width with the editor's content and only then: every size it reports, as
   * the content's own height would with each line or block added, makes Chromium lay the page
   * out once more in that frame (at 10,000 blocks, its intersection checks of every
   * `content-visibility: auto` block twice for each Enter). A host's CSS that narrows the
   * content part alone, the editor keeping its width, resizes no ruler: the pin follows then
   * with the editor's next update.
   */
  constructor(
    private readonly view: EditorView,
    ruler: Element,
    private readonly active: () => PinnedBlock,
    private readonly setPin: (pin: Pin | null) => void,
  ) {
    // A new width rewraps the block's lines: measured a frame after it is observed.
    this.resizeObserver = new ResizeObserver(() => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(this.soon);
    });
    this.resizeObserver.observe(ruler);
    view.dom.ownerDocument.fonts?.addEventListener('loadingdone', this.soon);
    // Focus that moves no caret (Tab, focus()) dispatches nothing: the pin comes with it all the same.
    view.dom.addEventListener('focus', this.soon);
    this.soon();
  }

  /** After each update of the view. */
  update(): void {
    this.soon();
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    this.view.dom.ownerDocument.fonts?.removeEventListener('loadingdone', this.soon);
    this.view.dom.removeEventListener('focus', this.soon);
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.paint.frame);
    clearTimeout(this.paint.task);
  }

  /** Checks again once the next frame has painted (a frame, then a task): its layout is done, and reading a box costs nothing. */
  private afterPaint(): void {
    if (this.paint.frame || this.paint.task) return;
    this.paint.frame = requestAnimationFrame(() => {
      this.paint.frame = 0;
      this.paint.task = setTimeout(() => {
        this.paint.task = 0;
        if (this.view.isDestroyed) return;
        this.paint.serial = this.active().serial;
        this.soon();
      });
    });
  }

  private check = (): void => {
    this.scheduled = false;
    const { view } = this;
    if (view.isDestroyed) return;
    const { pos, serial, pin } = this.active();
    const dom = pos === null || !view.hasFocus() ? null : view.nodeDOM(pos);
    const block = dom instanceof HTMLElement && dom.parentNode === view.dom && !dom.matches(RESIZES_ON_ITS_OWN) && !dom.querySelector(RESIZES_ON_ITS_OWN) ? dom : null;
    if (!block) {
      if (pin) this.setPin(null);
      return;
    }
    if (pin) {
      const end = contentEnd(block);
      if (Math.abs(end - pin.end) > 0.5) this.setPin({ serial, height: pin.height + end - pin.end, end });
      return;
    }
    // Unpinned (the active block has no pin yet), with the layout containment the pinned block keeps.
    if (this.paint.serial !== serial) return this.afterPaint();
    const box = block.getBoundingClientRect();
    if (!box.width) return; // Not rendered (a hidden editor): the width observer checks again once shown.
    this.setPin({ serial, height: box.height, end: contentEnd(block) });
  };
}
