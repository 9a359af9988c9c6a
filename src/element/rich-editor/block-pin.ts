/** The class on the active block while its height is pinned. */
export const PINNED_BLOCK_CLASS = 're-pinned';

/** The custom property that carries a pinned block's height to the stylesheet. */
export const PINNED_HEIGHT_PROPERTY = '--re-pinned-height';

/**
 * Content that can change size with no transaction (media loading, table columns being
 * dragged): a block holding any is left unpinned.
 */
const RESIZES_ON_ITS_OWN = 'table, img:not(.ProseMirror-separator), video, audio, iframe, object, embed, canvas';

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
    const range = document.createRange();
    const length = last.textContent?.length ?? 0;
    range.setStart(last, Math.max(0, length - 1));
    range.setEnd(last, length);
    bottom = range.getBoundingClientRect().bottom;
  }
  return bottom - block.getBoundingClientRect().top;
}

/**
 * Pins the height of the block being edited to its laid-out height, with size and layout
 * containment, so the block is a relayout boundary: Chromium then lays out a keystroke's
 * block alone instead of stepping through every top-level block of the document (about
 * 7 ms a key at 10,000 blocks, growing with the document).
 *
 * The pinned height follows the content: after each update the block is re-measured when
 * a line came or went (its content's end moved, or the content overflows), when the
 * editor's width changes, and when web fonts finish loading. Blocks whose content can
 * resize on its own (images, tables) are never pinned.
 *
 * `write` makes the DOM changes; the caller hides them from ProseMirror's DOM observer.
 */
export class BlockPin {
  private block: HTMLElement | null = null;
  private pinned = false;
  private end = 0;
  private width = -1;
  private frame = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly refit = (): void => {
    if (this.block) this.repin();
  };

  constructor(
    private readonly editable: HTMLElement,
    private readonly write: (change: () => void) => void,
  ) {
    // A new width rewraps the block's lines. Re-measuring inside the observer's callback
    // would resize what it observes (a "loop completed" error), so it waits a frame.
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      const first = this.width < 0;
      if (width === this.width) return;
      this.width = width;
      // The first report is the width the block was just measured at, unless it was hidden.
      if (!this.block || this.frame || (first && this.pinned)) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.refit();
      });
    });
    this.resizeObserver.observe(editable);
    document.fonts?.addEventListener('loadingdone', this.refit);
  }

  /** Pins `block` (the active block, or none), or re-measures it if its lines changed. */
  follow(block: HTMLElement | null): void {
    if (block !== this.block) {
      this.unpin();
      this.block = block;
      if (block) this.pin(block);
    } else if (block && this.pinned && this.stale(block)) {
      this.repin();
    }
  }

  /** Unpins and stops watching. */
  destroy(): void {
    this.unpin();
    this.block = null;
    this.resizeObserver.disconnect();
    document.fonts?.removeEventListener('loadingdone', this.refit);
    cancelAnimationFrame(this.frame);
  }

  private stale(block: HTMLElement): boolean {
    return (
      !block.classList.contains(PINNED_BLOCK_CLASS) ||
      Math.abs(contentEnd(block) - this.end) > 0.5 ||
      block.scrollHeight > block.clientHeight + 1
    );
  }

  private repin(): void {
    const block = this.block;
    this.unpin();
    if (block) this.pin(block);
  }

  private pin(block: HTMLElement): void {
    if (block.parentNode !== this.editable || block.matches(RESIZES_ON_ITS_OWN) || block.querySelector(RESIZES_ON_ITS_OWN)) return;
    // Measured unpinned but with the layout containment the pinned block keeps, so the
    // content inside lays out the same either way.
    const box = block.getBoundingClientRect();
    if (!box.width) return; // Not rendered (a hidden editor): the width observer pins it once shown.
    this.end = contentEnd(block);
    this.write(() => {
      block.style.setProperty(PINNED_HEIGHT_PROPERTY, `${box.height}px`);
      block.classList.add(PINNED_BLOCK_CLASS);
    });
    this.pinned = true;
  }

  private unpin(): void {
    const block = this.block;
    if (!block || !this.pinned) return;
    this.pinned = false;
    this.write(() => {
      block.classList.remove(PINNED_BLOCK_CLASS);
      block.style.removeProperty(PINNED_HEIGHT_PROPERTY);
      if (block.getAttribute('style') === '') block.removeAttribute('style');
    });
  }
}
