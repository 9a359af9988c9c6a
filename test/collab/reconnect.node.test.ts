import { expect } from 'chai';
import { TextSelection } from 'prosemirror-state';
import * as Y from 'yjs';
import { CloseCode } from '../../src/collab/protocol.js';
import type { CollabProvider } from '../../src/collab/provider.js';
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

  type Hub = Awaited<ReturnType<typeof startHub>>;

  /**
   * Ann offline types after "Hello" while Bob makes the paragraph a heading and types on in it;
   * then `meanwhile` runs (Bob leaving, the server restarting: `unloaded` resolves when the
   * document leaves the hub's memory) and may answer the server Ann finds when she is back. Ann
   * then shows both letters, and so does Bob when nothing came between.
   */
  async function backAfter(meanwhile?: (server: Hub, bob: CollabProvider, unloaded: Promise<void>) => Promise<Hub | void>) {
    let unload: () => void = () => {};
    const unloaded = new Promise<void>((resolve) => (unload = resolve));
    let server = await startHub(undefined, { onUnload: () => unload() });
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor, bobEditor } = await annOffline(server.url, () => server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop'));
      afterHello(annEditor);
      headingTypedOn(bobEditor);
      await until(bob, (s) => s.unsent === 0, "bob's changes stored");
      server = (await meanwhile?.(server, bob, unloaded)) ?? server;
      // Synced once everything missed is in: what Ann's editor shows then.
      let shownWhenSynced: string[] | null = null;
      const stop = ann.subscribe((state) => {
        if (state.status === 'synced') shownWhenSynced ??= blocks(annEditor);
      });
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      stop();
      expect(shownWhenSynced).to.deep.equal(['p:One', 'h:HelloX worldY']);
      await untilBlocks(annEditor, ['p:One', 'h:HelloX worldY']);
      if (!meanwhile) await untilBlocks(bobEditor, ['p:One', 'h:HelloX worldY']);
    } finally {
      clock.uninstall();
      await server.close();
    }
  }

  it('gets the changes it missed one by one: letters typed offline into a paragraph a colleague made a heading and typed on in are kept', async () => {
    await backAfter();
  });

  it('gets them one by one after the document left memory (everyone else closed it)', async () => {
    await backAfter(async (server, bob, unloaded) => {
      bob.destroy();
      await unloaded;
      expect(await server.hub.loaded()).to.deep.equal([]);
    });
  });

  it('gets them one by one after a server restart', async () => {
    await backAfter(async (server) => {
      await server.close();
      return startHub(server.store, { port: server.port });
    });
  });

  it('back to a server that lost the document (a store kept in memory, restarted), sends all it has: nothing typed offline is lost', async () => {
    let server = await startHub();
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor } = await annOffline(server.url, () => server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop'));
      bob.destroy();
      afterHello(annEditor);
      headingTypedOn(annEditor);
      expect(ann.current.unsent).to.equal(3);
      const port = server.port;
      await server.close();
      server = await startHub(undefined, { port });
      clock.tick(1_000);
      const settled = await until(ann, (s) => (s.status === 'synced' && s.unsent === 0) || s.status === 'incompatible', 'everything stored, or refused');
      expect(settled, 'nothing refused').to.include({ status: 'synced', readOnly: false, reason: '' });
      const carl = editor(server.url, 'carl');
      await until(carl, (s) => s.status === 'synced', 'carl synced');
      const carlEditor = new BoundEditor(carl.doc).bind();
      expect(blocks(carlEditor)).to.deep.equal(['p:One', 'h:HelloX worldY']);
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

/**
 * Changes client 7 makes to the text "t" of a document: `steps` of "type x" (a letter typed at
 * the end) and "swap" (the last letter replaced: a deletion and an insertion), each its own transaction.
 */
function made(steps: ('type' | 'swap')[], onUpdate: (update: Uint8Array, transaction: Y.Transaction) => void): Y.Doc {
  const source = new Y.Doc();
  source.clientID = 7;
  source.on('update', (update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => onUpdate(update, transaction));
  const text = source.getText('t');
  steps.forEach((step, i) => {
    const letter = String.fromCharCode(97 + (i % 26));
    if (step === 'type') text.insert(text.length, letter);
    else
      source.transact(() => {
        if (text.length) text.delete(text.length - 1, 1);
        text.insert(text.length, letter.toUpperCase());
      });
  });
  return source;
}

/** Applies `updates` to `doc`, each as one transaction, and returns the text after each. */
function applied(doc: Y.Doc, updates: Uint8Array[]): string[] {
  const seen: string[] = [];
  const note = () => seen.push(doc.getText('t').toString());
  doc.on('afterTransaction', note);
  for (const update of updates) Y.applyUpdate(doc, update);
  doc.off('afterTransaction', note);
  return seen;
}

describe('the changes a shared document keeps for editors back from a dropped connection', () => {
  /** A document that took client 7's `steps`, keeping them, and the updates in order. */
  function took(steps: ('type' | 'swap')[]): { doc: Y.Doc; recent: RecentChanges; updates: Uint8Array[] } {
    const doc = new Y.Doc();
    doc.getText('t');
    const recent = new RecentChanges(doc);
    const updates: Uint8Array[] = [];
    made(steps, (update) => {
      updates.push(update);
      Y.applyUpdate(doc, update);
    });
    return { doc, recent, updates };
  }

  /** An editor's document holding `updates`. */
  function holding(updates: Uint8Array[]): Y.Doc {
    const doc = new Y.Doc();
    for (const update of updates) Y.applyUpdate(doc, update);
    return doc;
  }

  it('answers an editor with what it missed: each change that deleted something apart, the others between as one, in order, then every deletion', () => {
    const { doc, recent, updates } = took(['type', 'type', 'type', 'type', 'swap', 'type', 'type', 'swap']);
    const editor = holding(updates.slice(0, 2));
    const pieces = recent.since(Y.decodeStateVector(Y.encodeStateVector(editor)))!;
    expect(applied(editor, pieces)).to.deep.equal(['abcd', 'abcE', 'abcEfg', 'abcEfH', 'abcEfH']);
    expect(editor.getText('t').toString()).to.equal(doc.getText('t').toString());
  });

  it('gives every deletion, which no state vector tells, and no change apart, to an editor that has every letter', () => {
    const { doc, recent, updates } = took(['type', 'type', 'type']);
    const editor = holding(updates);
    doc.getText('t').delete(0, 1);
    const pieces = recent.since(Y.decodeStateVector(Y.encodeStateVector(editor)))!;
    expect(applied(editor, pieces)).to.deep.equal(['bc']);
  });

  it('answers null (the merged answer, then) once what the editor lacks is no longer kept', () => {
    const { recent } = took(Array<'swap'>(10_005).fill('swap'));
    expect(recent.since(new Map([[7, 10_000]])), 'the last five: kept').to.have.length(6);
    expect(recent.since(new Map([[7, 3]])), 'the first ones: forgotten').to.equal(null);
  });

  it('answers null for an editor that would be sent more than 500 updates', () => {
    const { recent } = took(Array<'swap'>(600).fill('swap'));
    // Each swap is one letter made (a deletion moves no clock): 499 of them and the deletions make 500.
    expect(recent.since(new Map([[7, 100]]))).to.equal(null);
    expect(recent.since(new Map([[7, 101]]))).to.have.length(500);
  });
});

describe("an editor's own changes waiting for the server", () => {
  /** Client 7's `steps`, kept as waiting. */
  function waited(steps: ('type' | 'swap')[]): { doc: Y.Doc; waiting: WaitingChanges } {
    const waiting = new WaitingChanges();
    const doc = made(steps, (update, transaction) => waiting.add(update, transaction));
    return { doc, waiting };
  }

  it('go up apart (each change that deleted something alone, the others between as one), each less what the server has; those stored are dropped', () => {
    const { doc, waiting } = waited(['type', 'type', 'type', 'swap', 'type', 'type']);
    waiting.stored(1, 5);
    const outgoing = waiting.outgoing(doc, Y.encodeStateVector(new Y.Doc()), 5);
    expect(outgoing.map((change) => change.covers)).to.deep.equal([2, 1, 2]);
    // The server has the first letter, stored.
    const server = new Y.Doc();
    Y.applyUpdate(server, Y.encodeStateAsUpdate(made(['type'], () => {})));
    const sent = waiting.outgoing(doc, Y.encodeStateVector(server), 5).map((change) => change.update);
    expect(applied(server, sent)).to.deep.equal(['abc', 'abD', 'abDef']);
  });

  it('go up merged, as one covering all, past 10,000 kept, until all are stored', () => {
    const { doc, waiting } = waited(Array<'swap'>(10_001).fill('swap'));
    const empty = Y.encodeStateVector(new Y.Doc());
    expect(waiting.outgoing(doc, empty, 10_001).map((change) => change.covers)).to.deep.equal([10_001]);
    waiting.stored(10_001, 0);
    const stored = Y.encodeStateVector(doc);
    doc.getText('t').insert(0, 'x');
    doc.transact(() => doc.getText('t').delete(0, 1));
    expect(waiting.outgoing(doc, stored, 2).map((change) => change.covers), 'apart again').to.deep.equal([1, 1]);
    expect(waiting.outgoing(doc, empty, 2).map((change) => change.covers), 'merged to a server without what they build on').to.deep.equal([2]);
  });

  it('with none waiting, the answer to the server is what it lacks, covering nothing', () => {
    const { doc, waiting } = waited([]);
    expect(waiting.outgoing(doc, Y.encodeStateVector(new Y.Doc()), 0).map((change) => change.covers)).to.deep.equal([0]);
  });
});
