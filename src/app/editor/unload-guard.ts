/**
 * The browser's "Leave site?" question while any editor holds unsaved text. Editors say so the
 * moment their text changes (not when React next draws the screen, which can be a task or two
 * later: a tab closed in between would lose the text without asking), and again when a save
 * settles. The listener is there only while something is unsaved, which keeps the page in
 * Firefox's back/forward cache otherwise.
 */
const unsaved = new Set<object>();

function ask(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Chromium before 119 and Safari ask only when returnValue is set.
  event.returnValue = '';
}

/** Records whether `owner` (one editor's save state) holds unsaved text. */
export function setUnsavedText(owner: object, holds: boolean): void {
  if (holds) {
    if (!unsaved.size) window.addEventListener('beforeunload', ask);
    unsaved.add(owner);
  } else if (unsaved.delete(owner) && !unsaved.size) {
    window.removeEventListener('beforeunload', ask);
  }
}
