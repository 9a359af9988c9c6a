import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { findWrapping } from 'prosemirror-transform';
import { undoKey } from '../../src/collab/binding/undo.js';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, type Replica } from './replicas.js';

const { paragraph, bullet_list: bulletList, list_item: listItem } = schema.nodes;
const para = (text: string) => paragraph.create(null, schema.text(text));

/** The position just inside the end of the `index`th child of `parent` (at `start`). */
function endOf(parent: PMNode, start: number, index: number): number {
  let pos = start;
  for (let i = 0; i < index; i++) pos += parent.child(i).nodeSize;
  return pos + parent.child(index).nodeSize - 1;
}

/** Each top-level block's text. */
function texts(replica: Replica): string[] {
  const out: string[] = [];
  replica.document.forEach((block) => out.push(block.textContent));
  return out;
}

/** Moves the child at `from` to stand before the child now at `to`, as a drop does (the same node, deleted and inserted). */
function move(ada: Replica, from: number, to: number): void {
  ada.change((tr) => {
    const node = tr.doc.child(from);
    const at = endOf(tr.doc, 0, from) + 1 - node.nodeSize;
    tr.delete(at, at + node.nodeSize);
    tr.insert(to === 0 ? 0 : endOf(tr.doc, 0, to - 1) + 1, node);
  });
}

