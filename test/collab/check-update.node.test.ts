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

  it('accepts a whole document in which an attribute was changed (a to-do ticked, a code block given a language)', () => {
    const doc = sharedDoc('<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>ship</p></li></ul><pre><code>let a</code></pre>');
    const fragment = doc.getXmlFragment(FRAGMENT);
    const item = (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlElement;
    expect(item.nodeName).to.equal('task_item');
    doc.transact(() => item.setAttribute('checked', true as never));
    doc.transact(() => (fragment.get(1) as Y.XmlElement).setAttribute('language', 'typescript'));
    doc.transact(() => (fragment.get(1) as Y.XmlElement).setAttribute('language', 'rust'));
    expect(checkUpdate(Y.encodeStateAsUpdate(doc), new Y.Doc(), schema)).to.equal(null);
  });

  it('accepts typing into an existing paragraph', () => {
    const doc = sharedDoc('<p>hello</p>');
    const update = updateOf(doc, (fragment) => ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(5, ' world'));
    expect(checkUpdate(update, doc, schema)).to.equal(null);
  });

  it('accepts typing into a paragraph a colleague deleted meanwhile, whose text the document has collected', () => {
    const doc = sharedDoc('<p>one</p><p>hello</p>');
    const typing = updateOf(doc, (fragment) => ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(5, '!'));
    const first = updateOf(doc, (fragment) => ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'O'));
    doc.getXmlFragment(FRAGMENT).delete(1, 1);
    expect(doc.gc, 'a document collects deleted content').to.equal(true);
    expect(checkUpdate(typing, doc, schema), 'typing beside collected text').to.equal(null);
    expect(checkUpdate(first, doc, schema), 'typing at the start of collected text').to.equal(null);
    Y.applyUpdate(doc, typing);
    Y.applyUpdate(doc, first);
    expect(doc.getXmlFragment(FRAGMENT).toString()).to.equal('<paragraph>one</paragraph>');
  });

  it('accepts an attribute and a text given to an element a colleague deleted meanwhile', () => {
    const doc = sharedDoc('<p>one</p><h2>hello</h2><p></p>');
    const level = updateOf(doc, (fragment) => (fragment.get(1) as Y.XmlElement).setAttribute('level', 3 as never));
    const text = updateOf(doc, (fragment) => (fragment.get(2) as Y.XmlElement).insert(0, [new Y.XmlText('hi')]));
    doc.getXmlFragment(FRAGMENT).delete(1, 2);
    expect(checkUpdate(level, doc, schema)).to.equal(null);
    expect(checkUpdate(text, doc, schema)).to.equal(null);
    Y.applyUpdate(doc, level);
    Y.applyUpdate(doc, text);
    expect(doc.getXmlFragment(FRAGMENT).toString()).to.equal('<paragraph>one</paragraph>');
  });

  it('still refuses what an update would put beside collected content when this document has it as content', () => {
    const doc = sharedDoc('<p>one</p><p>hello</p>');
    const marquee = updateOf(doc, (fragment) => fragment.insert(2, [new Y.XmlElement('marquee')]));
    // Deleted, but not collected: the element is the fragment's child, kept as a deleted item.
    doc.getXmlFragment(FRAGMENT).delete(1, 1);
    expect(checkUpdate(marquee, doc, schema)).to.match(/"marquee"/);
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
