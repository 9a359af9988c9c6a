import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { schema } from '../../src/core/index.js';
import { Replica } from './replicas.js';

const { paragraph, bullet_list: bulletList, list_item: listItem } = schema.nodes;
const para = (text: string) => paragraph.create(null, schema.text(text));

/** Ada and Bo on a document of `blocks`. */
function pair(blocks: PMNode[]): [Replica, Replica] {
  const group: Replica[] = [];
  const ada = new Replica(1, group).bind();
  const bo = new Replica(2, group);
  ada.change((tr) => tr.replaceWith(0, tr.doc.content.size, blocks));
  bo.receive().bind();
  return [ada, bo];
}

const exchange = (...replicas: Replica[]) => {
  for (let round = 0; round < 3; round++) for (const replica of replicas) replica.receive();
};

/** The position just inside the end of the `index`th child of `parent` (at `start`). */
function endOf(parent: PMNode, start: number, index: number): number {
  let pos = start;
  for (let i = 0; i < index; i++) pos += parent.child(i).nodeSize;
  return pos + parent.child(index).nodeSize - 1;
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
    const [ada, bo] = pair(Array.from({ length: 2000 }, (_, i) => para(`Paragraph ${i}, with some words in it`)));
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

  it('list items reordered within their list: the others keep their elements and a colleague’s typing', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((text) => listItem.create(null, para(text)));
    const [ada, bo] = pair([bulletList.create(null, items)]);
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

  it('a block that stands twice after a change (the same node inserted again) is written as two', () => {
    const [ada, bo] = pair([para('one'), para('two'), para('three')]);
    ada.change((tr) => tr.insert(tr.doc.content.size, tr.doc.child(0)).insert(0, tr.doc.child(2)));
    exchange(ada, bo);
    const texts: string[] = [];
    bo.document.forEach((block) => texts.push(block.textContent));
    expect(texts).to.deep.equal(['three', 'one', 'two', 'three', 'one']);
    expect(bo.afresh.toJSON()).to.deep.equal(ada.document.toJSON());
  });
});
