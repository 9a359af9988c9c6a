import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';

/** The class on the content while its last block holds no text (a table, an image, a rule). */
export const OPEN_END_CLASS = 're-open-end';

/** The key of the open-end plugin. */
export const openEndKey = new PluginKey('open-end');

function endsWithoutText(state: EditorState): boolean {
  const last = state.doc.lastChild;
  return !!last && !last.isTextblock;
}

/**
 * Leaves a line of room below a last block that holds no text of its own (a table, an
 * image, a rule, a list ending in one), so a click below it lands in the editor: the
 * gap cursor stops there and typing starts a paragraph, as Arrow Down and Tab do.
 */
export function openEndPlugin(): Plugin {
  return new Plugin({
    key: openEndKey,
    props: {
      attributes: (state): Record<string, string> => (endsWithoutText(state) ? { class: OPEN_END_CLASS } : {}),
    },
  });
}
