import { autoUpdate, computePosition, flip, offset, shift, size, type Placement, type VirtualElement } from '@floating-ui/dom';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorView } from 'prosemirror-view';

/** A reference box for a document range: the caret or the selection, as the browser draws it. */
export function rangeReference(view: EditorView, from: number, to: number = from): VirtualElement {
  return {
    getBoundingClientRect() {
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
}

/**
 * Runs `update` now and, a frame later, whenever autoUpdate sees a move or resize (its
 * ResizeObserver calls; moving there makes WebKit end the loop with undelivered notifications).
 */
export function follow(reference: VirtualElement | Element, floating: HTMLElement, update: () => unknown): () => void {
  void update();
  let frame = 0;
  const later = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      void update();
    });
  };
  const stop = autoUpdate(reference, floating, later, { animationFrame: false });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}

/**
 * Keeps a popup (inside the element's shadow root, never on `document.body`) next to
 * its reference with Floating UI: flipped and shifted to stay in the viewport, and
 * re-positioned on scroll and resize while shown.
 */
export class PopupController implements ReactiveController {
  private cleanup: (() => void) | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: PopupOptions = {},
  ) {
    host.addController(this);
  }

  /** Shows `floating` next to `reference` and follows it until `hide()`. */
  show(reference: VirtualElement | Element, floating: HTMLElement): void {
    this.hide();
    const { placement = 'bottom-start', gap = 6, fitHeight = false } = this.options;
    const update = () =>
      computePosition(reference, floating, {
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
    this.cleanup = follow(reference, floating, update);
  }

  /** Stops following the reference. */
  hide(): void {
    this.cleanup?.();
    this.cleanup = null;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.hide();
  }
}

/**
 * Calls `close` on Escape or on a pointer press outside the given elements (read
 * through `composedPath`, so presses inside the shadow root count as inside).
 */
export function dismissOn(inside: () => Array<Element | null | undefined>, close: () => void): () => void {
  const onPointer = (event: PointerEvent) => {
    const path = event.composedPath();
    if (!inside().some((el) => el && path.includes(el))) close();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('keydown', onKey, true);
  };
}
