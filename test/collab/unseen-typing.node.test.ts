import { expect } from 'chai';
import { TextSelection, type Transaction } from 'prosemirror-state';
import { findWrapping } from 'prosemirror-transform';
import * as Y from 'yjs';
import { DeletedLetters } from '../../src/collab/binding/deleted-letters.js';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, expectAlike, typeAt, typeOn, type Replica } from './replicas.js';

const { paragraph, heading, blockquote, bullet_list: bulletList } = schema.nodes;
const para = (text: string) => paragraph.create(null, text ? schema.text(text) : null);

const texts = (replica: Replica): string[] => {
  const out: string[] = [];
  replica.document.descendants((node) => {
    if (node.isTextblock) out.push(`${node.type.name}:${node.textContent}`);
    return !node.isTextblock;
  });
  return out;
};

// "hello world" is the second block: its text starts at 6; "hello" ends at 11.
const START = [para('one'), para('hello world'), para('three')];

/** Moves the second block (after "one") to the top, as a drop does. */
const secondToTop = (tr: Transaction): void => {
  const block = tr.doc.child(1);
  tr.delete(5, 5 + block.nodeSize).insert(0, block);
};

/** Ada makes the second block a heading before hearing of Bo's typing; once in step it reads `first`, and after Bo types `next` at his caret, `then`. */
function headingThenNext(ada: Replica, bo: Replica, first: string, next: string, then: string): void {
  ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
  exchange(ada, bo);
  expect(texts(bo)).to.deep.equal(['paragraph:one', `heading:${first}`, 'paragraph:three']);
  typeOn(bo, next);
  exchange(ada, bo);
  expect(texts(ada)).to.deep.equal(['paragraph:one', `heading:${then}`, 'paragraph:three']);
  expectAlike(ada, bo);
}

