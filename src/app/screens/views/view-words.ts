import { isolated } from '../../ui/bidi.js';

/** The words of a saved view's controls: its unsaved changes on the issue list, and its sharing on the Views screen. */
export const VIEW_WORDS = {
  /** Why someone who sees a view may not change it (the server's own refusal says the same). */
  notYours: 'Only the view’s owner or an admin can change it.',
  changes: 'Unsaved view changes',
  changed: 'The list differs from the saved view.',
  saveChanges: 'Save changes',
  saving: 'Saving…',
  reset: 'Reset',
  resetTitle: 'Show the list as the view saved it',
  updated: (name: string) => `View “${isolated(name)}” updated.`,
  makeShared: (name: string) => `Share view ${name} with the project`,
  makePrivate: (name: string) => `Make view ${name} private`,
  nowShared: (name: string) => `View “${isolated(name)}” is now shared with everyone in the project.`,
  nowPrivate: (name: string) => `View “${isolated(name)}” is now private: only its owner sees it.`,
} as const;
