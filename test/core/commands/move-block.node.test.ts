import { expect } from 'chai';
import { history, undo } from 'prosemirror-history';
import { NodeSelection, type Command } from 'prosemirror-state';
import { announcementOf } from '../../../src/core/announce.js';
import { moveBlockDown, moveBlockUp } from '../../../src/core/commands/move-block.js';
import { apply, blockquote, doc, h1, hr, li, p, stateFor, taskItem, taskList, ul } from '../../helpers/builder.js';

describe('moveBlock (Alt+Shift+ArrowUp and ArrowDown)', () => {
  it('moves the paragraph the caret is in above the block before it, the caret going with it', () => {
    apply(doc(h1('Title'), p('one'), p('tw<a>o')), moveBlockUp, doc(h1('Title'), p('tw<a>o'), p('one')));
  });

  it('moves it below the block after it', () => {
    apply(doc(p('o<a>ne'), hr(), p('two')), moveBlockDown, doc(hr(), p('o<a>ne'), p('two')));
  });

  it('does not apply at the first place going up or at the last going down', () => {
    apply(doc(p('o<a>ne'), p('two')), moveBlockUp, null);
    apply(doc(p('one'), p('t<a>wo')), moveBlockDown, null);
  });

  it('moves a run of blocks the selection spans, keeping the selection', () => {
    apply(doc(p('zero'), p('o<a>ne'), p('tw<b>o'), p('three')), moveBlockDown, doc(p('zero'), p('three'), p('o<a>ne'), p('tw<b>o')));
  });

  it('moves a list item within its list, nested items with it', () => {
    apply(
      doc(ul(li(p('a')), li(p('b<a>'), ul(li(p('b1')))), li(p('c')))),
      moveBlockUp,
      doc(ul(li(p('b<a>'), ul(li(p('b1')))), li(p('a')), li(p('c')))),
    );
    apply(doc(ul(li(p('a'), ul(li(p('x<a>')), li(p('y')))))), moveBlockDown, doc(ul(li(p('a'), ul(li(p('y')), li(p('x<a>')))))));
    apply(doc(taskList(taskItem(p('first<a>')), taskItem(p('second')))), moveBlockDown, doc(taskList(taskItem(p('second')), taskItem(p('first<a>')))));
  });

  it('does not take the first item of a list out of it; a quote moves as a whole', () => {
    apply(doc(p('before'), ul(li(p('a<a>')), li(p('b')))), moveBlockUp, null);
    apply(doc(p('before'), blockquote(p('q<a>'))), moveBlockUp, doc(blockquote(p('q<a>')), p('before')));
  });

  it('moves top-level blocks when the selection runs from a list into the paragraph after it', () => {
    apply(doc(p('zero'), ul(li(p('a<a>'))), p('af<b>ter')), moveBlockUp, doc(ul(li(p('a<a>'))), p('af<b>ter'), p('zero')));
  });

  it('moves a selected block and keeps it selected', () => {
    let state = stateFor(doc(p('one'), hr(), p('two')));
    state = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 5)));
    moveBlockUp(state, (tr) => (state = state.apply(tr)));
    expect(state.doc.eq(doc(hr(), p('one'), p('two')))).to.equal(true, state.doc.toString());
    expect(state.selection).to.be.instanceOf(NodeSelection);
    expect((state.selection as NodeSelection).node.type.name).to.equal('horizontal_rule');
  });

  it('is undone in one step, the caret back where it was', () => {
    let state = stateFor(doc(p('one'), p('tw<a>o'), p('three')), [history()]);
    const run = (command: Command) => command(state, (tr) => (state = state.apply(tr)));
    run(moveBlockUp);
    run(moveBlockUp);
    expect(state.doc.eq(doc(p('two'), p('one'), p('three')))).to.equal(true, state.doc.toString());
    run(undo);
    expect(state.doc.eq(doc(p('one'), p('two'), p('three')))).to.equal(true, state.doc.toString());
    expect(state.selection.from).to.equal(8);
  });
});

describe('what a block move says (core/announce.ts)', () => {
  it('says which way the block went', () => {
    const said: Array<string | null> = [];
    const up = stateFor(doc(p('one'), p('two<a>')));
    const down = stateFor(doc(p('one<a>'), p('two')));
    moveBlockUp(up, (tr) => said.push(announcementOf(tr, up)));
    moveBlockDown(down, (tr) => said.push(announcementOf(tr, down)));
    expect(said).to.deep.equal(['Block moved up', 'Block moved down']);
  });
});
