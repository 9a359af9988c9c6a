import { expect } from 'chai';
import { TextSelection, type Transaction } from 'prosemirror-state';
import { findWrapping } from 'prosemirror-transform';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, expectAlike, type Replica } from './replicas.js';

const { paragraph, heading, bullet_list: bulletList } = schema.nodes;
const para = (text: string) => paragraph.create(null, schema.text(text));

/** "one", "two", "three", "four". */
const START = [para('one'), para('two'), para('three'), para('four')];

/** Each block as its type and text ("h:two" for a heading). */
const blocks = (replica: Replica): string[] => {
  const out: string[] = [];
  replica.document.descendants((node) => {
    if (node.isTextblock) out.push(`${node.type === heading ? 'h' : node.type === paragraph ? 'p' : node.type.name}:${node.textContent}`);
    return !node.isTextblock;
  });
  return out;
};

/** "two" (the second block, at 5) moved to the end (past two blocks: a move of "two", not of the one after it). */
const twoToEnd = (tr: Transaction): void => {
  const two = tr.doc.child(1);
  tr.delete(5, 5 + two.nodeSize).insert(tr.doc.content.size, two);
};

/** "two" made a heading. */
const twoToHeading = (tr: Transaction): void => {
  tr.setBlockType(6, 6, heading, { level: 2 });
};

