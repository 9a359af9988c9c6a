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
  /** Whether an empty document's placeholder is also the editable's `aria-placeholder` (by default it is; a read-only viewer shows none). */
  announced?: () => boolean;
}

/** Whether the document is empty: one empty paragraph (checked in constant time). */
function isEmpty(state: EditorState): boolean {
  const { doc } = state;
  const first = doc.firstChild;
  return doc.childCount === 1 && !!first && first.type.name === 'paragraph' && first.childCount === 0;
}

function decorations(state: EditorState, text: string): DecorationSet {
  const { doc, selection } = state;
  if (isEmpty(state)) {
    return DecorationSet.create(doc, [Decoration.node(0, doc.firstChild!.nodeSize, { class: 'is-empty', 'data-placeholder': text })]);
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
 * empty heading being written. The element's CSS shows `data-placeholder`; an empty
 * document's is also the editable's `aria-placeholder`, which assistive technology reads
 * as it reads a text field's placeholder (CSS content is not reliably announced).
 */
export function placeholderPlugin(options: PlaceholderOptions = {}): Plugin {
  const textOf = (state: EditorState) => options.text?.() ?? wordsOf(state).placeholder;
  return new Plugin({
    key: placeholderKey,
    props: {
      decorations: (state) => decorations(state, textOf(state)),
      attributes: (state): Record<string, string> => {
        const text = isEmpty(state) && options.announced?.() !== false ? textOf(state) : '';
        return text ? { 'aria-placeholder': text } : {};
      },
    },
  });
}