describe('letters typed into a block a colleague rewrites before seeing them', () => {
  it('a block turned into a heading keeps the letter typed into it, and the caret stays after it', () => {
    const [ada, bo] = editorsOn(START);
    typeAt(bo, 11, 'X');
    headingThenNext(ada, bo, 'helloX world', 'Y', 'helloXY world');
  });

  const rewrites: [string, (tr: Transaction) => void, string[]][] = [
    [
      'wrapped in a list',
      (tr) => {
        const range = tr.doc.resolve(6).blockRange()!;
        tr.wrap(range, findWrapping(range, bulletList)!);
      },
      ['paragraph:one', 'paragraph:helloX world', 'paragraph:three'],
    ],
    [
      'wrapped in a quote',
      (tr) => {
        const range = tr.doc.resolve(6).blockRange()!;
        tr.wrap(range, findWrapping(range, blockquote)!);
      },
      ['paragraph:one', 'paragraph:helloX world', 'paragraph:three'],
    ],
    ['moved to the top', secondToTop, ['paragraph:helloX world', 'paragraph:one', 'paragraph:three']],
    ['joined to the block before', (tr) => tr.join(5), ['paragraph:onehelloX world', 'paragraph:three']],
  ];
  for (const [rewrite, change, expected] of rewrites) {
    it(`a block ${rewrite} keeps the letter typed into it`, () => {
      const [ada, bo] = editorsOn(START);
      typeAt(bo, 11, 'X');
      ada.change(change);
      exchange(ada, bo);
      expect(texts(ada)).to.deep.equal(expected);
      expectAlike(ada, bo);
    });
  }

  it('an empty paragraph turned into a heading keeps the first letters typed into it', () => {
    const [ada, bo] = editorsOn([para('one'), para(''), para('three')]);
    typeAt(bo, 6, 'Ti');
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 1 }));
    exchange(ada, bo);
    typeOn(bo, 'tle');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'heading:Title', 'paragraph:three']);
    expectAlike(ada, bo);
  });

  it('letters come back with their marks, and letters the colleague had seen are not doubled', () => {
    const [ada, bo] = editorsOn(START);
    typeAt(bo, 7, 'Z');
    exchange(ada, bo);
    bo.change((tr) => tr.setSelection(TextSelection.create(tr.doc, 12)).addStoredMark(schema.marks.bold.create()).insertText('X'));
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    exchange(ada, bo);
    const block = ada.document.child(1);
    expect(block.textContent).to.equal('hZelloX world');
    expect(block.child(1).text).to.equal('X');
    expect(block.child(1).marks.map((mark) => mark.type.name)).to.deep.equal(['bold']);
    expect(block.child(2).marks).to.deep.equal([]);
    expectAlike(ada, bo);
  });

  it('letters chosen through an input method come back in place of the candidates the colleague copied', () => {
    const [ada, bo] = editorsOn([para('one'), para('second line'), para('three')]);
    // "second" ends at 12. Bo composes: the candidate reaches Ada, then the choice replaces it.
    typeAt(bo, 12, 'にほん');
    exchange(ada, bo);
    bo.change((tr) => tr.insertText('日本', 12, 15));
    headingThenNext(ada, bo, 'second日本 line', '!', 'second日本! line');
  });

  it('a word corrected unseen stays corrected when the colleague moves its block', () => {
    const [ada, bo] = editorsOn([para('one'), para('hello wrold'), para('three')]);
    bo.change((tr) => tr.setSelection(TextSelection.create(tr.doc, 13)).insertText('or', 13, 15));
    ada.change(secondToTop);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:hello world', 'paragraph:one', 'paragraph:three']);
    expectAlike(ada, bo);
  });

  it("a colleague's own letter in the same update is never taken for one this editor deleted", () => {
    const [ada, bo] = editorsOn([para('one'), para('hello'), para('three')]);
    bo.change((tr) => tr.delete(10, 11));
    exchange(ada, bo);
    typeAt(bo, 10, 'X');
    // Ada moves the block and types after it; Bo gets both as one update (as after a reconnect).
    ada.change(secondToTop);
    ada.change((tr) => tr.insertText('!', 5));
    bo.inbox.splice(0, bo.inbox.length, Y.mergeUpdates(bo.inbox));
    exchange(ada, bo);
    expect(texts(ada)[0]).to.equal('paragraph:hell!');
    expectAlike(ada, bo);
  });

  it('a letter deleted alone stays deleted when the colleague makes its block a heading, and the caret stays there', () => {
    const [ada, bo] = editorsOn([para('one'), para('hello  world'), para('three')]);
    // Bo takes out one of the two spaces after "hello" (11-12) in Ada's text; Ada has not heard of it.
    bo.change((tr) => tr.setSelection(TextSelection.create(tr.doc, 12)).delete(11, 12));
    headingThenNext(ada, bo, 'hello world', ',', 'hello, world');
  });

  it('a letter deleted alone stays deleted when the colleague moves a block this editor had typed into before', () => {
    const [ada, bo] = editorsOn(START);
    typeAt(bo, 11, '!');
    exchange(ada, bo);
    bo.change((tr) => tr.delete(6, 7));
    ada.change(secondToTop);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:ello! world', 'paragraph:one', 'paragraph:three']);
    expectAlike(ada, bo);
  });

  it('a deletion the colleague had heard of stays as they left it, a letter they typed again included', () => {
    const [ada, bo] = editorsOn(START);
    bo.change((tr) => tr.delete(10, 11));
    exchange(ada, bo);
    typeAt(ada, 10, 'o');
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'heading:hello world', 'paragraph:three']);
    expectAlike(ada, bo);
  });

  it('a block the colleague deletes stays deleted', () => {
    const [ada, bo] = editorsOn(START);
    typeAt(bo, 11, 'X');
    ada.change((tr) => tr.delete(5, 18));
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'paragraph:three']);
    expectAlike(ada, bo);
  });

  it('a paste of 2,000 headings over 2,000 paragraphs a colleague wrote puts nothing back and stays in step', () => {
    const [ada, bo] = editorsOn([para('')]);
    bo.change((tr) => tr.replaceWith(0, tr.doc.content.size, Array.from({ length: 2000 }, (_, i) => para(`Paragraph ${i}`))));
    exchange(ada, bo);
    typeAt(bo, 1, 'X');
    // Each of Bo's paragraphs is deleted and compared with each new heading, within a bound.
    ada.change((tr) => tr.replaceWith(0, tr.doc.content.size, Array.from({ length: 2000 }, (_, i) => heading.create({ level: 2 }, schema.text(`Heading ${i}`)))));
    exchange(ada, bo);
    expect(texts(ada).every((text, i) => text === `heading:Heading ${i}`)).to.equal(true);
    expectAlike(ada, bo);
  });

  it('two editors typing unseen into the block each put back their own letters', () => {
    const [ada, bo, cy] = editorsOn(START, 3);
    typeAt(bo, 8, 'X');
    typeAt(cy, 16, 'Y');
    bo.receive();
    cy.receive();
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    exchange(ada, bo, cy);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'heading:heXllo worlYd', 'paragraph:three']);
    expectAlike(ada, bo, cy);
  });

  it("a letter comes back even when the colleague's rewrite also holds a third editor's deleted letter", () => {
    const [ada, bo, cy] = editorsOn(START, 3);
    typeAt(cy, 11, '!');
    exchange(ada, bo, cy);
    // Cy takes the "!" out again; Bo hears of it, Ada does not.
    cy.change((tr) => tr.delete(11, 12));
    bo.receive();
    typeAt(bo, 17, 'X');
    // Ada makes the block a heading: her copy holds Cy's "!" and not Bo's "X".
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    exchange(ada, bo, cy);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'heading:hello worldX', 'paragraph:three']);
    expectAlike(ada, bo, cy);
  });

  it('undo takes a letter put back out again', () => {
    const [ada, bo] = editorsOn(START);
    typeAt(bo, 11, 'X');
    ada.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    exchange(ada, bo);
    expect(bo.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:one', 'heading:hello world', 'paragraph:three']);
    expectAlike(ada, bo);
  });
});

