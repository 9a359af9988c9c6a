import { expect } from 'chai';
import * as Y from 'yjs';
import { CollabHub, type CollabUser } from '../../src/collab/hub.js';
import { MemoryStore } from '../../src/collab/memory-store.js';
import { documentToUpdate, replacementUpdate, sharedDocument } from '../../src/collab/server.js';
import { parseHTML, schema } from '../../src/core/index.js';

/** A Yjs document holding `html`, as the server seeds one. */
function docOf(html: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, documentToUpdate(parseHTML(html)));
  return doc;
}

const xml = (doc: Y.Doc) => doc.getXmlFragment('default').toString();

describe('changes the server makes itself', () => {
  it('a replacement holds the new content and keeps the unchanged paragraphs as they were', () => {
    const doc = docOf('<p>Kept</p><p>Old</p>');
    const kept = (doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const update = replacementUpdate(doc, parseHTML('<p>Kept</p><p>New</p>'));
    expect(xml(doc)).to.equal('<paragraph>Kept</paragraph><paragraph>Old</paragraph>');
    Y.applyUpdate(doc, update);
    expect(sharedDocument(doc, schema).toJSON()).to.deep.equal(parseHTML('<p>Kept</p><p>New</p>').toJSON());
    // The same Yjs text: an editor's caret in it stays where it was.
    expect((doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0)).to.equal(kept);
  });

  it('a replacement merges with a change made meanwhile', () => {
    const doc = docOf('<p>One</p>');
    const update = replacementUpdate(doc, parseHTML('<p>One</p><p>Two</p>'));
    const typed = new Y.Doc();
    Y.applyUpdate(typed, Y.encodeStateAsUpdate(doc));
    ((typed.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Typed ');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(typed));
    Y.applyUpdate(doc, update);
    expect(xml(doc)).to.equal('<paragraph>Typed One</paragraph><paragraph>Two</paragraph>');
  });

  it('edit refuses a make that returns a promise with a RangeError, storing nothing', async () => {
    const store = new MemoryStore();
    const hub = new CollabHub({ schema, store, log: () => {} });
    try {
      const asynchronous = (async () => documentToUpdate(parseHTML('<p>Late</p>'))) as unknown as (doc: Y.Doc) => Uint8Array;
      let refused: unknown = null;
      await hub.edit('page:late', asynchronous).catch((error: unknown) => (refused = error));
      expect(refused).to.be.instanceOf(RangeError);
      expect((refused as Error).message).to.contain('synchronously');
      expect((await store.load('page:late')).updates).to.have.length(0);
    } finally {
      await hub.close();
    }
  });

  it('edit stores the change, tells onStored with no user, and the document leaves memory when idle', async () => {
    const store = new MemoryStore();
    const stored: Array<readonly CollabUser[]> = [];
    const unloaded: string[] = [];
    let idle: () => void = () => {};
    const gone = new Promise<void>((resolve) => (idle = resolve));
    const hub = new CollabHub({
      schema,
      store,
      idleMs: 0,
      log: () => {},
      onStored: (_name, _doc, by) => stored.push(by),
      onUnload: (name, doc) => {
        unloaded.push(`${name} ${xml(doc)}`);
        idle();
      },
    });
    await store.append('page:1', [documentToUpdate(parseHTML('<p>Before</p>'))]);
    await hub.edit('page:1', (doc) => replacementUpdate(doc, parseHTML('<p>After</p>')));
    const logged = new Y.Doc();
    for (const update of (await store.load('page:1')).updates) Y.applyUpdate(logged, update);
    expect(xml(logged)).to.equal('<paragraph>After</paragraph>');
    expect(stored).to.deep.equal([[]]);
    await gone;
    expect(unloaded).to.deep.equal(['page:1 <paragraph>After</paragraph>']);
    expect(hub.has('page:1')).to.equal(false);
    await hub.close();
  });

  it('changes stored elsewhere are applied only to a document held here', async () => {
    const store = new MemoryStore();
    const hub = new CollabHub({ schema, store, idleMs: 60_000, log: () => {} });
    const elsewhere = docOf('<p>Elsewhere</p>');
    await hub.applyStored('page:2', [Y.encodeStateAsUpdate(elsewhere)]);
    expect(hub.has('page:2')).to.equal(false);
    await hub.edit('page:2', () => null);
    await hub.applyStored('page:2', [Y.encodeStateAsUpdate(elsewhere)]);
    let seen = '';
    await hub.edit('page:2', (doc) => ((seen = xml(doc)), null));
    expect(seen).to.equal('<paragraph>Elsewhere</paragraph>');
    await hub.close();
  });
});
