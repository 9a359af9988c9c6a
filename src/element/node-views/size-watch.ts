/** Told an element's rendered border-box size (a node view, without a closure of its own). */
export interface SizeListener {
  onSize(element: Element, width: number, height: number): void;
}

/**
 * Tells node views the rendered size of their elements, from one ResizeObserver per
 * editor. Its sizes come from the browser's own layout pass, so a long document's
 * images are described without each forcing a layout of its own.
 */
export class SizeWatch {
  private observer: ResizeObserver | null = null;
  private readonly listeners = new Map<Element, SizeListener>();

  /** Tells `listener` `element`'s size now and whenever it changes, until `unobserve`. */
  observe(element: Element, listener: SizeListener): void {
    this.observer ??= new ResizeObserver((entries) => {
      for (const entry of entries) {
        const size = entry.borderBoxSize?.[0];
        this.listeners.get(entry.target)?.onSize(entry.target, size ? size.inlineSize : entry.contentRect.width, size ? size.blockSize : entry.contentRect.height);
      }
    });
    this.listeners.set(element, listener);
    this.observer.observe(element);
  }

  /** Stops the reports for `element`; the observer goes with the last one. */
  unobserve(element: Element): void {
    if (!this.listeners.delete(element)) return;
    this.observer?.unobserve(element);
    if (this.listeners.size) return;
    this.observer?.disconnect();
    this.observer = null;
  }
}
