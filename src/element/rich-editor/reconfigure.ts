/**
 * A view taking a new configuration (other features, words or menus) around the same document:
 * with the same schema, editing alone, the view stays and its state takes the new plugins, so
 * the document, the caret and what undo takes back are as they were (a language switched or a
 * feature turned off mid-edit). A new setup, or editing together, rebuilds the view instead
 * (editor-document.ts), which keeps the selection where its places still stand.
 */
import { NodeSelection, TextSelection, type Selection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { fillSlots, type PluginSlots } from '../../core/editing-slots.js';
import type { Features } from '../../core/features.js';
import { markViews, nodeViews } from '../node-views/index.js';
import type { Configuration } from './configuration.js';
import { editingParts } from './on-demand.js';

/** Gives `view` the plugins of `slots` (the configuration's now) and the node views of `features`; every plugin starts afresh but the undo history. */
export function reconfigureView(view: EditorView, config: Configuration, slots: PluginSlots, features: Features | undefined): void {
  const { schema, styles } = config.setup;
  config.showStyles(styles);
  // Reconfiguring keeps the state of each plugin whose key stays: first down to the history alone, so the others are made anew.
  const state = view.state.reconfigure({ plugins: config.undoHistory.plugins }).reconfigure({ plugins: fillSlots(slots, editingParts()) });
  view.setProps({ state, nodeViews: nodeViews(schema, features), markViews: markViews(schema) });
}

/**
 * Gives a rebuilt view what its predecessor had (an extension added mid-edit): the selection, at
 * the same places in the new document, kept inside it and valid there (a caret in text, a block
 * selected whole; the view starts with the caret at the document's start otherwise), and focus.
 */
export function carryOver(view: EditorView, previous: Selection | null, focused: boolean): void {
  if (previous) carrySelection(view, previous);
  // ProseMirror's focus() passes over a view that is not editable (one still waiting for its
  // shared document): focus goes to its element all the same, as a click would give it.
  if (focused) {
    view.dom.focus({ preventScroll: true });
    view.focus();
  }
}

/** The selection `previous` at the same places in the view's document (see carryOver). */
function carrySelection(view: EditorView, previous: Selection): void {
  const { doc } = view.state;
  const place = (pos: number) => doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
  const $anchor = place(previous.anchor);
  const node = previous instanceof NodeSelection ? $anchor.nodeAfter : null;
  const selection = node && NodeSelection.isSelectable(node) ? NodeSelection.create(doc, $anchor.pos) : TextSelection.between($anchor, place(previous.head));
  if (!selection.eq(view.state.selection)) view.dispatch(view.state.tr.setSelection(selection));
}
