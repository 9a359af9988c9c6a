import { expect } from 'chai';
import { baseKeymap, chainCommands } from 'prosemirror-commands';
import type { Mark } from 'prosemirror-model';
import { EditorState, type Command } from 'prosemirror-state';
import { announcementOf } from '../../../src/core/announce.js';
import { stringsPlugin } from '../../../src/core/strings.js';
import { fr } from '../../../src/locales/fr.js';
import { keepingMarks, markActive, toggleBold, toggleCode } from '../../../src/core/commands/marks.js';
import { splitItem } from '../../../src/core/commands/lists.js';
import { fenceOnEnter } from '../../../src/core/blocks/index.js';
import { schema } from '../../../src/core/index.js';
import { a, apply, code, doc, em, li, p, pre, stateFor, strong, ul, type TaggedNode } from '../../helpers/builder.js';

/** The editor's Enter: a list item's split, then the base one, going on in the caret's marks. */
const enter: Command = keepingMarks(chainCommands(fenceOnEnter, splitItem, baseKeymap.Enter!));

/** Presses Enter on `input` (checking the document against `expected`), then types `typed` as the view would. */
function enterThenType(input: TaggedNode, expected: TaggedNode, typed = 'x'): EditorState {
  let state = apply(input, enter, expected);
  state = state.apply(state.tr.insertText(typed));
  return state;
}

const names = (marks: readonly Mark[] | null) => (marks ?? []).map((mark) => mark.type.name);

describe('keepingMarks (Enter goes on in the caret\'s marks)', () => {
  it('starts the line after bold text in bold, and what is typed there is bold', () => {
    const state = enterThenType(doc(p(strong('ab<a>'))), doc(p(strong('ab')), p('<a>')));
    expect(state.doc.eq(doc(p(strong('ab')), p(strong('x'))))).to.equal(true, state.doc.toString());
  });

  it('keeps every mark the caret had, in a list item too', () => {
    const state = enterThenType(doc(ul(li(p(strong(em('one<a>')))))), doc(ul(li(p(strong(em('one')))), li(p('<a>')))));
    expect(state.doc.eq(doc(ul(li(p(strong(em('one')))), li(p(strong(em('x')))))))).to.equal(true, state.doc.toString());
  });

  it('keeps the stored marks: bold turned on before Enter, or turned off (nothing then)', () => {
    let state = stateFor(doc(p('plain<a>')));
    state = state.apply(state.tr.addStoredMark(schema.marks.bold.create()));
    enter(state, (tr) => (state = state.apply(tr)));
    expect(names(state.storedMarks)).to.deep.equal(['bold']);

    state = stateFor(doc(p(strong('ab<a>'))));
    state = state.apply(state.tr.setStoredMarks([]));
    enter(state, (tr) => (state = state.apply(tr)));
    expect(names(state.storedMarks)).to.deep.equal([]);
    state = state.apply(state.tr.insertText('x'));
    expect(state.doc.eq(doc(p(strong('ab')), p('x')))).to.equal(true, state.doc.toString());
  });

  it('leaves inline code and a link behind', () => {
    let state = enterThenType(doc(p('run ', code('npm test<a>'))), doc(p('run ', code('npm test')), p('<a>')));
    expect(state.doc.eq(doc(p('run ', code('npm test')), p('x')))).to.equal(true, state.doc.toString());
    state = enterThenType(doc(p(strong(a({ href: 'https://example.com' }, 'site<a>')))), doc(p(strong(a({ href: 'https://example.com' }, 'site'))), p('<a>')));
    expect(state.doc.eq(doc(p(strong(a({ href: 'https://example.com' }, 'site'))), p(strong('x'))))).to.equal(true, state.doc.toString());
  });

  it('changes nothing when the split leaves text after the caret, which then gives its marks', () => {
    const state = apply(doc(p(strong('ab<a>'), 'cd')), enter, doc(p(strong('ab')), p('<a>cd')));
    expect(state.storedMarks).to.equal(null);
  });

  it('gives no marks to a block that takes none (a code block opened by its fence)', () => {
    const state = apply(doc(p(strong('```<a>'))), enter, doc(pre('<a>')));
    expect(state.storedMarks).to.equal(null);
  });

  it('without marks at the caret, or at a block start, is the Enter alone', () => {
    apply(doc(p('ab<a>')), enter, doc(p('ab'), p('<a>')));
    const state = apply(doc(p(strong('<a>ab'))), enter, doc(p(), p(strong('<a>ab'))));
    expect(state.storedMarks).to.equal(null);
  });
});

describe('mark toggles (a partly marked selection)', () => {
  it('bolds all of a partly bold selection, and the button then shows pressed', () => {
    const state = apply(doc(p(strong('<a>ab'), 'cd<b>')), toggleBold, doc(p(strong('<a>abcd<b>'))));
    expect(markActive(state, schema.marks.bold)).to.equal(true);
  });

  it('takes bold off a selection that is bold throughout, across blocks', () => {
    apply(doc(p(strong('<a>ab')), p(strong('cd<b>'))), toggleBold, doc(p('<a>ab'), p('cd<b>')));
  });

  it('makes a partly code selection code throughout', () => {
    apply(doc(p(code('<a>ab'), 'cd<b>')), toggleCode, doc(p(code('<a>abcd<b>'))));
  });
});

describe('what a mark toggle says (core/announce.ts)', () => {
  /** The words `command` puts on its transaction over `input`. */
  function saidBy(command: Command, input: TaggedNode): string | null {
    let said: string | null = null;
    const state = stateFor(input);
    command(state, (tr) => (said = announcementOf(tr, state)));
    return said;
  }

  it('says the mark goes on where the selection lacks it anywhere, and off where all of it has it', () => {
    expect(saidBy(toggleBold, doc(p('<a>plain<b> text')))).to.equal('Bold on');
    expect(saidBy(toggleBold, doc(p('<a>half ', strong('bold<b>'))))).to.equal('Bold on');
    expect(saidBy(toggleBold, doc(p(strong('<a>all bold<b>'))))).to.equal('Bold off');
    expect(saidBy(toggleCode, doc(p('at a caret<a>')))).to.equal('Code on');
  });

  it('says nothing when it does not apply, and in the words of the editor\'s strings', () => {
    expect(saidBy(toggleBold, doc(pre('<a>code<b>')))).to.equal(null);
    const state = EditorState.create({ doc: doc(p('<a>plain<b>')), selection: stateFor(doc(p('<a>plain<b>'))).selection, plugins: [stringsPlugin(fr)] });
    let said: string | null = null;
    toggleBold(state, (tr) => (said = announcementOf(tr, state)));
    expect(said).to.equal('Gras activé');
  });
});
