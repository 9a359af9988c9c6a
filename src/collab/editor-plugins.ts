/**
 * What an editor needs to edit a shared document: its first content read from the shared
 * document (never the host's `value`: the server's document wins, nothing is seeded twice), the
 * binding that keeps the two in step, others' carets and selections with their names, and the
 * shared document's undo, which takes back only this editor's changes and puts the caret back.
 * Loaded by the element only when `collaboration` is set (its own chunk).
 */
import type { Fragment, Node as PMNode, Schema, Slice } from 'prosemirror-model';
import { Plugin, PluginKey, Selection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import * as Y from 'yjs';
import { SHARED_CHANGE_META } from '../core/transaction-meta.js';
import { safeColor, safeImageSrc } from '../core/url.js';
import { caretsPlugin } from './binding/carets.js';
import { toRelative } from './binding/positions.js';
import { bindFragment, syncKey, syncPlugin, type SyncBinding, type SyncMeta } from './binding/sync.js';
import { redoCommand, undoCommand, undoPlugin } from './binding/undo.js';
import { sayMarksUndone } from './marks-undone.js';
import { MAX_MESSAGE_BYTES } from './protocol.js';
import type { CollabProvider, CollabUser } from './provider.js';
import { adoptCollabStyles, CARET_BLOCK_CLASS } from './styles.js';

/** Caret colours for people who bring none (picked from their id, the same in every editor); each carries a white name at 5:1 or more. */
const PALETTE = ['#c2410c', '#1971c2', '#2b7a3b', '#9c36b5', '#b35309', '#0b7285', '#c2255c', '#5f3dc4'];

/** A person's caret colour: theirs when it is a plain `#rrggbb`, else one of the palette's by their id. */
export function caretColor(user: { id?: unknown; color?: unknown }): string {
  const own = typeof user.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(user.color) ? safeColor(user.color) : null;
  if (own) return own;
  const id = String(user.id ?? '');
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** Another person's caret: a thin bar in their colour with their name above the line, never over the text typed beside it. */
function caretElement(user: { name?: unknown; color?: unknown; id?: unknown; avatar?: unknown }): HTMLElement {
  const caret = document.createElement('span');
  caret.className = 'collab-caret';
  caret.style.setProperty('--collab-color', caretColor(user));
  caret.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.className = 'collab-caret-label';
  const avatar = typeof user.avatar === 'string' ? safeImageSrc(user.avatar) : null;
  if (avatar) {
    const picture = document.createElement('img');
    picture.src = avatar;
    picture.alt = '';
    label.append(picture);
  }
  // Text, never markup: a name is whatever a person typed.
  label.append(document.createTextNode(String(user.name ?? '').slice(0, 60)));
  caret.append(label);
  return caret;
}

/** Others' carets' styles, in the editor's shadow root. */
const caretStyles: Plugin = new Plugin({
  view(view) {
    adoptCollabStyles(view.root);
    return {};
  },
});

/**
 * Keeps this editor's selection in its presence, also while focus is elsewhere (no caret that
 * blinks away on blur), from the first time the editor has focus: someone who only reads (a
 * member who opened the page) is present without a caret, instead of a caret at the document's
 * start for each of them; a viewer or guest never shows one.
 */
const presenceKey = new PluginKey('collab-presence');
function presencePlugin(provider: CollabProvider, binding: SyncBinding): Plugin {
  // What was last sent: a position relative to the shared document stays the same when others
  // change it, so their changes send nothing (with 25 people typing, each editor would otherwise
  // send its unchanged caret at every keystroke of anyone).
  let sent: { anchor: Y.RelativePosition; head: Y.RelativePosition } | null = null;
  const send = (state: EditorState) => {
    // Someone who may only read is present without a caret (the hub drops one all the same).
    if (provider.current.readOnly) return;
    const anchor = toRelative(state.selection.anchor, binding.fragment, binding.mapping);
    const head = toRelative(state.selection.head, binding.fragment, binding.mapping);
    if (sent && Y.compareRelativePositions(sent.anchor, anchor) && Y.compareRelativePositions(sent.head, head)) return;
    sent = { anchor, head };
    provider.awareness.setLocalStateField('cursor', { anchor, head });
  };
  return new Plugin({
    key: presenceKey,
    view(view) {
      let placed = view.hasFocus();
      const onFocus = () => {
        if (placed) return;
        placed = true;
        send(view.state);
      };
      view.dom.addEventListener('focus', onFocus);
      if (placed) send(view.state);
      return {
        update(updated, previous) {
          if (placed && (!updated.state.selection.eq(previous.selection) || updated.state.doc !== previous.doc)) send(updated.state);
        },
        destroy() {
          view.dom.removeEventListener('focus', onFocus);
          provider.awareness.setLocalStateField('cursor', null);
        },
      };
    },
  });
}

/**
 * About how many bytes `content` takes in a shared document's change: its text (UTF-8), each
 * node's name and attributes, each mark's twice (where its run starts and ends), and the few bytes
 * each piece costs in Yjs's encoding. Within a quarter of the real size (test/collab/change-size.node.test.ts).
 */
export function sharedSize(content: Fragment): number {
  let bytes = 0;
  content.descendants((node) => {
    bytes += 12;
    if (node.isText) bytes += utf8.encode(node.text!).length;
    else bytes += node.type.name.length + JSON.stringify(node.attrs).length;
    for (const mark of node.marks) bytes += 2 * (mark.type.name.length + JSON.stringify(mark.attrs).length + 8);
  });
  return bytes;
}
const utf8 = new TextEncoder();

/** The largest change an editor makes at once: the server's message cap, less a margin for the estimate's error. */
export const MAX_CHANGE_BYTES = Math.floor(MAX_MESSAGE_BYTES * 0.75);

/**
 * Refuses a change of this editor's that would be too large for the server to take in one
 * message (a paste of megabytes of formatted text): made, it would be refused by the server and
 * the editor stopped, the change lost on reload. Refused here, nothing is made and the user is
 * told (`tooLarge(true)`, and `tooLarge(false)` at the next change made); the clipboard still
 * holds it, to paste in parts.
 */
function sizeGuardPlugin(tooLarge: (refused: boolean) => void): Plugin {
  let refused = false;
  return new Plugin({
    filterTransaction(tr) {
      if (!tr.docChanged || isRemote(tr)) return true;
      let bytes = 0;
      for (const step of tr.steps) {
        const slice = (step as { slice?: Slice }).slice;
        if (slice) bytes += sharedSize(slice.content);
      }
      const fits = bytes <= MAX_CHANGE_BYTES;
      if (refused !== !fits) tooLarge((refused = !fits));
      return fits;
    },
  });
}

/** The editor's first document and plugins for a shared document, and the undo commands for its keys. */
export interface CollabEditing {
  doc: PMNode;
  plugins: Plugin[];
  history: { plugins: Plugin[]; undo: Command; redo: Command };
}

/**
 * Builds the shared-document editing for `schema` (the provider must be synced: its document is
 * the content). `carets: false` leaves others' carets out (presence still shows in the host's UI).
 */
export function collabEditing(
  provider: CollabProvider,
  schema: Schema,
  user: CollabUser,
  { carets = true, onTooLarge = (_refused: boolean) => {} } = {},
): CollabEditing {
  provider.setUser({ ...user, color: caretColor(user) });
  // An empty shared document shows as one empty paragraph (what ProseMirror fills a document with), written only once typed into.
  const binding = bindFragment(provider.fragment, schema);
  const plugins: Plugin[] = [caretStyles, sizeGuardPlugin(onTooLarge), syncPlugin(binding), compositionPlugin(provider, binding)];
  if (carets) {
    plugins.push(
      caretsPlugin(binding, provider.awareness, {
        // Not the same person in another tab: they are not someone else.
        shows: (presence) => presence.user?.id !== user.id,
        caret: (person) => caretElement(person),
        selection: (person) => ({ class: 'collab-selection', style: `--collab-color: ${caretColor(person)}` }),
        block: { class: CARET_BLOCK_CLASS },
      }),
      presencePlugin(provider, binding),
    );
  }
  return {
    doc: binding.document,
    plugins,
    history: { plugins: [undoPlugin(binding), undoMenuPlugin()], undo: undoCommand, redo: redoCommand },
  };
}

/**
 * While the user composes text through an input method: others' changes wait and come in after
 * the composition ends, merging with the composed text in the shared document as any concurrent
 * typing does, and this editor's wait to go up as the text chosen, not each candidate
 * (composing.ts); and the composition is one undo step, however long the choosing takes (each
 * candidate is written as it shows, and the undo manager would otherwise make a step of each one
 * a pause apart: an undo showed にほん instead of nothing).
 */
function compositionPlugin(provider: CollabProvider, binding: SyncBinding): Plugin {
  let release: (() => void) | null = null;
  /** The undo manager's grouping delay, while it is lifted for a composition. */
  let grouping: number | null = null;
  const end = (): void => {
    release?.();
    release = null;
    if (grouping !== null && binding.undoManager) binding.undoManager.captureTimeout = grouping;
    grouping = null;
  };
  return new Plugin({
    props: {
      handleDOMEvents: {
        // From the composition's first text, not its start: a phone's keyboard may open one on the
        // word the caret is put in and keep it while the user only reads.
        compositionupdate: () => {
          release ??= provider.holdWhileComposing();
          const manager = binding.undoManager;
          if (manager && grouping === null) {
            grouping = manager.captureTimeout;
            // A composition after a pause starts a step of its own (as typing would), which takes every candidate.
            if (Date.now() - manager.lastChange >= grouping) manager.stopCapturing();
            manager.captureTimeout = Infinity;
          }
          return false;
        },
        compositionend: (view) => {
          // After ProseMirror has read the composition's last input (in this event's task), unless another began meanwhile.
          setTimeout(() => {
            if (!view.composing) end();
          });
          return false;
        },
      },
    },
    view: () => ({ destroy: end }),
  });
}

/** The browser's own Undo and Redo (its Edit menu, a shake on a phone) undo through the shared document too. */
function undoMenuPlugin(): Plugin {
  return new Plugin({
    props: {
      handleDOMEvents: {
        beforeinput(view: EditorView, event: InputEvent) {
          const command = event.inputType === 'historyUndo' ? undoCommand : event.inputType === 'historyRedo' ? redoCommand : null;
          if (!command) return false;
          event.preventDefault();
          return command(view.state, view.dispatch, view);
        },
      },
    },
  });
}

/** Whether a document is the provider's (for a host that checks it has the shared one). */
export const isShared = (provider: CollabProvider, fragment: Y.XmlFragment): boolean => provider.fragment === fragment;

/** Whether a transaction brings others' changes (or this editor's undo) from the shared document. */
export function isRemote(tr: Transaction): boolean {
  return !!(tr.getMeta(syncKey) as SyncMeta | undefined)?.isChangeOrigin;
}

/**
 * The binding applies each change from the shared document as one step replacing the whole
 * document (as y-prosemirror does, y-prosemirror#113): every position maps to its end, so upload placeholders,
 * highlighting, open menus and the saved selection lose their place at each keystroke of a
 * colleague. This gives the same document through the smallest replace step (the part that
 * changed), with the selection the binding set and its metas, so everything maps as it does
 * for local edits; the user's undo of a mark also says so (marks-undone.ts). Any other
 * transaction comes back as it is.
 */
export function narrowRemote(state: EditorState, tr: Transaction): Transaction {
  if (!isRemote(tr) || tr.steps.length !== 1) return tr;
  const before = state.doc;
  const after = tr.doc;
  const narrowed = state.tr;
  const start = before.content.findDiffStart(after.content);
  if (start !== null) {
    let { a: endBefore, b: endAfter } = before.content.findDiffEnd(after.content)!;
    // Where the change is a repeat (typing "aa" after "a"), the ends may cross the start.
    const overlap = start - Math.min(endBefore, endAfter);
    if (overlap > 0) {
      endBefore += overlap;
      endAfter += overlap;
    }
    narrowed.replace(start, endBefore, after.slice(start, endAfter));
    if (!narrowed.doc.eq(after)) return tr;
  }
  narrowed.setSelection(Selection.fromJSON(narrowed.doc, tr.selection.toJSON()));
  narrowed.setMeta(syncKey, tr.getMeta(syncKey));
  narrowed.setMeta('addToHistory', tr.getMeta('addToHistory'));
  narrowed.setMeta(SHARED_CHANGE_META, tr.getMeta(SHARED_CHANGE_META));
  if (tr.scrolledIntoView) narrowed.scrollIntoView();
  // The user's own undo or redo of a mark is told to a screen reader as a local one is.
  return (tr.getMeta(syncKey) as SyncMeta | undefined)?.isUndoRedoOperation ? sayMarksUndone(narrowed, state) : narrowed;
}
