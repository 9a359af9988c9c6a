import { expect } from 'chai';
import { history, undo } from 'prosemirror-history';
import { Fragment, Slice } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { tableEdgePlugin } from '../../../src/core/plugins/table-edge.js';
import { doc, expectDoc, img, p, selectionFor, table, td, tr, type TaggedNode } from '../../helpers/builder.js';

/** A state of `input` with its marked selection as the table plugins leave it (the selection given its ranges). */
function stateOf(input: TaggedNode): EditorState {
  const state = EditorState.create({ doc: input, selection: selectionFor(input), plugins: [tableEditing(), tableEdgePlugin(), history()] });
  return state.applyTransaction(state.tr).state;
}

/** `state` with its selection deleted, then `text` typed where the caret lands. */
function deleteThenType(state: EditorState, text = ''): EditorState {
  let next = state.apply(state.tr.deleteSelection());
  if (text) next = next.apply(next.tr.insertText(text));
  return next;
}

describe('a selection across a table\'s edge', () => {
  it('from a paragraph into a later row empties the cells it covers and the covered part of the last', () => {
    const state = stateOf(doc(p('ab<a>c'), table(tr(td(p('x')), td(p('y'))), tr(td(p('u')), td(p('v<b>w'))))));
    expect(state.selection.ranges.length, 'one range outside and one per cell').to.equal(5);
    expectDoc(deleteThenType(state, '#').doc, doc(p('ab#'), table(tr(td(p()), td(p())), tr(td(p()), td(p('w'))))));
  });

  it('from a cell out past the table keeps every cell: the text goes in where it started', () => {
    const state = stateOf(doc(table(tr(td(p('x<a>y')), td(p('z'))), tr(td(p('u')), td(p('v')))), p('ab<b>c')));
    const after = deleteThenType(state, '#');
    expectDoc(after.doc, doc(table(tr(td(p('x#')), td(p())), tr(td(p()), td(p()))), p('c')));
  });

  it('pasted over, puts the pasted text where the selection started', () => {
    const state = stateOf(doc(p('ab<a>c'), table(tr(td(p('x<b>y')), td(p('z'))))));
    const slice = new Slice(Fragment.from(state.schema.text('Q')), 0, 0);
    const after = state.apply(state.tr.replaceSelection(slice));
    expectDoc(after.doc, doc(p('abQ'), table(tr(td(p('y')), td(p('z'))))));
    expect(after.selection.from, 'the caret after the pasted text').to.equal(4);
  });

  it('from one table into another empties the covered cells of both and takes what lies between', () => {
    const state = stateOf(doc(table(tr(td(p('x<a>y')), td(p('z')))), p('mid'), img({ src: 'https://example.com/a.png' }), table(tr(td(p('u<b>v')), td(p('w'))))));
    expectDoc(deleteThenType(state).doc, doc(table(tr(td(p('x')), td(p()))), table(tr(td(p('v')), td(p('w'))))));
  });

  it('takes the blocks between the paragraph and the table whole', () => {
    const state = stateOf(doc(p('ab<a>c'), p('mid'), img({ src: 'https://example.com/a.png' }), table(tr(td(p('x<b>y')), td(p('z'))))));
    const after = deleteThenType(state);
    expectDoc(after.doc, doc(p('ab'), table(tr(td(p('y')), td(p('z'))))));
    expect(after.selection.from, 'the caret where the selection started').to.equal(3);
  });

  it('reads as its whole extent: where it starts and ends, and what a copy takes', () => {
    const input = doc(p('ab<a>c'), table(tr(td(p('x<b>y')), td(p('z')))));
    const { selection } = stateOf(input);
    expect([selection.from, selection.to]).to.deep.equal([input.tag.a, input.tag.b]);
    expect(selection.content().content.textBetween(0, selection.content().content.size, '|')).to.equal('c|x');
  });

  it('typed over with a transaction\'s own insertText, types where it started', () => {
    const state = stateOf(doc(p('ab<a>c'), table(tr(td(p('x<b>y')), td(p('z'))))));
    expectDoc(state.apply(state.tr.insertText('#')).doc, doc(p('ab#'), table(tr(td(p('y')), td(p('z'))))));
  });

  it('is one step of undo', () => {
    const input = doc(p('ab<a>c'), table(tr(td(p('x<b>y')), td(p('z')))));
    let state = deleteThenType(stateOf(input));
    undo(state, (transaction) => (state = state.apply(transaction)));
    expectDoc(state.doc, input);
  });

  it('leaves a selection that holds a whole table, or stays inside one, as it is', () => {
    const whole = stateOf(doc(p('a<a>b'), table(tr(td(p('x')))), p('c<b>d')));
    expect(whole.selection.ranges.length).to.equal(1);
    expectDoc(deleteThenType(whole).doc, doc(p('ad')));
    const inside = stateOf(doc(table(tr(td(p('x<a>y<b>')), td(p('z'))))));
    expect(inside.selection).to.be.instanceOf(TextSelection);
    expect(inside.selection.ranges.length).to.equal(1);
  });
});