describe('a block moved while a colleague types', () => {
  it('the last of 2,000 paragraphs moved to the top is one small change, and a colleague typing in a paragraph it passed keeps the words there', () => {
    const [ada, bo] = editorsOn(Array.from({ length: 2000 }, (_, i) => para(`Paragraph ${i}, with some words in it`)));
    const sent = bo.inbox.length;
    move(ada, 1999, 0);
    expect(bo.inbox.length - sent).to.equal(1);
    // Written in place, every paragraph took its neighbour's text: 28,880 bytes.
    expect(bo.inbox.at(-1)!.byteLength, 'the move, as sent').to.be.below(200);
    bo.change((tr) => tr.insertText(' (Bo)', endOf(tr.doc, 0, 1000)));
    exchange(ada, bo);
    expect(ada.document.child(0).textContent).to.equal('Paragraph 1999, with some words in it');
    expect(ada.document.child(1001).textContent).to.equal('Paragraph 1000, with some words in it (Bo)');
    expect(ada.document.toJSON()).to.deep.equal(bo.document.toJSON());
    expect(ada.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it('a move is one undo step: undone, the blocks stand as before, with nothing left where it went; redone, it moves again', () => {
    const [ada, bo] = editorsOn([para('one'), para('two'), para('three')]);
    // The move its own step, apart from the content written just before.
    undoKey.getState(ada.state)!.manager.stopCapturing();
    move(ada, 0, 2);
    expect(texts(ada)).to.deep.equal(['two', 'three', 'one']);
    expect(ada.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['one', 'two', 'three']);
    expect(texts(bo)).to.deep.equal(['one', 'two', 'three']);
    expect(ada.redo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['two', 'three', 'one']);
    expect(bo.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it('a move undone after a colleague typed into the moved block: their letters go with the block put back, nothing is left where it went, and redo and undo still work', () => {
    const [ada, bo] = editorsOn([para('one'), para('two'), para('three'), para('four')]);
    undoKey.getState(ada.state)!.manager.stopCapturing();
    move(ada, 1, 3);
    exchange(ada, bo);
    // Bo types at the end of the moved block; Ada hears of it, then undoes her move.
    bo.change((tr) => tr.insertText('X', tr.doc.content.size - 1));
    exchange(ada, bo);
    expect(ada.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['one', 'twoX', 'three', 'four']);
    expect(texts(bo)).to.deep.equal(texts(ada));
    expect(bo.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
    // Redone, the block moves again with Bo's letter; undone again, it comes back.
    expect(ada.redo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['one', 'three', 'four', 'twoX']);
    expect(ada.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['one', 'twoX', 'three', 'four']);
    expect(texts(bo)).to.deep.equal(texts(ada));
    expect(bo.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it('list items reordered within their list: the others keep their elements and a colleague’s typing', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((text) => listItem.create(null, para(text)));
    const [ada, bo] = editorsOn([bulletList.create(null, items)]);
    ada.change((tr) => {
      const list = tr.doc.child(0);
      const first = list.child(0);
      tr.delete(1, 1 + first.nodeSize);
      tr.insert(endOf(tr.doc.child(0), 1, 2) + 1, first); // after "d"
    });
    bo.change((tr) => tr.insertText('!', endOf(tr.doc.child(0), 1, 2) - 1)); // the end of "c"
    exchange(ada, bo);
    const texts = (replica: Replica) => {
      const out: string[] = [];
      replica.document.child(0).forEach((item) => out.push(item.textContent));
      return out;
    };
    expect(texts(ada)).to.deep.equal(['b', 'c!', 'd', 'a', 'e']);
    expect(texts(bo)).to.deep.equal(texts(ada));
    expect(bo.afresh.toJSON()).to.deep.equal(bo.document.toJSON());
  });

  it("a block a colleague has just typed into is moved as a block: their next letters stay in it", () => {
    const [ada, bo] = editorsOn([para('one'), para('two'), para('three')]);
    bo.change((tr) => tr.insertText('!', endOf(tr.doc, 0, 2)));
    exchange(ada, bo);
    // Ada's editor shows "three!" as its own copy of the block (the change applied narrowly).
    bo.change((tr) => tr.insertText('?', endOf(tr.doc, 0, 2)));
    const sent = bo.inbox.length;
    move(ada, 2, 0);
    // Written in place, "one" and "two" took their neighbours' texts and Bo's "?" ended in "two".
    expect(bo.inbox.length - sent).to.equal(1);
    expect(bo.inbox.at(-1)!.byteLength, 'the move, as sent').to.be.below(120);
    exchange(ada, bo);
    expect(ada.document.toJSON()).to.deep.equal(bo.document.toJSON());
    expect(ada.document.content.content.map((block) => block.textContent)).to.deep.equal(['three!?', 'one', 'two']);
    expect(ada.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it("a list item a colleague has just typed into is moved within its list as an item: their next letters stay in it", () => {
    const items = ['a', 'b', 'c'].map((text) => listItem.create(null, para(text)));
    const [ada, bo] = editorsOn([para('intro'), bulletList.create(null, items)]);
    const endOfItem = (doc: PMNode, index: number) => endOf(doc.child(1), 8, index) - 1;
    bo.change((tr) => tr.insertText('!', endOfItem(tr.doc, 2)));
    exchange(ada, bo);
    bo.change((tr) => tr.insertText('?', endOfItem(tr.doc, 2)));
    ada.change((tr) => {
      const list = tr.doc.child(1);
      const last = list.child(2);
      const at = endOf(list, 8, 2) + 1 - last.nodeSize;
      tr.delete(at, at + last.nodeSize).insert(8, last);
    });
    exchange(ada, bo);
    const itemTexts = (replica: Replica) => replica.document.child(1).content.content.map((item) => item.textContent);
    expect(itemTexts(ada)).to.deep.equal(['c!?', 'a', 'b']);
    expect(ada.document.toJSON()).to.deep.equal(bo.document.toJSON());
    expect(ada.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it("a word dragged within its paragraph is written as a move: a colleague's letter typed into the words it passed stays there", () => {
    const [ada, bo] = editorsOn([para('alpha beta gamma delta')]);
    // Ada drags "beta " after "gamma "; Bo, not yet knowing, types into "gamma".
    ada.change((tr) => {
      const word = tr.doc.slice(7, 12);
      tr.delete(7, 12).replace(13, 13, word);
    });
    bo.change((tr) => tr.insertText('X', 15));
    exchange(ada, bo);
    // Written as one stretch replaced, "beta gamm" was deleted and "gamma bet" written: the X stayed before the copy.
    expect(ada.document.textContent).to.equal('alpha gamXma beta delta');
    expect(bo.document.toJSON()).to.deep.equal(ada.document.toJSON());
    expect(ada.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it('a block that stands twice after a change (the same node inserted again) is written as two', () => {
    const [ada, bo] = editorsOn([para('one'), para('two'), para('three')]);
    ada.change((tr) => tr.insert(tr.doc.content.size, tr.doc.child(0)).insert(0, tr.doc.child(2)));
    exchange(ada, bo);
    const texts: string[] = [];
    bo.document.forEach((block) => texts.push(block.textContent));
    expect(texts).to.deep.equal(['three', 'one', 'two', 'three', 'one']);
    expect(bo.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });

  it('any reordering of blocks, some standing twice, is written so that every editor has it (300 random cases)', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const pool = ['a', 'b', 'c', 'd', 'e', 'f'].map(para);
    const pick = () => Array.from({ length: 2 + next(8) }, () => pool[next(pool.length)]!);
    for (let round = 0; round < 300; round++) {
      const [ada, bo] = editorsOn(pick());
      const after = pick();
      ada.change((tr) => tr.replaceWith(0, tr.doc.content.size, after));
      exchange(ada, bo);
      const texts = (doc: PMNode) => {
        const out: string[] = [];
        doc.forEach((block) => out.push(block.textContent));
        return out.join('');
      };
      expect(texts(bo.document), `round ${round}`).to.equal(after.map((node) => node.textContent).join(''));
      expect(bo.afresh.toJSON(), `round ${round}`).to.deep.equal(ada.document.toJSON());
    }
  });

  /** Random sessions of two editors that move blocks (and type, split, join, make lists and undo) while updates cross. */
  function sessions(seeds: number[]): void {
    for (const seed of seeds) {
      let state = seed;
      const next = (n: number) => {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        return state % n;
      };
      const [ada, bo] = editorsOn(['one', 'two', 'three', 'four'].map(para));
      for (let step = 0; step < 60; step++) {
        const replica = next(2) ? ada : bo;
        const { doc } = replica.state;
        const roll = next(11);
        try {
          if (roll < 4 && doc.childCount > 1) {
            const from = next(doc.childCount);
            replica.change((tr) => {
              const node = tr.doc.child(from);
              const at = endOf(tr.doc, 0, from) + 1 - node.nodeSize;
              tr.delete(at, at + node.nodeSize);
              const to = next(tr.doc.childCount + 1);
              tr.insert(to === 0 ? 0 : endOf(tr.doc, 0, to - 1) + 1, node);
            });
          } else if (roll < 6) replica.change((tr) => tr.insertText('x', endOf(doc, 0, next(doc.childCount))));
          else if (roll < 7) replica.change((tr) => tr.split(endOf(doc, 0, next(doc.childCount))));
          else if (roll < 8 && doc.childCount > 1) replica.change((tr) => tr.join(endOf(doc, 0, next(doc.childCount - 1)) + 1));
          else if (roll < 9) replica.undo();
          else if (roll < 10 && next(2)) {
            const $at = doc.resolve(endOf(doc, 0, next(doc.childCount)));
            const range = $at.blockRange(doc.resolve(Math.min(doc.content.size, $at.pos + next(12))));
            const wrapping = range && findWrapping(range, bulletList);
            if (wrapping) replica.change((tr) => tr.wrap(range!, wrapping));
          }
          else replica.receive(next(replica.inbox.length + 1));
        } catch (error) {
          // An edit the document does not allow here is skipped; a write that never ends is not.
          if (/call stack/.test((error as Error).message)) throw new Error(`seed ${seed}: ${(error as Error).message}`);
        }
      }
      exchange(ada, bo);
      expect(ada.document.toJSON(), `seed ${seed}`).to.deep.equal(bo.document.toJSON());
      expect(ada.afresh.toJSON(), `seed ${seed}`).to.deep.equal(ada.document.toJSON());
    }
  }

  it('200 random sessions of moves, typing, splits, joins, lists and undo while updates cross converge', () => {
    sessions(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});
