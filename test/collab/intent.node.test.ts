import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import { findWrapping, liftTarget } from 'prosemirror-transform';
import * as Y from 'yjs';
import { apart, type Change } from '../../src/collab/changes-apart.js';
import { schema } from '../../src/core/index.js';
import { editorsOn, exchange, type Replica } from './replicas.js';

const { paragraph, heading, blockquote, code_block: codeBlock, bullet_list: bulletList } = schema.nodes;
const { bold, italic } = schema.marks;

/** Each block starts with its label and a bar ("A|"), which nobody types into or deletes. */
const LABELS = 'ABCDEF';

interface TextBlock {
  node: PMNode;
  pos: number;
  label: string;
}

function textBlocks(doc: PMNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    blocks.push({ node, pos, label: node.textContent[0] ?? '' });
    return false;
  });
  return blocks;
}

/**
 * How updates travel: one by one as made ('live'), or, now and then for one editor, none to or
 * from it for a few steps and then all at once, as for an editor back from a dropped connection
 * (changes-apart.ts).
 */
type Delivery = 'live' | 'reconnecting';

/**
 * An editor back from a dropped connection: it gets everything it missed, then sends what it made
 * meanwhile, each as changes-apart.ts groups them (each change that deleted something apart, the
 * typing between as one).
 */
function comeBack(editor: Replica): null {
  const grouped = (updates: Uint8Array[], vector: Uint8Array) => apart(updates.map(changeOfUpdate), vector).map((piece) => piece.update);
  editor.inbox.push(...grouped(editor.inbox.splice(0), Y.encodeStateVector(editor.doc)));
  editor.receive();
  const made = editor.outbox ?? [];
  editor.outbox = null;
  editor.send(grouped(made, Y.encodeStateVector(new Y.Doc())));
  return null;
}

/** A change as `apart` takes it, read from its update alone. */
const changeOfUpdate = (update: Uint8Array): Change => ({ updates: [update], deletes: Y.decodeUpdate(update).ds.clients.size > 0, count: 1, ends: new Map() });

/**
 * One session: three editors on six labelled paragraphs type letters (each one of its kind),
 * delete letters they typed, bold and italicise, make blocks headings, code blocks, quotes and
 * lists and back, and move them, while a few of the updates in flight are delivered after each
 * step. What is checked once all have everything: every letter typed and not deleted is in the
 * block it was typed into, once; every letter deleted is gone. Returns null then, 'duplicated'
 * when a block stands twice (two editors rewrote it at once and each had typed into its copy
 * before hearing of the other's, so the copies could not be folded: a known limit, not checked
 * further), or what went wrong.
 */
