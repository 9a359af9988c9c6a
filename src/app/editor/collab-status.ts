import type { CollabState } from '../../collab/index.js';

/** The words of a shared document's status line (one home: the screens and their tests read them here). */
export const CollabWords = {
  connecting: 'Connecting…',
  saving: 'Saving…',
  saved: 'Saved',
  reconnecting: 'Offline: reconnecting…',
  readOnly: 'Read-only',
  incompatible: 'Read-only: this holds content this version of the app cannot show. Nothing was changed.',
  noAccess: 'You can no longer edit this document.',
  /** Offline with changes made meanwhile: they are kept and sent once the connection is back. */
  waiting: (count: number) => `Offline: ${count} ${count === 1 ? 'change' : 'changes'} waiting`,
} as const;

/** How a status line looks: quiet, a warning (offline) or a problem (no access). */
export type CollabTone = 'quiet' | 'warning' | 'danger';

/**
 * What the status line says for a shared document's `state`: "Connecting…" until the first sync,
 * "Saving…" while the server has not stored every change, "Saved" once it has (after the user
 * changed something), "Offline: 3 changes waiting" while the connection is down, "Read-only"
 * for viewers, guests and archived pages, and why when the server refused or ended the connection.
 */
export function collabStatus(state: CollabState, { edited, mayEdit }: { edited: boolean; mayEdit: boolean }): { text: string; tone: CollabTone } {
  switch (state.status) {
    case 'connecting':
      return { text: CollabWords.connecting, tone: 'quiet' };
    case 'offline':
      return { text: state.unsent > 0 ? CollabWords.waiting(state.unsent) : CollabWords.reconnecting, tone: 'warning' };
    case 'unauthorized':
      return { text: state.reason || CollabWords.noAccess, tone: 'danger' };
    case 'incompatible':
      return { text: CollabWords.incompatible, tone: 'warning' };
    case 'synced':
      if (!mayEdit || state.readOnly) return { text: CollabWords.readOnly, tone: 'quiet' };
      if (state.unsent > 0) return { text: CollabWords.saving, tone: 'quiet' };
      return { text: edited ? CollabWords.saved : '', tone: 'quiet' };
  }
}
