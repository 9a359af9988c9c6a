import { expect } from 'chai';
import { baseKeymap, chainCommands } from 'prosemirror-commands';
import type { Mark } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
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
