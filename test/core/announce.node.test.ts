/**
 * What a change of marks only says when its command put no words on it (core/announce.ts): an
 * undo or redo of a mark, a host's own mark command.
 */
import { expect } from 'chai';
import { toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { announcementOf } from '../../src/core/announce.js';
import { toggleBold, toggleItalic } from '../../src/core/commands/marks.js';
import { schema } from '../../src/core/index.js';
import { stringsPlugin } from '../../src/core/strings.js';
import { REPLACE_CONTENT_META, SHARED_CHANGE_META } from '../../src/core/transaction-meta.js';
import { fr } from '../../src/locales/fr.js';
import { a, doc, em, p, stateFor, strong, type TaggedNode } from '../helpers/builder.js';

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
