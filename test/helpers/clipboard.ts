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
