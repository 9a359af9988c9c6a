/**
 * Others' carets and selections, drawn from their presence (`cursor`: anchor and head as
 * positions relative to the shared document). Redrawn when someone else's presence changes and
 * after each change from the shared document; mapped through this editor's own changes.
 */
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet, type DecorationAttrs } from 'prosemirror-view';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { syncKey, type SyncBinding } from './sync.js';

/** A person's presence as the carets read it. */
export interface Presence {
  user?: Record<string, unknown>;
  cursor?: { anchor: unknown; head: unknown } | null;
}

/** How others' carets show: whose, and what draws a caret and a selection. */
export interface CaretOptions {
  /** Whether a presence (not this editor's) is drawn. */
  shows(presence: Presence, clientId: number): boolean;
  caret(user: Record<string, unknown>): HTMLElement;
  selection(user: Record<string, unknown>): DecorationAttrs;
  /** Attributes for each top-level block holding a caret (its name reaches above the line, where the block's containment would clip it). */
  block?: DecorationAttrs;
}

/** The key of the carets plugin; a transaction with its meta redraws them. */
export const caretsKey = new PluginKey<DecorationSet>('collab-carets');

/** The carets plugin for `binding`'s document and `awareness`. */
export function caretsPlugin(binding: SyncBinding, awareness: Awareness, options: CaretOptions): Plugin {
  const draw = (state: EditorState): DecorationSet => {
    const decorations: Decoration[] = [];
    const blocks = new Set<number>();
    const last = Math.max(state.doc.content.size - 1, 0);
    awareness.getStates().forEach((presence: Presence, clientId) => {
      if (clientId === awareness.clientID || !presence.cursor || !options.shows(presence, clientId)) return;
      let anchor: number | null;
      let head: number | null;
      try {
        anchor = binding.absolute(Y.createRelativePositionFromJSON(presence.cursor.anchor));
        head = binding.absolute(Y.createRelativePositionFromJSON(presence.cursor.head));
      } catch {
        // A presence from a client that sends something else is not drawn.
        return;
      }
      if (anchor === null || head === null) return;
      anchor = Math.min(anchor, last);
      head = Math.min(head, last);
      const user = presence.user ?? {};
      decorations.push(Decoration.widget(head, () => options.caret(user), { key: `${clientId}:${JSON.stringify(user)}`, side: 10 }));
      decorations.push(Decoration.inline(Math.min(anchor, head), Math.max(anchor, head), options.selection(user), { inclusiveEnd: true, inclusiveStart: false }));
      const $head = state.doc.resolve(head);
      if (options.block && $head.depth && !blocks.has($head.index(0))) {
        blocks.add($head.index(0));
        const from = $head.before(1);
        decorations.push(Decoration.node(from, from + $head.node(1).nodeSize, options.block));
      }
    });
    return DecorationSet.create(state.doc, decorations);
  };
  return new Plugin({
    key: caretsKey,
    state: {
      init: (_config, state) => draw(state),
      apply: (tr, carets, _old, state) => (tr.getMeta(caretsKey) || tr.getMeta(syncKey) ? draw(state) : carets.map(tr.mapping, tr.doc)),
    },
    props: {
      decorations: (state) => caretsKey.getState(state),
    },
    view(view) {
      let queued = false;
      const changed = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>): void => {
        // This editor's own presence draws nothing.
        if (queued || [...added, ...updated, ...removed].every((id) => id === awareness.clientID)) return;
        queued = true;
        // After the current task's code: a presence may change while the view updates.
        queueMicrotask(() => {
          queued = false;
          if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(caretsKey, true));
        });
      };
      awareness.on('change', changed);
      return { destroy: () => awareness.off('change', changed) };
    },
  });
}
