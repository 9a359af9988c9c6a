import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** The spec's default placeholder text. */
export const DEFAULT_PLACEHOLDER = "Press '/' for commands...";

/** The key of the placeholder plugin. */
export const placeholderKey = new PluginKey('placeholder');

/** Options of the placeholder plugin. */
export interface PlaceholderOptions {
  /** The text shown in an empty document; read on every update so the host may change it. */
  text?: () => string;
}

function decorations(state: EditorState, text: string): DecorationSet {
  const { doc, selection } = state;
  const first = doc.firstChild;
  // An empty document: one empty paragraph (checked in constant time).
  if (doc.childCount === 1 && first && first.type.name === 'paragraph' && first.childCount === 0) {
    return DecorationSet.create(doc, [Decoration.node(0, first.nodeSize, { class: 'is-empty', 'data-placeholder': text })]);
  }
  // An empty heading under the caret shows its level; never inside code or tables.
  const { $from } = selection;
  const parent = $from.parent;
  if (selection.empty && parent.type.name === 'heading' && parent.childCount === 0) {
    for (let d = $from.depth - 1; d > 0; d--) if ($from.node(d).type.spec.tableRole) return DecorationSet.empty;
    const pos = $from.before();
    return DecorationSet.create(doc, [Decoration.node(pos, pos + parent.nodeSize, { class: 'is-empty', 'data-placeholder': `Heading ${String(parent.attrs.level)}` })]);
  }
  return DecorationSet.empty;
}

/**
 * Placeholder text: the configured text on an empty document and "Heading N" on the
 * empty heading being written. The element's CSS shows `data-placeholder`.
 */
export function placeholderPlugin(options: PlaceholderOptions = {}): Plugin {
  const text = options.text ?? (() => DEFAULT_PLACEHOLDER);
  return new Plugin({
    key: placeholderKey,
    props: {
      decorations: (state) => decorations(state, text()),
    },
  });
}
