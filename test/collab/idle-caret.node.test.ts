import { expect } from 'chai';
import { TextSelection, type Transaction } from 'prosemirror-state';
import { findWrapping } from 'prosemirror-transform';
import { undoKey } from '../../src/collab/binding/undo.js';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, expectAlike, typeOn, type Replica } from './replicas.js';

const { paragraph, heading, bullet_list: bulletList } = schema.nodes;
const para = (text: string) => paragraph.create(null, schema.text(text));

/** Each text block's type and text. */
function texts(replica: Replica): string[] {
  const out: string[] = [];
  replica.document.descendants((node) => {
    if (node.isTextblock) out.push(`${node.type.name}:${node.textContent}`);
    return !node.isTextblock;
  });
  return out;
}

/** The text of the block at `pos` with a bar where `pos` is. */
function around(replica: Replica, pos: number): string {
  const $pos = replica.document.resolve(pos);
  const block = $pos.parent;
  return `${block.textBetween(0, $pos.parentOffset)}|${block.textBetween($pos.parentOffset, block.content.size)}`;
}

/** The text around the replica's caret. */
const caret = (replica: Replica): string => around(replica, replica.state.selection.head);

/** Puts the replica's selection from `anchor` to `head` (a caret without `head`), as a click does: nothing typed. */
const select = (replica: Replica, anchor: number, head = anchor): Replica =>
  replica.change((tr) => tr.setSelection(TextSelection.create(tr.doc, anchor, head)));

/**
 * Types `marks` at the start of the first paragraph, a keystroke each, each heard by the others,
 * then the space that makes `rule` rewrite the block: the marks out and the block rewritten in
 * one change, as an input rule does.
 */
function shortcut(ada: Replica, bo: Replica, marks: string, rule: (tr: Transaction) => void): void {
  for (const [i, mark] of [...marks].entries()) {
    ada.change((tr) => tr.insertText(mark, 1 + i));
    exchange(ada, bo);
  }
  ada.change((tr) => rule(tr.delete(1, 1 + marks.length)));
  exchange(ada, bo);
}

// "abcdefghij" is the first paragraph: its text starts at 1, so "abcdef" ends at 7.
describe("an idle editor's caret in text a colleague moves", () => {
  it('Enter pressed before it: the caret stays between the same two letters, and the next letter goes there on every screen', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    select(bo, 7);
    ada.change((tr) => tr.split(4));
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['paragraph:abc', 'paragraph:defghij']);
    // Before: "abc|", the letter typed next ending the first paragraph.
    expect(caret(bo)).to.equal('def|ghij');
    typeOn(bo, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:abc', 'paragraph:defXghij']);
    expectAlike(ada, bo);
  });

  it('Enter pressed after it: the caret stays where it was', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    select(bo, 3);
    ada.change((tr) => tr.split(4));
    exchange(ada, bo);
    expect(caret(bo)).to.equal('ab|c');
  });

  it('Enter pressed before a letter of its own the colleague had not seen: the caret stays after the same letters', () => {
    const [ada, bo] = editorsOn([para('hello world')]);
    ada.change((tr) => tr.split(7));
    // Bo types "X" into "world", then clicks after "worXl", before hearing of the Enter.
    bo.change((tr) => tr.insertText('X', 10));
    select(bo, 12);
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['paragraph:hello ', 'paragraph:worXld']);
    expect(caret(bo)).to.equal('worXl|d');
  });

  it('a selection in the text after the Enter follows it, anchor and head', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    // From after "abcdefg" back to after "abcd".
    select(bo, 8, 5);
    ada.change((tr) => tr.split(4));
    exchange(ada, bo);
    const { anchor, head } = bo.state.selection;
    expect([around(bo, anchor), around(bo, head)]).to.deep.equal(['defg|hij', 'd|efghij']);
    expect(bo.document.textBetween(head, anchor)).to.equal('efg');
  });

  it('"## " typed at the start of its paragraph: the caret stays on the same letter of the heading', () => {
    const [ada, bo] = editorsOn([para('abcdefghij'), para('next')]);
    select(bo, 7);
    shortcut(ada, bo, '##', (tr) => tr.setBlockType(1, 1, heading, { level: 2 }));
    expect(texts(bo)).to.deep.equal(['heading:abcdefghij', 'paragraph:next']);
    // Before: "abcdefghij|", or in the next block.
    expect(caret(bo)).to.equal('abcdef|ghij');
    typeOn(bo, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['heading:abcdefXghij', 'paragraph:next']);
    expectAlike(ada, bo);
  });

  it('"- " typed at the start of its paragraph: the caret stays on the same letter of the list item', () => {
    const [ada, bo] = editorsOn([para('abcdefghij'), para('next')]);
    select(bo, 7);
    shortcut(ada, bo, '-', (tr) => {
      const range = tr.doc.resolve(1).blockRange()!;
      tr.wrap(range, findWrapping(range, bulletList)!);
    });
    expect(bo.document.child(0).type).to.equal(bulletList);
    expect(caret(bo)).to.equal('abcdef|ghij');
    typeOn(bo, 'X');
    exchange(ada, bo);
    expect(texts(ada)).to.deep.equal(['paragraph:abcdefXghij', 'paragraph:next']);
    expectAlike(ada, bo);
  });

  it('a selection in a paragraph turned into a heading follows it, anchor and head', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    select(bo, 5, 8);
    ada.change((tr) => tr.setBlockType(1, 1, heading, { level: 1 }));
    exchange(ada, bo);
    const { anchor, head } = bo.state.selection;
    expect([around(bo, anchor), around(bo, head)]).to.deep.equal(['abcd|efghij', 'abcdefg|hij']);
  });

  it('at the start of its paragraph when "## " is typed there, it stays at the start of the heading', () => {
    const [ada, bo] = editorsOn([para('abcdefghij'), para('next')]);
    select(bo, 1);
    shortcut(ada, bo, '##', (tr) => tr.setBlockType(1, 1, heading, { level: 2 }));
    expect(caret(bo)).to.equal('|abcdefghij');
    expect(bo.state.selection.head).to.equal(1);
  });

  it('its paragraph joined to the one before: the caret stays between the same two letters', () => {
    const [ada, bo] = editorsOn([para('abc'), para('defghij')]);
    // After "def".
    select(bo, 9);
    ada.change((tr) => tr.join(5));
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['paragraph:abcdefghij']);
    expect(caret(bo)).to.equal('abcdef|ghij');
  });

  it('a word dragged elsewhere takes the caret in it along', () => {
    const [ada, bo] = editorsOn([para('alpha beta gamma'), para('end')]);
    // In "beta", after "be".
    select(bo, 9);
    ada.change((tr) => {
      const word = tr.doc.slice(7, 12);
      tr.delete(7, 12);
      tr.replace(tr.doc.content.size - 4, tr.doc.content.size - 4, word);
    });
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['paragraph:alpha gamma', 'paragraph:beta end']);
    expect(caret(bo)).to.equal('be|ta end');
  });

  it('an Enter undone by the colleague brings the caret back with the text', () => {
    const [ada, bo] = editorsOn([para('abcdefghij')]);
    undoKey.getState(ada.state)!.manager.stopCapturing();
    select(bo, 7);
    ada.change((tr) => tr.split(4));
    exchange(ada, bo);
    expect(ada.undo()).to.equal(true);
    exchange(ada, bo);
    expect(texts(bo)).to.deep.equal(['paragraph:abcdefghij']);
    expect(caret(bo)).to.equal('abcdef|ghij');
  });
});
