import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { ENGLISH, fill, wordsOf } from '../strings.js';

/** The spec's default placeholder text. */
export const DEFAULT_PLACEHOLDER = ENGLISH.placeholder;

/** The key of the placeholder plugin. */
export const placeholderKey = new PluginKey('placeholder');

/** Options of the placeholder plugin. */
export interface PlaceholderOptions {
  /** The text shown in an empty document (the words' `placeholder` when it gives none); read on every update so the host may change it. */
  text?: () => string | null | undefined;
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
    const label = fill(wordsOf(state)['placeholder.heading'], { level: String(parent.attrs.level) });
    return DecorationSet.create(doc, [Decoration.node(pos, pos + parent.nodeSize, { class: 'is-empty', 'data-placeholder': label })]);
  }
  return DecorationSet.empty;
}

/**
 * Placeholder text: the configured text on an empty document and "Heading N" on the
 * empty heading being written. The element's CSS shows `data-placeholder`.
 */
export function placeholderPlugin(options: PlaceholderOptions = {}): Plugin {
  return new Plugin({
    key: placeholderKey,
    props: {
      decorations: (state) => decorations(state, options.text?.() ?? wordsOf(state).placeholder),
    },
  });
}
