import { baseKeymap, chainCommands, exitCode, selectAll } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { AllSelection, Selection, TextSelection, type Command, type Plugin } from 'prosemirror-state';
import { headingToParagraphAtStart, joinAcrossListForward, joinIntoListBackward } from '../commands/block-joins.js';
import { insertHardBreak, toggleBlockquote, toggleCodeBlock, toggleHeading, setParagraph } from '../commands/blocks.js';
import { toggleBold, toggleCode, toggleItalic, toggleStrike, toggleUnderline } from '../commands/marks.js';
import { liftItem, sinkItem, splitItem, toggleBulletList, toggleOrderedList, toggleTaskList } from '../commands/lists.js';
import { featureOn, type Features } from '../features.js';
import { safeLanguage } from '../url.js';

/** Tab in a code block inserts a tab character. */
export const codeBlockTab: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.type.spec.code) return false;
  if (dispatch) dispatch(state.tr.insertText('\t').scrollIntoView());
  return true;
};

/** Shift-Tab in a code block removes one tab or up to two spaces at the start of the caret's line. */
export const codeBlockUntab: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!$from.parent.type.spec.code || !empty) return false;
  const lineStart = $from.parent.textBetween(0, $from.parentOffset).lastIndexOf('\n') + 1;
  const indent = /^(\t| {1,2})/.exec($from.parent.textContent.slice(lineStart));
  if (indent && dispatch) dispatch(state.tr.delete($from.start() + lineStart, $from.start() + lineStart + indent[1].length));
  return true;
};

/** Enter at the end of a paragraph that holds only a code fence (```ts) opens a code block. */
export const fenceOnEnter: Command = (state, dispatch) => {
  const { paragraph, code_block: codeBlock } = state.schema.nodes;
  const { $from, empty } = state.selection;
  if (!paragraph || !codeBlock || !empty || $from.parent.type !== paragraph || $from.parentOffset !== $from.parent.content.size) return false;
  const match = /^(?:```|~~~)([\w+#.-]*)$/.exec($from.parent.textContent);
  if (!match) return false;
  const range = $from.blockRange();
  if (!range || !range.parent.canReplaceWith(range.startIndex, range.endIndex, codeBlock)) return false;
  if (dispatch) {
    const tr = state.tr.delete($from.start(), $from.end());
    tr.setBlockType($from.start(), $from.start(), codeBlock, { language: safeLanguage(match[1] || 'plaintext') });
    dispatch(tr.scrollIntoView());
  }
  return true;
};

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

/** The editor's key bindings: formatting, lists, code blocks, undo and the base keys (without those of features turned off). */
export function editorKeymap(features?: Features): Plugin[] {
  return [
    keymap({
      ...(featureOn(features, 'taskLists') ? { 'Mod-Shift-9': toggleTaskList } : {}),
      'Mod-b': toggleBold,
      'Mod-i': toggleItalic,
      'Mod-u': toggleUnderline,
      'Mod-Shift-s': toggleStrike,
      'Mod-e': toggleCode,
      'Mod-Alt-0': setParagraph,
      'Mod-Alt-1': toggleHeading(1),
      'Mod-Alt-2': toggleHeading(2),
      'Mod-Alt-3': toggleHeading(3),
      'Mod-Shift-7': toggleOrderedList,
      'Mod-Shift-8': toggleBulletList,
      'Mod-Shift-b': toggleBlockquote,
      'Mod-Alt-c': toggleCodeBlock,
      'Mod-z': undoWithInputRules,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      Backspace: chainCommands(undoInputRule, joinIntoListBackward),
      Delete: joinAcrossListForward,
      'Mod-a': selectBlockThenAll,
      Enter: chainCommands(fenceOnEnter, splitItem),
      'Shift-Enter': insertHardBreak,
      'Mod-Enter': chainCommands(exitCode, insertHardBreak),
      Tab: chainCommands(codeBlockTab, sinkItem),
      'Shift-Tab': chainCommands(codeBlockUntab, liftItem),
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
    }),
    keymap(baseKeymap),
    // After the base keys' joins: a heading with nothing before it to join becomes a paragraph.
    keymap({ Backspace: headingToParagraphAtStart }),
  ];
}
