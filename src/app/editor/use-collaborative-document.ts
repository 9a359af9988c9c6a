import { useEffect, useMemo, useState } from 'react';
import type { CollabProvider, CollabState } from '../../collab/index.js';
import type { Collaboration } from '../../react/index.js';
import { useApi } from '../api/api-context.js';
import type { User } from '../api/types.js';
import { personColor } from './person-color.js';
import { setUnsavedText } from './unload-guard.js';

/** Someone else with the document open, as their presence says (one entry per person, however many tabs). */
export interface Present {
  id: string;
  name: string;
  /** Their caret's colour (`#rrggbb`), when their editor gave a valid one. */
  color: string | null;
}

/** A shared document open in this screen: what the editor takes, how it stands, and who else is there. */
export interface CollaborativeDocument {
  /** The editor's `collaboration` (null for the moment before the provider exists). */
  collaboration: Collaboration | null;
  /** The connection's state: connecting, synced, offline (with the changes waiting), read-only or refused. */
  state: CollabState;
  /** The others present, in the order they came. */
  present: Present[];
  /** Whether the user has changed the document since opening it (so "Saved" means something). */
  edited: boolean;
}

const CONNECTING: CollabState = { status: 'connecting', unsent: 0, readOnly: true, reason: '' };
const COLOR = /^#[0-9a-f]{6}$/i;

/** The people in a provider's presence other than `me` (their own other tabs are not someone else). */
function othersIn(provider: CollabProvider, me: string): Present[] {
  const seen = new Map<string, Present>();
  for (const [client, state] of provider.awareness.getStates()) {
    const user = (state as { user?: { id?: unknown; name?: unknown; color?: unknown } }).user;
    if (client === provider.doc.clientID || !user || typeof user.id !== 'string' || user.id === me || seen.has(user.id)) continue;
    const name = typeof user.name === 'string' && user.name.trim() ? user.name : 'Someone';
    seen.set(user.id, { id: user.id, name, color: typeof user.color === 'string' && COLOR.test(user.color) ? user.color : null });
  }
  return [...seen.values()];
}

const samePeople = (a: Present[], b: Present[]) => a.length === b.length && a.every((person, i) => person.id === b[i]!.id && person.name === b[i]!.name && person.color === b[i]!.color);

/**
 * Lets a provider go once the server has stored what it holds: a screen left while changes are on
 * their way (or waiting offline) does not drop them; the provider stays until they are stored, or
 * the server refuses for good, and the browser asks before the tab closes meanwhile.
 */
function release(provider: CollabProvider, close: (provider: CollabProvider) => void): void {
  // Others stop seeing this person at once, whatever is still on its way.
  provider.awareness.setLocalState(null);
  const done = (state: CollabState) => state.unsent === 0 || state.status === 'unauthorized' || state.status === 'incompatible';
  if (done(provider.current)) {
    setUnsavedText(provider, false);
    close(provider);
    return;
  }
  const stop = provider.subscribe((state) => {
    if (!done(state)) return;
    stop();
    setUnsavedText(provider, false);
    close(provider);
  });
}

/**
 * Opens the shared document `name` on the API server for `user` (one provider per screen, destroyed
 * when the screen goes, once what it holds is stored), follows its state and the presence of others.
 */
export function useCollaborativeDocument(name: string, user: Pick<User, 'id' | 'display_name' | 'avatar'>): CollaborativeDocument {
  const api = useApi();
  const [provider, setProvider] = useState<CollabProvider | null>(null);
  const [state, setState] = useState<CollabState>(CONNECTING);
  const [present, setPresent] = useState<Present[]>([]);
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    const opened = api.collab.open(name);
    setProvider(opened);
    setState(opened.current);
    setEdited(false);
    const stopState = opened.subscribe((next) => {
      setState(next);
      if (next.unsent > 0) setEdited(true);
      // The browser asks before a tab closes with changes the server has not stored.
      setUnsavedText(opened, next.unsent > 0);
    });
    const follow = () => setPresent((before) => {
      const now = othersIn(opened, user.id);
      return samePeople(before, now) ? before : now;
    });
    opened.awareness.on('change', follow);
    return () => {
      stopState();
      opened.awareness.off('change', follow);
      setPresent([]);
      release(opened, api.collab.close);
    };
  }, [api, name, user.id]);

  const collaboration = useMemo<Collaboration | null>(
    () => (provider ? { provider, user: { id: user.id, name: user.display_name, color: personColor(user.id), ...(user.avatar ? { avatar: user.avatar } : {}) } } : null),
    [provider, user.id, user.display_name, user.avatar],
  );
  return { collaboration, state, present, edited };
}
