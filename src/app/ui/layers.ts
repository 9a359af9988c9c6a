/**
 * The app's one stacking scale (CSS z-index), lowest first. Every fixed or floating layer takes
 * its level from here, so what opens from something else always shows above it.
 *
 * Dialogs (the app's dialogs, the widgets' dialogs, the phone's sidebar drawer) share one level,
 * overlay and content alike: Radix portals each one into the end of the body as it opens, so one
 * opened from another is later in the document and stacks above it, its overlay dimming the first.
 */
export const layer = {
  /** A card being dragged on the board, above its neighbours. */
  dragged: 2,
  /** The skip link, above the page it skips through. */
  skipLink: 100,
  /** Modal dialogs and drawers with their overlays. */
  dialog: 300,
  /** Popups (pickers, menus, popovers), above the page or the dialog they open from. */
  popup: 400,
  /** Toasts, above everything. */
  toast: 1000,
} as const;
