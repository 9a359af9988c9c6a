/**
 * A real ClipboardEvent carrying `init.clipboardData`, as a browser fires one for a user's
 * paste, copy or cut. Chromium takes the data from the init dictionary; Firefox ignores that
 * member for script-made events, so there it is given to the event as its own property.
 */
export function clipboardEvent(type: 'paste' | 'copy' | 'cut', init: ClipboardEventInit): ClipboardEvent {
  const event = new ClipboardEvent(type, init);
  if (init.clipboardData && event.clipboardData !== init.clipboardData) {
    Object.defineProperty(event, 'clipboardData', { value: init.clipboardData });
  }
  return event;
}

/** What a copy put on the clipboard, and whether the editor took it (the event's default prevented). */
export interface Copied {
  html: string;
  text: string;
  handled: boolean;
}

/** Fires a real `copy` event on `target` (an editor's editable), as a user's copy does, and reads what it left on the clipboard. */
export function copyFrom(target: Element): Copied {
  const clipboardData = new DataTransfer();
  const event = clipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return { html: clipboardData.getData('text/html'), text: clipboardData.getData('text/plain'), handled: event.defaultPrevented };
}
