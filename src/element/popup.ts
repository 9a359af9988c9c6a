import { autoUpdate, computePosition, flip, offset, shift, size, type Placement, type VirtualElement } from '@floating-ui/dom';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorView } from 'prosemirror-view';

/** A reference box for a document range: the caret or the selection, as the browser draws it. */
export function rangeReference(view: EditorView, from: number, to: number = from): VirtualElement {
  return {
    getBoundingClientRect() {
      // A placement still under way when its editor was rebuilt (new extensions) or removed: there
      // is nothing left to point at, and the popup goes with its view.
      if (view.isDestroyed) return new DOMRect();
      const start = view.coordsAtPos(from);
      const end = to === from ? start : view.coordsAtPos(to, -1);
      const left = Math.min(start.left, end.left);
      const right = Math.max(start.right, end.right, left + 1);
      const top = Math.min(start.top, end.top);
      const bottom = Math.max(start.bottom, end.bottom);
      return { x: left, y: top, left, top, right, bottom, width: right - left, height: bottom - top } as DOMRect;
    },
    contextElement: view.dom,
  };
}

/** Options of a positioned popup. */
export interface PopupOptions {
  placement?: Placement;
  /** Distance from the reference, in pixels. */
  gap?: number;
  /** Limit the popup's height to the room left in the viewport. */
  fitHeight?: boolean;
  /**
   * Whether sizes are watched (the default): the popup's own, and the reference element's. A
   * host that calls `show` after each render of the popup turns it off, and autoUpdate's layout
   * shift observer still sees the reference's element move or grow. In Chromium every
   * ResizeObserver report (a first one comes for each element observed) lays the page out once
   * more in that frame, which at 10,000 blocks costs as much again as the key's own frame spends
   * checking the `content-visibility: auto` blocks.
   */
  watchSize?: boolean;
}

/**
 * Runs `update` now and, a frame later, whenever autoUpdate sees a move or (with `watchSize`)
 * a resize of the reference's element or the popup (ResizeObserver calls; moving there makes
 * WebKit end the loop with undelivered notifications).
 */
export function follow(reference: VirtualElement | Element, floating: HTMLElement, update: () => unknown, watchSize = true): () => void {
  void update();
  let frame = 0;
  const later = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      void update();
    });
  };
  const stop = autoUpdate(reference, floating, later, { animationFrame: false, elementResize: watchSize });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}

/** The element a reference is laid out in: itself, or a virtual one's context element. */
function contextOf(reference: VirtualElement | Element): Element | undefined {
  return reference instanceof Element ? reference : reference.contextElement;
}

/**
 * Keeps a popup (inside the element's shadow root, never on `document.body`) next to
 * its reference with Floating UI: flipped and shifted to stay in the viewport, and
 * re-positioned on scroll and resize while shown.
 */
export class PopupController implements ReactiveController {
  private cleanup: (() => void) | null = null;
  /** The popup followed now, the element its reference is laid out in, and how to place it against a new reference there. */
  private shown: { floating: HTMLElement; context: Element | undefined; place: (reference: VirtualElement | Element) => void } | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: PopupOptions = {},
  ) {
    host.addController(this);
  }

  /**
   * Shows `floating` next to `reference` and follows it until `hide()`. Shown again against a
   * new reference in the same element (a range that grew by a typed key), it is placed at once
   * and keeps its observers: new ones would each report on the next frame, which then lays the
   * page out a second time (at 10,000 blocks, Chromium's intersection checks of every
   * `content-visibility: auto` block run once more).
   */
  show(reference: VirtualElement | Element, floating: HTMLElement): void {
    const context = contextOf(reference);
    if (this.shown?.floating === floating && this.shown.context === context) return this.shown.place(reference);
    this.hide();
    const { placement = 'bottom-start', gap = 6, fitHeight = false, watchSize = true } = this.options;
    let current = reference;
    const update = () =>
      computePosition(current, floating, {
        strategy: 'fixed',
        placement,
        middleware: [
          offset(gap),
          flip({ padding: 8 }),
          shift({ padding: 8 }),
          ...(fitHeight
            ? [size({ padding: 8, apply: ({ availableHeight }) => void floating.style.setProperty('--available-height', `${Math.max(120, availableHeight)}px`) })]
            : []),
        ],
      }).then(({ x, y }) => {
        floating.style.left = `${x}px`;
        floating.style.top = `${y}px`;
      });
    floating.style.position = 'fixed';
    this.shown = {
      floating,
      context,
      place: (next) => {
        current = next;
        void update();
      },
    };
    this.cleanup = follow(reference, floating, update, watchSize);
  }

  /** Stops following the reference. */
  hide(): void {
    this.cleanup?.();
    this.cleanup = null;
    this.shown = null;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.hide();
  }
}

/**
 * Calls `close` on Escape or on a pointer press outside the given elements (read
 * through `composedPath`, so presses inside the shadow root count as inside). The Escape is
 * cancelled, as taken: the editor's "Escape, then Tab" way out does not count it (tab-key.ts),
 * and a listener after this one that checks `defaultPrevented` leaves it alone.
 */
export function dismissOn(inside: () => Array<Element | null | undefined>, close: () => void): () => void {
  const onPointer = (event: PointerEvent) => {
    const path = event.composedPath();
    if (!inside().some((el) => el && path.includes(el))) close();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('keydown', onKey, true);
  };
}
