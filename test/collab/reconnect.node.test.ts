import { expect } from 'chai';
import { TextSelection } from 'prosemirror-state';
import * as Y from 'yjs';
import { CloseCode } from '../../src/collab/protocol.js';
import { RecentChanges } from '../../src/collab/recent-changes.js';
import { WaitingChanges } from '../../src/collab/waiting-changes.js';
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

  /** Ann and Bob on "One" and "Hello world", each with an editor bound; Ann's connection then dropped, her reconnection waiting for `clock`. */
  async function annOffline(url: string, drop: () => void) {
    const ann = editor(url, 'ann');
    const bob = editor(url, 'bob');
    await until(ann, (s) => s.status === 'synced', 'ann synced');
    await until(bob, (s) => s.status === 'synced', 'bob synced');
    const annEditor = new BoundEditor(ann.doc).bind();
    annEditor.change((tr) => tr.replaceWith(0, tr.doc.content.size, [paragraph.create(null, schema.text('One')), paragraph.create(null, schema.text('Hello world'))]));
    await untilText(bob, 'Hello world');
    const bobEditor = new BoundEditor(bob.doc).bind();
    drop();
    await until(ann, (s) => s.status === 'offline', 'ann offline');
    return { ann, bob, annEditor, bobEditor };
  }

  /** The second paragraph made a heading, then typed on in at its end. */
  function headingTypedOn(bound: BoundEditor): void {
    bound.change((tr) => tr.setBlockType(6, 6, heading, { level: 2 }));
    bound.change((tr) => tr.setSelection(TextSelection.atEnd(tr.doc)).insertText('Y'));
  }

  /** A letter typed after "Hello". */
  const afterHello = (bound: BoundEditor) => bound.change((tr) => tr.insertText('X', 'One'.length + 3 + 'Hello'.length));

  it('gets the changes it missed one by one: letters typed offline into a paragraph a colleague made a heading and typed on in are kept', async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor, bobEditor } = await annOffline(server.url, () => server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop'));
      afterHello(annEditor);
      headingTypedOn(bobEditor);
      await until(bob, (s) => s.unsent === 0, "bob's changes stored");
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      await untilBlocks(annEditor, ['p:One', 'h:HelloX worldY']);
      await untilBlocks(bobEditor, ['p:One', 'h:HelloX worldY']);
    } finally {
      clock.uninstall();
      await server.close();
    }
  });

  it('sends what it made offline one change at a time: letters a colleague typed into a paragraph it made a heading offline and typed on in are kept', async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor, bobEditor } = await annOffline(server.url, () => server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop'));
      headingTypedOn(annEditor);
      expect(ann.current.unsent).to.equal(2);
      afterHello(bobEditor);
      await until(bob, (s) => s.unsent === 0, "bob's letter stored");
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      await untilBlocks(bobEditor, ['p:One', 'h:HelloX worldY']);
      await untilBlocks(annEditor, ['p:One', 'h:HelloX worldY']);
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

describe("an editor's own changes waiting for the server", () => {
  /** A document whose client 5 made `count` changes, each typing a digit, with them kept as waiting. */
  function made(count: number): { doc: Y.Doc; waiting: WaitingChanges } {
    const doc = new Y.Doc();
    doc.clientID = 5;
    const waiting = new WaitingChanges();
    doc.on('update', (update: Uint8Array) => waiting.add(update));
    for (let i = 0; i < count; i++) doc.getText('t').insert(i, String(i % 10));
    return { doc, waiting };
  }

  it('go up one by one, each less what the server has; those stored are dropped', () => {
    const { doc, waiting } = made(4);
    waiting.stored(1, 3);
    const server = new Y.Doc();
    const outgoing = waiting.outgoing(doc, Y.encodeStateVector(server), 3);
    expect(outgoing.map((change) => change.covers)).to.deep.equal([1, 1, 1]);
    // The first is stored: the server has "0"; each change it gets is one transaction.
    const first = new Y.Doc();
    first.clientID = 5;
    first.getText('t').insert(0, '0');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(first));
    const seen: string[] = [];
    server.on('afterTransaction', () => seen.push(server.getText('t').toString()));
    for (const { update } of waiting.outgoing(doc, Y.encodeStateVector(server), 3)) Y.applyUpdate(server, update);
    expect(seen).to.deep.equal(['01', '012', '0123']);
  });

  it('go up merged, as one covering all, past 500, until all are stored', () => {
    const { doc, waiting } = made(501);
    const empty = Y.encodeStateVector(new Y.Doc());
    expect(waiting.outgoing(doc, empty, 501).map((change) => change.covers)).to.deep.equal([501]);
    waiting.stored(501, 0);
    doc.getText('t').insert(0, 'x');
    doc.getText('t').insert(0, 'y');
    expect(waiting.outgoing(doc, empty, 2).map((change) => change.covers), 'apart again').to.deep.equal([1, 1]);
  });

  it('with none waiting, the answer to the server is what it lacks, covering nothing', () => {
    const { doc, waiting } = made(0);
    expect(waiting.outgoing(doc, Y.encodeStateVector(new Y.Doc()), 0).map((change) => change.covers)).to.deep.equal([0]);
  });
});
