/**
 * What a change of marks only, or one that moved a block, says when its command put no words on
 * it (core/announce.ts): an undo or redo of a mark or a move, a host's own mark command, a drop.
 */
import { expect } from 'chai';
import { toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { NodeSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { announcementOf } from '../../src/core/announce.js';
import { toggleBold, toggleItalic } from '../../src/core/commands/marks.js';
import { blockMoveKeymap, moveBlockDown, moveBlockUp } from '../../src/core/commands/move-block.js';
import { schema } from '../../src/core/index.js';
import { stringsPlugin } from '../../src/core/strings.js';
import { REPLACE_CONTENT_META, SHARED_CHANGE_META } from '../../src/core/transaction-meta.js';
import { fr } from '../../src/locales/fr.js';
import { a, doc, em, li, p, stateFor, strong, ul, type TaggedNode } from '../helpers/builder.js';

/** Runs `commands` in turn from `input` (with history), and gives what each transaction said. */
function said(input: TaggedNode | EditorState, ...commands: Command[]): Array<string | null> {
  let state = 'tag' in input ? stateFor(input as TaggedNode, [history()]) : input;
  return commands.map((command) => {
    let words: string | null = 'not run';
    const ran = command(state, (tr: Transaction) => {
      words = announcementOf(tr, state);
      state = state.apply(tr);
    });
    expect(ran, 'the command applies').to.equal(true);
    return words;
  });
}

/** A command dispatching `make(state)`. */
const dispatching =
  (make: (state: EditorState) => Transaction): Command =>
  (state, dispatch) => {
    dispatch?.(make(state));
    return true;
  };

describe('what a change of marks says when its command said nothing', () => {
  it('says the mark went off when Ctrl+B is undone, and on again when it is redone', () => {
    expect(said(doc(p('Plain <a>words<b>')), toggleBold, undo, redo)).to.deep.equal(['Bold on', 'Bold off', 'Bold on']);
  });

  it('says so for a mark that went off and is undone, and for two marks at once', () => {
    expect(said(doc(p(strong('<a>bold<b>'))), toggleBold, undo)).to.deep.equal(['Bold off', 'Bold on']);
    const both: Command = (state, dispatch) => {
      const { from, to } = state.selection;
      dispatch?.(state.tr.addMark(from, to, schema.marks.bold.create()).addMark(from, to, schema.marks.italic.create()));
      return true;
    };
    expect(said(doc(p('<a>words<b>')), both, undo)).to.deep.equal(['Bold on, Italic on', 'Bold off, Italic off']);
  });

  it("says it for a host's own mark command, which puts no words on its transaction", () => {
    expect(said(doc(p('<a>words<b>')), toggleMark(schema.marks.italic))).to.deep.equal(['Italic on']);
    expect(said(doc(p(em('<a>words<b>'))), toggleMark(schema.marks.italic))).to.deep.equal(['Italic off']);
  });

  it('says a link went on or off, and nothing for a link whose address changed', () => {
    const link = (href: string) => schema.marks.link.create({ href });
    const linking = dispatching((state) => state.tr.addMark(state.selection.from, state.selection.to, link('https://example.com/')));
    expect(said(doc(p('<a>words<b>')), linking, undo)).to.deep.equal(['Link on', 'Link off']);
    const readdress = dispatching((state) => state.tr.removeMark(0, state.doc.content.size, schema.marks.link).addMark(state.selection.from, state.selection.to, link('https://example.org/')));
    expect(said(doc(p(a({ href: 'https://example.com/' }, '<a>words<b>'))), readdress)).to.deep.equal([null]);
  });

  it('says the words its command put on it, once, and nothing for the undo of typing', () => {
    const state = stateFor(doc(p('Plain <a>words<b>')), [history()]);
    expect(said(state, toggleItalic)).to.deep.equal(['Italic on']);
    const typing = dispatching((s) => s.tr.insertText('x'));
    expect(said(doc(p('Plain<a>')), typing, undo)).to.deep.equal([null, null]);
  });

  it("speaks the editor's language", () => {
    const state = stateFor(doc(p('<a>mots<b>')), [history(), stringsPlugin(fr)]);
    expect(said(state, toggleBold, undo)).to.deep.equal(['Gras activé', 'Gras désactivé']);
  });

  it("says nothing for a colleague's change or a value set by the host", () => {
    const bolding = (meta: string) => dispatching((state) => state.tr.addMark(1, 6, schema.marks.bold.create()).setMeta(meta, true));
    expect(said(stateFor(doc(p('words'))), bolding(SHARED_CHANGE_META))).to.deep.equal([null]);
    expect(said(stateFor(doc(p('words'))), bolding(REPLACE_CONTENT_META))).to.deep.equal([null]);
    expect(said(stateFor(doc(p('words'))), bolding('unrelated'))).to.deep.equal(['Bold on']);
  });
});

describe('what a change that moved a block says when its command said nothing (the block moves\' plugin)', () => {
  const withMoves = (node: TaggedNode) => stateFor(node, [history(), blockMoveKeymap()]);

  it('says the block went down when its move up is undone, and up when its move down is', () => {
    expect(said(withMoves(doc(p('First'), p('Sec<a>ond'), p('Third'))), moveBlockUp, undo)).to.deep.equal(['Block moved up', 'Block moved down']);
    expect(said(withMoves(doc(p('First'), p('Sec<a>ond'), p('Third'))), moveBlockDown, undo)).to.deep.equal(['Block moved down', 'Block moved up']);
    // The words come with the keys that move blocks: an editor without them says the command's words only.
    expect(said(doc(p('First'), p('Sec<a>ond'), p('Third')), moveBlockUp, undo)).to.deep.equal(['Block moved up', null]);
  });

  it('says it for a run of blocks and for a list item, the way the selected ones went', () => {
    expect(said(withMoves(doc(p('First'), p('Sec<a>ond'), p('Th<b>ird'), p('Fourth'))), moveBlockUp, undo)).to.deep.equal(['Block moved up', 'Block moved down']);
    expect(said(withMoves(doc(ul(li(p('One')), li(p('Tw<a>o')), li(p('Three'))))), moveBlockDown, undo)).to.deep.equal(['Block moved down', 'Block moved up']);
  });

  it("says which way a block dropped elsewhere went, for the block it selects, and for a host's own move", () => {
    // A block dragged from the top to the bottom: deleted there, put in here, and selected.
    const drop = dispatching((state) => {
      const first = state.doc.child(0);
      const tr = state.tr.delete(0, first.nodeSize);
      tr.insert(tr.doc.content.size, first);
      return tr.setSelection(NodeSelection.create(tr.doc, tr.doc.content.size - first.nodeSize));
    });
    expect(said(withMoves(doc(p('<a>First'), p('Second'), p('Third'))), drop, undo)).to.deep.equal(['Block moved down', 'Block moved up']);
  });

  it('says the way a block it passed went, nothing for the selection in a block it did not pass, nor for other changes', () => {
    // "Third" moved to the top: "Second", which it passed, went down a place; "Fourth" stayed.
    const thirdToTop = dispatching((state) => {
      const [first, second, third] = [state.doc.child(0), state.doc.child(1), state.doc.child(2)];
      const at = first.nodeSize + second.nodeSize;
      return state.tr.delete(at, at + third.nodeSize).insert(0, third);
    });
    expect(said(withMoves(doc(p('First'), p('Sec<a>ond'), p('Third'), p('Fourth'))), thirdToTop)).to.deep.equal(['Block moved down']);
    expect(said(withMoves(doc(p('First'), p('Second'), p('Third'), p('Fo<a>urth'))), thirdToTop)).to.deep.equal([null]);
    // A list item moved, the selection running on past the list: not within the items' siblings.
    const lastItemUp = dispatching((state) => {
      const list = state.doc.child(0);
      const last = list.lastChild!;
      const end = list.nodeSize - 1;
      return state.tr.delete(end - last.nodeSize, end).insert(1, last);
    });
    expect(said(withMoves(doc(ul(li(p('One')), li(p('T<a>wo')), li(p('Three'))), p('Af<b>ter'))), lastItemUp)).to.deep.equal([null]);
    const replaced = dispatching((state) => state.tr.replaceWith(0, state.doc.content.size, [p('Other'), p('Blocks')]));
    expect(said(withMoves(doc(p('Fi<a>rst'), p('Second'))), replaced)).to.deep.equal([null]);
    const enter = dispatching((state) => state.tr.split(state.selection.from));
    expect(said(withMoves(doc(p('Fi<a>rst'), p('Second'))), enter, undo)).to.deep.equal([null, null]);
  });

  it("says nothing for a colleague's move or a value set by the host", () => {
    const moved = (meta: string) => dispatching((state) => {
      const first = state.doc.child(0);
      return state.tr.delete(0, first.nodeSize).insert(state.doc.child(1).nodeSize, first).setMeta(meta, true);
    });
    expect(said(withMoves(doc(p('Fi<a>rst'), p('Second'))), moved(SHARED_CHANGE_META))).to.deep.equal([null]);
    expect(said(withMoves(doc(p('Fi<a>rst'), p('Second'))), moved(REPLACE_CONTENT_META))).to.deep.equal([null]);
  });
});
