import { expect } from 'chai';
import { TextSelection } from 'prosemirror-state';
import * as Y from 'yjs';
import { CloseCode } from '../../src/collab/protocol.js';
import { RecentChanges } from '../../src/collab/recent-changes.js';
import { schema } from '../../src/core/index.js';
import { installFakeClock } from '../helpers/fake-clock.js';
import { editor, providers, startHub, until, untilText } from './hub-helpers.js';
import { BoundEditor } from './replicas.js';

const { paragraph, heading } = schema.nodes;

/** Each block as its type and text ("h:two" for a heading). */
const blocks = (bound: BoundEditor): string[] => {
  const out: string[] = [];
  bound.document.forEach((node) => out.push(`${node.type === heading ? 'h' : 'p'}:${node.textContent}`));
  return out;
};

/** Resolves once `bound` shows `expected`. */
function untilBlocks(bound: BoundEditor, expected: string[]): Promise<void> {
  const matches = () => JSON.stringify(blocks(bound)) === JSON.stringify(expected);
  if (matches()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${expected.join(' ')}; last saw ${blocks(bound).join(' ')}`)), 10_000);
    const check = () => {
      if (!matches()) return;
      clearTimeout(timer);
      bound.doc.off('afterAllTransactions', check);
      resolve();
    };
    bound.doc.on('afterAllTransactions', check);
  });
}

describe('an editor back from a dropped connection', () => {
  afterEach(() => {
    for (const provider of providers.splice(0)) provider.destroy();
  });

  it("gets the changes it missed one by one: letters typed offline into a paragraph a colleague made a heading and typed on in are kept", async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      const ann = editor(server.url, 'ann');
      const bob = editor(server.url, 'bob');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      const annEditor = new BoundEditor(ann.doc).bind();
      annEditor.change((tr) => tr.replaceWith(0, tr.doc.content.size, [paragraph.create(null, schema.text('One')), paragraph.create(null, schema.text('Hello world'))]));
      await untilText(bob, 'Hello world');
      const bobEditor = new BoundEditor(bob.doc).bind();
      // Ann's connection drops (her reconnection waits for the clock); she types after "Hello".
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      annEditor.change((tr) => tr.insertText('X', 'One'.length + 3 + 'Hello'.length));
      // Meanwhile Bob makes the paragraph a heading, then types at its end: two changes, stored.
      bobEditor.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
      bobEditor.change((tr) => tr.setSelection(TextSelection.atEnd(tr.doc)).insertText('Y'));
      await until(bob, (s) => s.unsent === 0, "bob's changes stored");
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      const expected = ['p:One', 'h:HelloX worldY'];
      await untilBlocks(annEditor, expected);
      await untilBlocks(bobEditor, expected);
    } finally {
      clock.uninstall();
      await server.close();
    }
  });
});

describe('the changes a shared document keeps for editors back from a dropped connection', () => {
  /** A document that took `count` changes from client 7, each typing a digit, and those changes. */
  function typed(count: number): { doc: Y.Doc; recent: RecentChanges; updates: Uint8Array[] } {
    const doc = new Y.Doc();
    doc.getText('t');
    const recent = new RecentChanges(doc);
    const source = new Y.Doc();
    source.clientID = 7;
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => {
      updates.push(update);
      Y.applyUpdate(doc, update);
    });
    for (let i = 0; i < count; i++) source.getText('t').insert(i, String(i % 10));
    return { doc, recent, updates };
  }

  /** An editor's document holding `updates`. */
  function holding(updates: Uint8Array[]): Y.Doc {
    const doc = new Y.Doc();
    for (const update of updates) Y.applyUpdate(doc, update);
    return doc;
  }

  it('answers an editor with the changes it lacks, each apart and in order, then every deletion', () => {
    const { doc, recent, updates } = typed(5);
    const editor = holding(updates.slice(0, 2));
    const pieces = recent.since(Y.decodeStateVector(Y.encodeStateVector(editor)))!;
    expect(pieces).to.have.length(4);
    const seen: string[] = [];
    editor.on('afterTransaction', () => seen.push(editor.getText('t').toString()));
    for (const piece of pieces) Y.applyUpdate(editor, piece);
    expect(seen).to.deep.equal(['012', '0123', '01234', '01234']);
    expect(editor.getText('t').toString()).to.equal(doc.getText('t').toString());
  });

  it('gives every deletion, which no state vector tells, and no change apart, to an editor that has every letter', () => {
    const { doc, recent, updates } = typed(3);
    const editor = holding(updates);
    doc.getText('t').delete(0, 1);
    const pieces = recent.since(Y.decodeStateVector(Y.encodeStateVector(editor)))!;
    expect(pieces).to.have.length(1);
    Y.applyUpdate(editor, pieces[0]!);
    expect(editor.getText('t').toString()).to.equal('12');
  });

  it('answers null (the merged answer, then) once what the editor lacks is no longer kept', () => {
    const { recent } = typed(1_005);
    expect(recent.since(new Map([[7, 1_000]])), 'the last five: kept').to.have.length(6);
    expect(recent.since(new Map([[7, 3]])), 'the first ones: forgotten').to.equal(null);
  });

  it('answers null for an editor that would need more than 500 changes apart', () => {
    const { recent } = typed(600);
    expect(recent.since(new Map([[7, 100]]))).to.equal(null);
    expect(recent.since(new Map([[7, 101]]))).to.have.length(500);
  });
});
