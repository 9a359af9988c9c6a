import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isModLetter, LINK_SHORTCUT } from './toolbar-items.js';

/** What the toolbar hears from the editor content. */
export interface ContentWatchHandlers {
  /** A primary pointer went down in the content: a selection may be dragged out. */
  press(): void;
  /** That pointer was released (anywhere on the page) or cancelled. */
  release(): void;
  /** Alt+F10 was pressed in the content; returns whether the toolbar took focus. */
  focusToolbar(): boolean;
  /** Ctrl+K (Cmd+K) was pressed in the content and no binding of the editor's took it; returns whether the link field opened. */
  openLink(): boolean;
  /** Focus entered or left the content. */
  focusChanged(): void;
}

/**
 * Listens to the editor content for what the toolbar needs and core does not model:
 * a mouse selection in progress (spec 4: "It hides while the mouse is being dragged
 * to select"), focus (editor state keeps its selection after the user clicks away),
 * Alt+F10, the usual key for moving from an editor to its toolbar, and Ctrl+K (Cmd+K), which
 * opens the link field over selected text.
 */
export class ContentWatchController implements ReactiveController {
  private content: HTMLElement | null = null;
  /** The document listened to for the release while a press lasts. */
  private pressDoc: Document | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly handlers: ContentWatchHandlers,
  ) {
    host.addController(this);
  }

  /** Follows `content` (the view's DOM), or nothing with null; re-attaching the same element is a no-op. */
  attach(content: HTMLElement | null): void {
    if (content === this.content) return;
    this.detach();
    this.content = content;
    content?.addEventListener('pointerdown', this.onPointerDown);
    content?.addEventListener('keydown', this.onKeyDown);
    content?.addEventListener('focusin', this.onFocus);
    content?.addEventListener('focusout', this.onFocus);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.detach();
  }

  private detach(): void {
    this.content?.removeEventListener('pointerdown', this.onPointerDown);
    this.content?.removeEventListener('keydown', this.onKeyDown);
    this.content?.removeEventListener('focusin', this.onFocus);
    this.content?.removeEventListener('focusout', this.onFocus);
    this.content = null;
    this.stopPress();
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!event.isPrimary || event.button !== 0) return;
    this.stopPress();
    // The release may land outside the editor, so it is heard on the whole document.
    const doc = (this.content ?? (event.currentTarget as HTMLElement)).ownerDocument;
    doc.addEventListener('pointerup', this.onPointerUp, true);
    doc.addEventListener('pointercancel', this.onPointerUp, true);
    this.pressDoc = doc;
    this.handlers.press();
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (!event.isPrimary) return;
    this.stopPress();
    this.handlers.release();
  };

  private stopPress(): void {
    this.pressDoc?.removeEventListener('pointerup', this.onPointerUp, true);
    this.pressDoc?.removeEventListener('pointercancel', this.onPointerUp, true);
    this.pressDoc = null;
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented) return;
    if (event.key === 'F10' && event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      if (this.handlers.focusToolbar()) event.preventDefault();
    } else if (isModLetter(event, LINK_SHORTCUT) && this.handlers.openLink()) event.preventDefault();
  };

  private readonly onFocus = (): void => {
    this.handlers.focusChanged();
  };
}
