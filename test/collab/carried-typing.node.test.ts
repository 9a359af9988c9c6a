import { expect } from 'chai';
import { TextSelection } from 'prosemirror-state';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, expectAlike, para, texts, typeAt, typeOn, type Replica } from './replicas.js';



describe('letters typed into, or deleted from, text a colleague moves on before seeing them', () => {
  it('Enter pressed before them: they go with the text after it into the new paragraph, and the caret too', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    // Ada presses Enter after "hello " while Bo types into "world".
    ada.change((tr) => tr.split(7));
    typeAt(bo, 10, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'worXld']);
    typeOn(bo, 'Y');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'worXYld']);
    expectAlike(ada, bo);
  });

  it('typed at the end of the paragraph: they end the new paragraph, marks and all', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    ada.change((tr) => tr.split(7));
    bo.change((tr) => tr.setSelection(TextSelection.create(tr.doc, 12)).addStoredMark(schema.marks.bold.create()).insertText('!!'));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'world!!']);
    expect(ada.document.child(1).lastChild!.marks.map((mark) => mark.type.name)).to.deep.equal(['bold']);
    typeOn(bo, '?');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'world!!?']);
    expectAlike(ada, bo);
  });

  it('a word dragged elsewhere takes the letters typed into it, not those after it', () => {
    const [ada, bo] = editorsOn([para('alpha beta gamma'), para('end')]);
    // Ada drags "beta " to the start of "end"; Bo types into "beta" and right after "beta ".
    ada.change((tr) => {
      const word = tr.doc.slice(7, 12);
      tr.delete(7, 12);
      tr.replace(tr.doc.content.size - 4, tr.doc.content.size - 4, word);
    });
    bo.change((tr) => tr.insertText('W', 8));
    bo.change((tr) => tr.insertText('+', 13));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['alpha +gamma', 'bWeta end']);
    expectAlike(ada, bo);
  });

  it('a letter deleted from the text after it stays deleted when it moves into the new paragraph', () => {
    const [ada, bo] = editorsOn([para('hello wORld')]);
    ada.change((tr) => tr.split(7));
    // Bo takes out the "O" of "wORld" before hearing of the Enter; Ada's new paragraph copied it.
    bo.change((tr) => tr.delete(8, 9));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'wRld']);
    expectAlike(ada, bo);
  });

  it('two editors pressing Enter in one paragraph at once keep every letter, each split where it was made', () => {
    for (const [first, second] of [[0, 1], [1, 0]] as const) {
      const editors = editorsOn([para('abcdefghij')]) as [Replica, Replica];
      // One types "x" and presses Enter after "abc", the other "1" and Enter after "abcdef", neither having seen the other's.
      typeAt(editors[first], 4, 'x').change((tr) => tr.split(tr.selection.from));
      typeAt(editors[second], 7, '1').change((tr) => tr.split(tr.selection.from));
      exchange(...editors);
      // Before: each took the tail its own Enter had moved out of the other's new paragraph, and "ghij" was gone everywhere.
      // (The order of the paragraphs is concurrent-enters.node.test.ts's.)
      expect(texts(editors[0]), `the first after "abc": editor ${first + 1}`).to.deep.equal(['abcx', 'def1', 'ghij']);
      expectAlike(...editors);
    }
  });

  it('two editors pressing Enter at the same place at once lose nothing', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    ada.change((tr) => tr.split(4));
    bo.change((tr) => tr.split(4));
    exchange(ada, bo);
    expect(texts(ada).filter((text) => text === 'defghij').length, 'the tail whole, in a paragraph of its own').to.be.at.least(1);
    expect(texts(ada)[0]).to.equal('abc');
    expectAlike(ada, bo);
  });

  it('Enter pressed before them by a colleague who deleted a letter earlier: they go along, and a letter deleted meanwhile stays deleted', () => {
    for (const adaFirst of [true, false]) {
      const editors = editorsOn([para('abcdefghij')]);
      const [ada, bo] = adaFirst ? editors : [editors[1]!, editors[0]!];
      // Bo deletes "b", and Ada hears of it.
      bo.change((tr) => tr.delete(2, 3));
      exchange(ada, bo);
      // Bo presses Enter after "a"; Ada deletes "j" and types "X" at the end, before hearing of it.
      bo.change((tr) => tr.split(2));
      ada.change((tr) => tr.delete(9, 10));
      typeAt(ada, 9, 'X');
      exchange(ada, bo);
      // Before: "a", "cdefghij" with "X" left in the first paragraph and the "j" back: the
      // deleted "b", which Bo's paragraph did not hold, kept it from reading as the text moved.
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['a', 'cdefghiX']);
      expectAlike(ada, bo);
    }
  });

  it('a word deleted at the end of a paragraph stays deleted when Enter is pressed before it', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    ada.change((tr) => tr.split(7));
    // Bo deletes "world" before hearing of the Enter; Ada's new paragraph copied it, all of it deleted here.
    bo.change((tr) => tr.delete(7, 12));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', '']);
    expectAlike(ada, bo);
  });

  it('text deleted around them stays deleted, and they stay where they were', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    ada.change((tr) => tr.delete(7, 12));
    typeAt(bo, 10, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello X']);
    expectAlike(ada, bo);
  });

  it('undo takes a letter carried into the new paragraph out again', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    ada.change((tr) => tr.split(7));
    typeAt(bo, 10, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'worXld']);
    expect(bo.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['hello ', 'world']);
    expectAlike(ada, bo);
  });
});
