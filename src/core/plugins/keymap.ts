import { baseKeymap, chainCommands, joinBackward, joinForward, selectAll } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import type { Schema } from 'prosemirror-model';
import { AllSelection, Selection, TextSelection, type Command, type Plugin } from 'prosemirror-state';
import { joinAcrossBlocksForward, joinIntoBlocksBackward, joinKeepingText } from '../commands/block-joins.js';
import { keepingMarks, leaveCodeAtEdge, toggleBold, toggleCode, toggleItalic, toggleStrike, toggleUnderline } from '../commands/marks.js';
import { chainBindings, schemaKeys } from '../extensions/collect.js';
import type { Features } from '../features.js';
import { undoAutolink } from './link.js';

/** Mod-a: the first press selects the current block's text, the next the whole document. */
export const selectBlockThenAll: Command = (state, dispatch) => {
  const { selection } = state;
  const { $from, $to } = selection;
  if (selection instanceof AllSelection || !$from.sameParent($to) || !$from.parent.isTextblock) return selectAll(state, dispatch);
  const start = $from.start();
  const end = $from.end();
  if (selection.from === start && selection.to === end) return selectAll(state, dispatch);
  if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, start, end)));
  return true;
};

/**
 * The caret to the document's start or end (Mod-Home / Mod-End, and Cmd-Up / Cmd-Down on
 * macOS); `extend` keeps the anchor, as Shift does. The browser's own move cannot see into
 * blocks that `content-visibility: auto` skips (Chromium stops at the start of the last
 * block), so the editor moves the selection itself and scrolls to it.
 */
export function selectDocumentEdge(edge: 'start' | 'end', extend = false): Command {
  return (state, dispatch) => {
    const target = edge === 'start' ? Selection.atStart(state.doc) : Selection.atEnd(state.doc);
    if (dispatch) dispatch(state.tr.setSelection(extend ? TextSelection.between(state.selection.$anchor, target.$head) : target).scrollIntoView());
    return true;
  };
}

/** Whether keys follow macOS conventions (Cmd-Up and Cmd-Down reach the document's edges). */
const MAC = typeof navigator !== 'undefined' && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

/** Undo that first takes back an input rule the user just triggered (so `--` comes back). */
export const undoWithInputRules: Command = chainCommands(undoInputRule, undo);

/** Where undo and redo come from: ProseMirror's history by default, a shared document's own undo when editing together. */
export interface UndoCommands {
  undo: Command;
  redo: Command;
}

/**
 * The editor's key bindings: formatting, undo, selection and the joins at block edges,
 * then each node's own keys from its definition (headings, lists, quotes, code blocks;
 * those of features turned off left out), then the base keys.
 */
export function editorKeymap(schema: Schema, features?: Features, history: UndoCommands = { undo, redo }): Plugin[] {
  const editing: Record<string, Command> = {
    'Mod-b': toggleBold,
    'Mod-i': toggleItalic,
    'Mod-u': toggleUnderline,
    'Mod-Shift-s': toggleStrike,
    'Mod-e': toggleCode,
    ArrowRight: leaveCodeAtEdge('right'),
    ArrowLeft: leaveCodeAtEdge('left'),
    'Mod-z': history.undo === undo ? undoWithInputRules : chainCommands(undoInputRule, history.undo),
    'Shift-Mod-z': history.redo,
    'Mod-y': history.redo,
    Backspace: chainCommands(undoInputRule, undoAutolink, joinIntoBlocksBackward, joinKeepingText(-1, joinBackward)),
    Delete: chainCommands(joinAcrossBlocksForward, joinKeepingText(1, joinForward)),
    'Mod-a': selectBlockThenAll,
    'Mod-Home': selectDocumentEdge('start'),
    'Mod-End': selectDocumentEdge('end'),
    'Shift-Mod-Home': selectDocumentEdge('start', true),
    'Shift-Mod-End': selectDocumentEdge('end', true),
    ...(MAC
      ? {
          'Mod-ArrowUp': selectDocumentEdge('start'),
          'Mod-ArrowDown': selectDocumentEdge('end'),
          'Shift-Mod-ArrowUp': selectDocumentEdge('start', true),
          'Shift-Mod-ArrowDown': selectDocumentEdge('end', true),
        }
      : {}),
  };
  // A node's key runs after the editor's own for the same key (its edges: a heading's Backspace
  // after the list joins), never instead of it. Every built-in Enter, the nodes' (a list item's
  // split) and then the base one, goes on in the caret's marks.
  const bound = chainBindings([editing, schemaKeys(schema, features), { Enter: baseKeymap.Enter! }]);
  const { Enter: _base, ...base } = baseKeymap;
  return [keymap({ ...bound, Enter: keepingMarks(bound.Enter!) }), keymap(base)];
}