describe("the letters an editor remembers deleting", () => {
  it("are those of its own deletions and of others' it hears of, but not of one larger than it keeps", () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment('default');
    const deleted = new DeletedLetters();
    doc.on('afterTransaction', (transaction: Y.Transaction) => deleted.note(transaction));
    const text = new Y.XmlText('hello');
    doc.transact(() => fragment.insert(0, [new Y.XmlElement('paragraph')]));
    doc.transact(() => (fragment.get(0) as Y.XmlElement).insert(0, [text]));
    const first = text._start!.id;
    doc.transact(() => text.delete(1, 2));
    expect([deleted.letter(first.client, first.clock + 1), deleted.letter(first.client, first.clock + 2)]).to.deep.equal(['e', 'l']);
    expect(deleted.letter(first.client, first.clock), 'a letter still there').to.equal(undefined);
    // Someone else's deletion, heard of here.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    other.transact(() => ((other.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(0, 1));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)));
    expect(deleted.letter(first.client, first.clock)).to.equal('h');
    // Letters deleted with their text (a block rewritten or deleted) are not kept: no rewrite holds that text again.
    const gone = new Y.XmlText('bye');
    doc.transact(() => fragment.insert(1, [new Y.XmlElement('paragraph')]));
    doc.transact(() => (fragment.get(1) as Y.XmlElement).insert(0, [gone]));
    const bye = gone._start!.id;
    doc.transact(() => fragment.delete(1, 1));
    expect(deleted.letter(bye.client, bye.clock)).to.equal(undefined);
    // A deletion larger than it keeps (the text of a long paragraph selected and deleted).
    const long = new Y.XmlText('x'.repeat(20_000));
    doc.transact(() => fragment.insert(1, [new Y.XmlElement('paragraph')]));
    doc.transact(() => (fragment.get(1) as Y.XmlElement).insert(0, [long]));
    const start = long._start!.id;
    doc.transact(() => long.delete(0, long.length));
    expect(deleted.letter(start.client, start.clock + 19_999), 'not read').to.equal(undefined);
    expect(deleted.letter(first.client, first.clock + 1), 'what it remembered before, kept').to.equal('e');
  });
});
