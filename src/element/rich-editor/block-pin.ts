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
 * The pin is one rule for the block the given selector matches, in a stylesheet of its own adopted
 * by the editable's root (the element's shadow root): nothing is written to the
 * document's DOM, which ProseMirror owns and watches. A printed page lays the block out
 * freely. Where constructed stylesheets are missing, blocks are not pinned.
 *
 * The pinned height follows the content: after each update the block is re-measured when
 * a line came or went (its content's end moved, or the content overflows), when the
 * editor's width changes, and when web fonts finish loading. Blocks whose content can
 * resize on its own (images, tables) are never pinned.
 */
export class BlockPin {
  private block: HTMLElement | null = null;
  private pinned = false;
  private end = 0;
  private width = -1;
  private frame = 0;
  private readonly sheet: CSSStyleSheet | null;
  private readonly resizeObserver: ResizeObserver;
  private readonly refit = (): void => {
    if (this.block) this.repin();
  };

  private selector = '';

  constructor(
    private readonly editable: HTMLElement,
    private readonly root: Document | ShadowRoot,
  ) {
    this.sheet = 'adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function' ? new CSSStyleSheet() : null;
    if (this.sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.sheet];
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

  /**
   * Pins `block` (the active block, or none), which `selector` matches and no other
   * block, or re-measures it if its lines changed.
   */
  follow(block: HTMLElement | null, selector: string): void {
    if (block !== this.block || selector !== this.selector) {
      this.unpin();
      this.block = block;
      this.selector = selector;
      if (block) this.pin(block);
    } else if (block && this.pinned && this.stale(block)) {
      this.repin();
    }
  }

  /** Unpins, stops watching and gives its stylesheet up. */
  destroy(): void {
    this.unpin();
    this.block = null;
    this.resizeObserver.disconnect();
    document.fonts?.removeEventListener('loadingdone', this.refit);
    cancelAnimationFrame(this.frame);
    if (this.sheet) this.root.adoptedStyleSheets = this.root.adoptedStyleSheets.filter((sheet) => sheet !== this.sheet);
  }

  private stale(block: HTMLElement): boolean {
    return Math.abs(contentEnd(block) - this.end) > 0.5 || block.scrollHeight > block.clientHeight + 1;
  }

  private repin(): void {
    const block = this.block;
    this.unpin();
    if (block) this.pin(block);
  }

  private pin(block: HTMLElement): void {
    if (!this.sheet || block.parentNode !== this.editable || block.matches(RESIZES_ON_ITS_OWN) || block.querySelector(RESIZES_ON_ITS_OWN)) return;
    // Measured unpinned but with the layout containment the pinned block keeps, so the
    // content inside lays out the same either way.
    const box = block.getBoundingClientRect();
    if (!box.width) return; // Not rendered (a hidden editor): the width observer pins it once shown.
    this.end = contentEnd(block);
    this.sheet.replaceSync(`@media not print { ${this.selector} { contain: size layout style; box-sizing: border-box; height: ${box.height}px; } }`);
    this.pinned = true;
  }

  private unpin(): void {
    if (!this.pinned) return;
    this.pinned = false;
    this.sheet?.replaceSync('');
  }
}
