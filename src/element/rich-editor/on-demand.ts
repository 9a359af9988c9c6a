import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { log } from '../../core/log.js';

// The fetched code is the one thing editors on a page share: one load, tried once, so a
// missing chunk warns once.
let loading: Promise<void> | null = null;

/**
 * Loads the on-demand UI pieces (../pieces.ts). Until they arrive their tags sit in the
 * shadow root undefined and show nothing; on arrival the browser upgrades them and each
 * shows what the editor's state already holds (a menu opened by "/" before the chunk came).
 * A chunk that cannot be fetched leaves typing and the keyboard shortcuts working, with a warning.
 */
export function loadPieces(): Promise<void> {
  loading ??= import('../pieces.js').then(
    () => undefined,
    (error: unknown) => log.warn('The editor\'s menus and handles could not be loaded (is their chunk beside the editor\'s script?); typing and keyboard shortcuts still work', error),
  );
  return loading;
}

/** Runs `task` when the browser is idle; WebKit has no requestIdleCallback, so a task after the next frame there. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else requestAnimationFrame(() => setTimeout(task, 0));
}

/** What shows the first need of the pieces: the pointer over the editor, or focus in it. */
const NEEDS = ['pointerover', 'focusin'] as const;

/**
 * Fetches the on-demand pieces after the first paint of an editor that shows them, when the
 * browser is idle, so that "/" or a hovered table finds them there; a pointer or focus
 * reaching the editor before then fetches them at once.
 */
export class OnDemandPieces implements ReactiveController {
  private scheduled = false;

  private readonly need = (): void => {
    if (!this.shows()) return;
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
    void loadPieces();
  };

  /** `shows`: whether the element renders the pieces now (an editable editor; a read-only viewer never fetches them). */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly shows: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (loading) return;
    for (const type of NEEDS) this.host.addEventListener(type, this.need);
  }

  hostDisconnected(): void {
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
  }

  hostUpdated(): void {
    if (this.scheduled || loading || !this.shows()) return;
    this.scheduled = true;
    whenIdle(() => void loadPieces());
  }
}
