import { expect } from 'chai';
import * as Y from 'yjs';
import { schema } from '../../src/core/index.js';
import { checkUpdate, FRAGMENT } from '../../src/collab/check-update.js';
import { documentToUpdate } from '../../src/collab/server.js';
import { parseHTML } from '../../src/core/index.js';

/** A shared document holding `html`, as the server makes one. */
function sharedDoc(html: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, documentToUpdate(parseHTML(html)));
  return doc;
}

/** The update a change made on a copy of `doc` sends. */
function updateOf(doc: Y.Doc, change: (fragment: Y.XmlFragment) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  copy.transact(() => change(copy.getXmlFragment(FRAGMENT)));
  return Y.encodeStateAsUpdate(copy, before);
}

describe('checkUpdate', () => {
  it('accepts a whole document the editor wrote', () => {
    const doc = sharedDoc('<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com">a link</a></p><ul><li><p>one</p></li></ul>');
    expect(checkUpdate(Y.encodeStateAsUpdate(doc), new Y.Doc(), schema)).to.equal(null);
  });

  it('accepts typing into an existing paragraph', () => {
    const doc = sharedDoc('<p>hello</p>');
    const update = updateOf(doc, (fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(5, ' world'));
    expect(checkUpdate(update, doc, schema)).to.equal(null);
  });

  it('refuses a node the schema does not know', () => {
    const doc = sharedDoc('<p>hello</p>');
    const update = updateOf(doc, (fragment) => fragment.insert(1, [new Y.XmlElement('marquee')]));
    expect(checkUpdate(update, doc, schema)).to.match(/"marquee"/);
  });

  it('refuses an unsafe link address set on existing text', () => {
    const doc = sharedDoc('<p>hello</p>');
    const update = updateOf(doc, (fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 5, { link: { href: 'javascript:alert(1)', target: null, rel: null, title: null } }));
    expect(checkUpdate(update, doc, schema)).to.match(/link/);
  });

  it('refuses an attribute the node does not declare, and a refused value', () => {
    const doc = sharedDoc('<h2>Title</h2>');
    expect(checkUpdate(updateOf(doc, (fragment) => (fragment.get(0) as Y.XmlElement).setAttribute('onclick', 'alert(1)')), doc, schema)).to.match(/onclick/);
    expect(checkUpdate(updateOf(doc, (fragment) => (fragment.get(0) as Y.XmlElement).setAttribute('level', 'x' as unknown as string)), doc, schema)).to.match(/level/);
  });

  it('accepts a changed attribute value the cleaner keeps', () => {
    const doc = sharedDoc('<h2>Title</h2>');
    expect(checkUpdate(updateOf(doc, (fragment) => (fragment.get(0) as Y.XmlElement).setAttribute('level', 3 as unknown as string)), doc, schema)).to.equal(null);
  });

  it('refuses another root and garbage', () => {
    const doc = sharedDoc('<p>x</p>');
    const other = new Y.Doc();
    other.getMap('evil').set('a', 1);
    expect(checkUpdate(Y.encodeStateAsUpdate(other), doc, schema)).to.match(/root "evil"/);
    expect(checkUpdate(new Uint8Array([1, 2, 3, 4, 5]), doc, schema)).to.be.a('string');
  });
});
