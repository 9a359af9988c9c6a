import type { EditorView, NodeViewConstructor } from 'prosemirror-view';

/** What node views may ask of the element that hosts them. */
export interface NodeViewHost {
  /** The live view (node views get it too, but menus built later may need the element's). */
  readonly editorView: EditorView | null;
  /** Whether the editor accepts input now. */
  readonly readonly: boolean;
}

/** The element's node views by node type name (interactive DOM lives here, never in toDOM). */
export function nodeViews(_host: NodeViewHost): Record<string, NodeViewConstructor> {
  return {};
}