function session(seed: number, delivery: Delivery = 'live'): string | null {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    // The high bits: the low ones of this generator repeat after a few steps.
    return Math.floor((state / 0x80000000) * n);
  };
  const editors = editorsOn([...LABELS].map((label) => paragraph.create(null, schema.text(`${label}|`))), 3);
  const typedInto = new Map<string, string>();
  const typedBy = new Map<string, Replica>();
  const deleted = new Set<string>();
  /** An editor offline until a step ('reconnecting' only). */
  let away: { editor: Replica; until: number } | null = null;
  for (let step = 0; step < 20; step++) {
    const editor = editors[next(3)]!;
    const blocks = textBlocks(editor.document);
    const { node, pos, label } = blocks[next(blocks.length)]!;
    const roll = next(10);
    if (roll < 2) {
      const letter = String.fromCharCode(0x4e00 + typedInto.size);
      editor.change((tr) => tr.setSelection(TextSelection.create(tr.doc, pos + 3 + next(node.content.size - 1))).insertText(letter));
      typedInto.set(letter, label);
      typedBy.set(letter, editor);
    } else if (roll < 4) {
      const own = [...node.textContent].flatMap((letter, i) => (typedBy.get(letter) === editor ? [i] : []));
      if (own.length) {
        const at = own[next(own.length)]!;
        deleted.add(node.textContent[at]!);
        editor.change((tr) => tr.delete(pos + 1 + at, pos + 2 + at));
      }
    } else if (roll < 5 && node.content.size > 2) {
      const from = pos + 3 + next(node.content.size - 2);
      const mark = next(2) ? bold : italic;
      if (node.type.allowsMarkType(mark)) editor.change((tr) => tr.addMark(from, Math.min(pos + 1 + node.content.size, from + 1 + next(3)), mark.create()));
    } else if (roll < 6) {
      editor.change((tr) => (node.type === heading ? tr.setBlockType(pos + 1, pos + 1, paragraph) : tr.setBlockType(pos + 1, pos + 1, heading, { level: 2 })));
    } else if (roll < 7) {
      editor.change((tr) => tr.setBlockType(pos + 1, pos + 1, node.type === codeBlock ? paragraph : codeBlock));
    } else if (roll < 8) {
      const range = editor.document.resolve(pos + 1).blockRange();
      const lift = range && liftTarget(range);
      const wrapping = range && findWrapping(range, next(2) ? blockquote : bulletList);
      if (lift != null) editor.change((tr) => tr.lift(range!, lift));
      else if (wrapping) editor.change((tr) => tr.wrap(range!, wrapping));
    } else {
      const { doc } = editor.state;
      const from = next(doc.childCount);
      const to = next(doc.childCount);
      editor.change((tr) => {
        let at = 0;
        for (let i = 0; i < from; i++) at += doc.child(i).nodeSize;
        tr.delete(at, at + doc.child(from).nodeSize);
        let place = 0;
        for (let i = 0; i < Math.min(to, tr.doc.childCount); i++) place += tr.doc.child(i).nodeSize;
        tr.insert(place, doc.child(from));
      });
    }
    for (let count = next(8); count > 0; count--) {
      const receiver = editors[next(3)]!;
      if (receiver !== away?.editor && receiver.inbox.length) receiver.receive(1);
    }
    if (away && step >= away.until) away = comeBack(away.editor);
    else if (delivery === 'reconnecting' && !away && !next(4)) {
      away = { editor: editors[next(3)]!, until: step + 2 + next(4) };
      away.editor.outbox = [];
    }
  }
  if (away) comeBack(away.editor);
  exchange(...editors);
  const json = JSON.stringify(editors[0]!.document.toJSON());
  if (editors.some((editor) => JSON.stringify(editor.document.toJSON()) !== json || JSON.stringify(editor.afresh.toJSON()) !== json)) return 'the editors parted';
  const blocks = textBlocks(editors[0]!.document);
  if (blocks.map((block) => block.label).sort().join('') !== LABELS) return 'duplicated';
  for (const [letter, label] of typedInto) {
    const holders = blocks.filter((block) => block.node.textContent.includes(letter));
    const count = holders.reduce((sum, block) => sum + block.node.textContent.split(letter).length - 1, 0);
    if (deleted.has(letter)) {
      if (count) return `${letter}, deleted, is back in ${holders[0]!.label}`;
    } else if (!count) return `${letter}, typed into ${label}, is lost`;
    else if (count > 1) return `${letter}, typed into ${label}, is there ${count} times`;
    else if (holders[0]!.label !== label) return `${letter}, typed into ${label}, is in ${holders[0]!.label}`;
  }
  return null;
}

describe("editors' letters while colleagues move and rewrite their blocks", () => {
  it('end in the block they were typed into, and stay deleted once deleted (300 random sessions of three editors)', () => {
    const outcomes = Array.from({ length: 300 }, (_, i) => ({ seed: i + 1, problem: session(i + 1) }));
    expect(outcomes.filter((outcome) => outcome.problem !== null && outcome.problem !== 'duplicated')).to.deep.equal([]);
    // Sessions with a block standing twice are not checked; nearly all are (99 of 300 before copies written at once were folded).
    expect(outcomes.filter((outcome) => outcome.problem === null).length).to.be.at.least(270);
  });

  it('do so too when an editor is offline for a few steps, then gets and sends everything at once, as after a dropped connection (150 random sessions)', () => {
    const outcomes = Array.from({ length: 150 }, (_, i) => ({ seed: i + 1, problem: session(i + 1, 'reconnecting') }));
    expect(outcomes.filter((outcome) => outcome.problem !== null && outcome.problem !== 'duplicated')).to.deep.equal([]);
    expect(outcomes.filter((outcome) => outcome.problem === null).length).to.be.at.least(120);
  });
});