describe('a block two editors write anew at once', () => {
  it('moved by one and made a heading by the other: one heading, where it was moved to', () => {
    for (const [mover, retyper] of [[0, 1], [1, 0]] as const) {
      const editors = editorsOn(START) as [Replica, Replica];
      editors[mover].change(twoToEnd);
      editors[retyper].change(twoToHeading);
      exchange(...editors);
      expect(blocks(editors[0]), `mover ${mover + 1}`).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:two']);
      expectAlike(...editors);
    }
  });

  it('moved by both: one block, where the editor with the greater client id moved it', () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    bo.change((tr) => {
      const two = tr.doc.child(1);
      tr.delete(5, 5 + two.nodeSize).insert(0, two);
    });
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:two', 'p:one', 'p:three', 'p:four']);
    expectAlike(ada, bo);
  });

  it('made a heading by one and a different heading by the other: one heading, of the greater client id', () => {
    const [ada, bo] = editorsOn(START);
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 1 }));
    bo.change(twoToHeading);
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:one', 'h:two', 'p:three', 'p:four']);
    expect(ada.document.child(1).attrs['level']).to.equal(2);
    expectAlike(ada, bo);
  });

  it('keeps the letters typed into the copy that goes, and deletions made in it, with their marks, and the caret', () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    // Ada types on in her moved copy, bold, and takes out its "w", before hearing of Bo's heading.
    const end = ada.document.content.size - 1;
    ada.change((tr) => tr.setSelection(TextSelection.create(tr.doc, end)).addStoredMark(schema.marks.bold.create()).insertText('!'));
    ada.change((tr) => tr.delete(end - 2, end - 1));
    bo.change(twoToHeading);
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:to!']);
    const moved = ada.document.lastChild!;
    expect(moved.lastChild!.marks.map((mark) => mark.type.name)).to.deep.equal(['bold']);
    expect(ada.state.selection.$head.parent).to.equal(moved);
    expect(ada.state.selection.$head.parentOffset).to.equal(3);
    expectAlike(ada, bo);
  });

  it("letters typed into the colleague's copy that the editor folding had not heard of are kept", () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    bo.change(twoToHeading);
    // Ada folds on hearing of Bo's heading; Bo types on in his heading meanwhile.
    ada.receive();
    bo.change((tr) => tr.insertText('X', 9));
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:twoX']);
    expectAlike(ada, bo);
  });

  it('copies each typed into before either editor heard of the other: one block with both letters, both ways round', () => {
    for (const [mover, retyper] of [[0, 1], [1, 0]] as const) {
      const editors = editorsOn(START) as [Replica, Replica];
      editors[mover].change(twoToEnd);
      const end = editors[mover].document.content.size - 1;
      editors[mover].change((tr) => tr.insertText('!', end));
      editors[retyper].change(twoToHeading);
      editors[retyper].change((tr) => tr.insertText('X', 6));
      exchange(...editors);
      expect(blocks(editors[0]), `mover ${mover + 1}`).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:Xtwo!']);
      expectAlike(...editors);
    }
  });

  it('copies each typed into and deleted from: every letter typed stays, every letter deleted stays deleted, the caret with them', () => {
    for (const [mover, retyper] of [[0, 1], [1, 0]] as const) {
      const editors = editorsOn(START) as [Replica, Replica];
      // The mover deletes the "w" of its copy and types "!" after the "t".
      editors[mover].change(twoToEnd);
      const start = editors[mover].document.content.size - 4;
      editors[mover].change((tr) => tr.delete(start + 1, start + 2));
      editors[mover].change((tr) => tr.setSelection(TextSelection.create(tr.doc, start + 1)).insertText('!'));
      // The one making it a heading deletes its "o" and types "?" at its end.
      editors[retyper].change(twoToHeading);
      editors[retyper].change((tr) => tr.delete(8, 9));
      editors[retyper].change((tr) => tr.setSelection(TextSelection.create(tr.doc, 8)).insertText('?'));
      exchange(...editors);
      expect(blocks(editors[0]), `mover ${mover + 1}`).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:t!?']);
      const moved = editors[0].document.lastChild!;
      for (const [index, caret] of [[mover, 2], [retyper, 3]] as const) {
        expect(editors[index].state.selection.$head.parent, `caret of ${index + 1}`).to.equal(editors[index].document.lastChild);
        expect(editors[index].state.selection.$head.parentOffset, `caret of ${index + 1}`).to.equal(caret);
      }
      expect(moved.textContent).to.equal('t!?');
      expectAlike(...editors);
    }
  });

  it("a letter the colleague types into the copy that goes, unseen by the editor folding it, is kept", () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    ada.change((tr) => tr.insertText('!', tr.doc.content.size - 1));
    bo.change(twoToHeading);
    // Bo hears of Ada's copy and types into it before Ada, hearing of his heading, folds it away.
    bo.receive();
    bo.change((tr) => tr.insertText('Z', tr.doc.content.size - 2));
    exchange(ada, bo);
    expect(blocks(ada)).to.have.length(4);
    expect(blocks(ada).slice(0, 3)).to.deep.equal(['p:one', 'p:three', 'p:four']);
    expect(blocks(ada)[3]).to.be.oneOf(['h:two!Z', 'h:twoZ!']);
    expectAlike(ada, bo);
  });

  it('copies that differ by letters the editor folding typed into the block unseen before writing it anew are one block, with those letters', () => {
    const [ada, bo] = editorsOn(START);
    // Ada types into "two", then makes it a heading; Bo, not having heard of the letter, moves "two".
    ada.change((tr) => tr.insertText('!', 9));
    ada.change(twoToHeading);
    bo.change(twoToEnd);
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:one', 'p:three', 'p:four', 'h:two!']);
    expectAlike(ada, bo);
  });

  it('copies the other way round (the colleague whose copy stays had typed the letter unseen) stay two, with nothing lost', () => {
    const [ada, bo] = editorsOn(START);
    bo.change((tr) => tr.insertText('!', 9));
    bo.change(twoToHeading);
    ada.change(twoToEnd);
    exchange(ada, bo);
    expect(blocks(ada).filter((block) => block.endsWith('two!'))).to.have.length(1);
    expectAlike(ada, bo);
  });

  it('two copies typed into that read differently from the start are two blocks', () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    ada.change((tr) => tr.insertText('!', tr.doc.content.size - 1));
    bo.change((tr) => tr.insert(0, para('twoX')));
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:twoX', 'p:one', 'p:three', 'p:four', 'p:two!']);
    expectAlike(ada, bo);
  });

  it('wrapped in a list by one and moved by the other: one block, the wrap given up where the two cannot be joined', () => {
    const [ada, bo] = editorsOn(START);
    ada.change((tr) => {
      const range = tr.doc.resolve(6).blockRange()!;
      tr.wrap(range, findWrapping(range, bulletList)!);
    });
    bo.change(twoToEnd);
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:one', 'p:three', 'p:four', 'p:two']);
    expect(ada.document.childCount).to.equal(4);
    expectAlike(ada, bo);
  });

  it('a copy of the block pasted by a colleague is not taken for a rewrite', () => {
    const [ada, bo] = editorsOn(START);
    ada.change(twoToEnd);
    bo.change((tr) => tr.insert(0, para('two')));
    exchange(ada, bo);
    expect(blocks(ada)).to.deep.equal(['p:two', 'p:one', 'p:three', 'p:four', 'p:two']);
    expectAlike(ada, bo);
  });
});

