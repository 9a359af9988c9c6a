// The shared document's encoding (src/collab/binding): y-prosemirror 1.3's for everything it
// encodes, so documents it wrote read the same, plus the marks of nodes that are not text.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Node as PMNode } from 'prosemirror-model';
import * as Y from 'yjs';
import { MARKS_ATTRIBUTE, readFragment } from '../../src/collab/binding/encoding.js';
import { writeNode } from '../../src/collab/binding/update.js';
import { checkUpdate, FRAGMENT } from '../../src/collab/check-update.js';
import { documentToUpdate, replacementUpdate, sharedDocument } from '../../src/collab/server.js';
import { schema } from '../../src/core/index.js';

const mention = (marks: unknown[]) => ({ type: 'mention', attrs: { entity_identifier: 'u1', entity_name: 'Ada', label: 'Ada', target: 'users' }, marks });
const bold = { type: 'bold' };
const link = { type: 'link', attrs: { href: 'https://example.com/a' } };

/** A document of one paragraph holding `content`. */
const paragraphOf = (...content: unknown[]): PMNode => schema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph', content }] });

/** The shared document the server makes of `doc`. */
function shared(doc: PMNode): Y.Doc {
  const ydoc = new Y.Doc();
  Y.applyUpdate(ydoc, documentToUpdate(doc));
  return ydoc;
}

/** The first element of the first paragraph holding a node that is not text. */
const atomOf = (ydoc: Y.Doc): Y.XmlElement => ((ydoc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).toArray().find((child) => child instanceof Y.XmlElement) as Y.XmlElement);

/** Corpus documents 0-24 without the marks of nodes that are not text (what y-prosemirror keeps of them). */
function corpusWithoutAtomMarks(): PMNode[] {
  // The documents y-prosemirror 1.3.7 wrote the fixture from, frozen with it (the HTML corpus's first 25 then).
  const corpus = JSON.parse(gunzipSync(readFileSync(new URL('../fixtures/collab/y-prosemirror-1.3.7.docs.json.gz', import.meta.url))).toString('utf8')) as { docs: unknown[] };
  return corpus.docs.map((json) =>
    schema.nodeFromJSON(
      JSON.parse(JSON.stringify(json), (_key, value: unknown) => {
        if (!value || typeof value !== 'object' || !('marks' in value) || (value as { type?: unknown }).type === 'text') return value;
        const { marks: _marks, ...rest } = value as Record<string, unknown>;
        return rest;
      }),
    ),
  );
}

describe('the shared document encoding', () => {
  it('keeps the marks of a mention and a line break both ways, as an attribute holding their JSON', () => {
    const doc = paragraphOf(mention([bold, link]), { type: 'text', text: 'then' }, { type: 'hard_break', marks: [{ type: 'strike' }] });
    const ydoc = shared(doc);
    // In the schema's order of marks, as the node holds them.
    const marks = doc.firstChild!.firstChild!.marks;
    expect(marks.map((mark) => mark.type.name)).to.deep.equal(['link', 'bold']);
    expect(atomOf(ydoc).getAttribute(MARKS_ATTRIBUTE)).to.deep.equal(marks.map((mark) => mark.toJSON()));
    const back = sharedDocument(ydoc, schema);
    expect(back.toJSON()).to.deep.equal(doc.toJSON());
  });

  it('writes no marks attribute for a node without marks, and text marks as formats like y-prosemirror', () => {
    const ydoc = shared(paragraphOf({ type: 'text', text: 'Hi ', marks: [bold] }, mention([])));
    expect(atomOf(ydoc).getAttributes()).not.to.have.property(MARKS_ATTRIBUTE);
    expect(ydoc.getXmlFragment(FRAGMENT).toString()).to.equal(
      '<paragraph><bold>Hi </bold><mention entity_identifier="u1" entity_name="Ada" label="Ada" redirect_uri="/" self="false" target="users"></mention></paragraph>',
    );
  });

  it('reads a document y-prosemirror 1.3.7 wrote as it did, and writes the same document the same way', () => {
    const old = new Y.Doc();
    Y.applyUpdate(old, gunzipSync(readFileSync(new URL('../fixtures/collab/y-prosemirror-1.3.7.bin.gz', import.meta.url))));
    corpusWithoutAtomMarks().forEach((expected, index) => {
      const fragment = old.getXmlFragment(`corpus-${index}`);
      expect(readFragment(fragment, schema).toJSON(), `corpus document ${index}`).to.deep.equal(expected.toJSON());
      const ours = new Y.Doc();
      ours.transact(() => writeNode(ours.getXmlFragment('x'), expected, new Map()));
      expect(ours.getXmlFragment('x').toString(), `corpus document ${index} written`).to.equal(fragment.toString());
    });
  });

  it('a save that bolds a mention changes only its marks attribute', () => {
    const ydoc = shared(paragraphOf({ type: 'text', text: 'Ask ' }, mention([])));
    const element = atomOf(ydoc);
    Y.applyUpdate(ydoc, replacementUpdate(ydoc, paragraphOf({ type: 'text', text: 'Ask ' }, mention([bold]))));
    expect(atomOf(ydoc), 'the same element').to.equal(element);
    expect(element.getAttribute(MARKS_ATTRIBUTE)).to.deep.equal([{ type: 'bold' }]);
    Y.applyUpdate(ydoc, replacementUpdate(ydoc, paragraphOf({ type: 'text', text: 'Ask ' }, mention([]))));
    expect(atomOf(ydoc)).to.equal(element);
    expect(element.getAttributes()).not.to.have.property(MARKS_ATTRIBUTE);
  });

  it('reads content a concurrent merge left invalid without throwing: completed as the schema asks, never dropped', () => {
    const ydoc = new Y.Doc();
    const item = new Y.XmlElement('list_item');
    const inner = new Y.XmlElement('bullet_list');
    const innerItem = new Y.XmlElement('list_item');
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('kept')]);
    innerItem.insert(0, [paragraph]);
    inner.insert(0, [innerItem]);
    // A list item whose first paragraph a colleague deleted while another nested a list in it.
    item.insert(0, [inner]);
    const list = new Y.XmlElement('bullet_list');
    list.insert(0, [item]);
    ydoc.getXmlFragment(FRAGMENT).insert(0, [list]);
    const doc = sharedDocument(ydoc, schema);
    expect(doc.textContent).to.equal('kept');
    expect(doc.firstChild!.firstChild!.firstChild!.type.name, 'a paragraph put first').to.equal('paragraph');
    doc.check();
  });

  it('the server accepts marks the schema has on an element, and refuses others', () => {
    const ydoc = shared(paragraphOf(mention([])));
    const change = (value: unknown): Uint8Array => {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(ydoc));
      const before = Y.encodeStateVector(copy);
      atomOf(copy).setAttribute(MARKS_ATTRIBUTE, value as string);
      return Y.encodeStateAsUpdate(copy, before);
    };
    expect(checkUpdate(change([bold, link]), ydoc, schema)).to.equal(null);
    expect(checkUpdate(change([{ type: 'blink' }]), ydoc, schema)).to.match(/marks of "mention"/);
    expect(checkUpdate(change('bold'), ydoc, schema)).to.match(/marks of "mention"/);
    expect(checkUpdate(change([{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]), ydoc, schema)).to.match(/"href" of the mark "link"/);
  });
});
