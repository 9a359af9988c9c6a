import { expect } from 'chai';
import { Schema, type Node as PMNode } from 'prosemirror-model';
import { EditorState, type Transaction } from 'prosemirror-state';
import { serializeHTML } from '../../../src/core/index.js';
import { type DocumentHTML, serializeHTMLAfter } from '../../../src/core/serialize/html.js';
import { blockquote, doc, li, p, strong, table, td, tr, ul } from '../../helpers/builder.js';

/** The document after `change`, applied to a transaction on `before`. */
function edited(before: PMNode, change: (tr: Transaction) => void): PMNode {
  const tr = EditorState.create({ doc: before }).tr;
  change(tr);
  return tr.doc;
}

describe('HTML serialisation after an earlier one (serializeHTMLAfter)', () => {
  it('writes what serializeHTML writes through a series of edits, each block taken from the last HTML where it can be', () => {
    const start = doc(p(), p('one'), ul(li(p('two'))), blockquote(p('three')), table(tr(td(p('four')))), p('five', strong(' bold')), p());
    const edits: Array<(tr: Transaction) => void> = [
      (tr) => tr.insertText('x', 6),
      (tr) => tr.delete(1, 2),
      (tr) => tr.insert(0, start.type.schema.nodes.paragraph.create()),
      (tr) => tr.insert(tr.doc.content.size, start.type.schema.nodes.paragraph.create(null, start.type.schema.text('new <end> & more'))),
      (tr) => tr.split(8),
      (tr) => tr.delete(0, tr.doc.child(0).nodeSize + tr.doc.child(1).nodeSize),
      (tr) => tr.replaceWith(0, tr.doc.content.size, start.type.schema.nodes.paragraph.create()),
      (tr) => tr.insertText('again', 1),
    ];
    let current: PMNode = start;
    let previous: DocumentHTML | null = serializeHTMLAfter(current, null);
    expect(previous.html).to.equal(serializeHTML(current));
    for (const edit of edits) {
      current = edited(current, edit);
      previous = serializeHTMLAfter(current, previous);
      expect(previous.html).to.equal(serializeHTML(current));
    }
  });

  it('renders only the blocks that changed', () => {
    const rendered: string[] = [];
    const counting = new Schema({
      nodes: {
        doc: { content: 'block+' },
        paragraph: {
          group: 'block',
          content: 'text*',
          toDOM: (node) => {
            rendered.push(node.textContent);
            return ['p', 0];
          },
        },
        text: {},
      },
    });
    const blocks = Array.from({ length: 50 }, (_, i) => counting.nodes.paragraph.create(null, counting.text(`block ${i}`)));
    const first = counting.nodes.doc.create(null, blocks);
    const before = serializeHTMLAfter(first, null);
    expect(rendered).to.have.length(50);
    rendered.length = 0;
    let at = 1;
    for (let i = 0; i < 20; i++) at += first.child(i).nodeSize;
    const second = edited(first, (tr) => tr.insertText('!', at));
    const after = serializeHTMLAfter(second, before);
    expect(rendered).to.deep.equal(['!block 20']);
    expect(after.html).to.equal(serializeHTML(second));
    expect(serializeHTMLAfter(second, after), 'the same document: the same answer').to.equal(after);
  });

  it('writes a long document, flattened a chunk at a time, as its blocks written one by one', () => {
    const blocks = Array.from({ length: 4000 }, (_, i) =>
      i % 3 ? p(`block ${i} with some text & more`, strong(` bold ${i}`)) : ul(li(p(`item ${i} <one>`)), li(p('two'))),
    );
    const long = doc(...blocks);
    const oneByOne = blocks.map((block) => serializeHTML(doc(block))).join('');
    expect(oneByOne.length, 'several chunks long').to.be.above(200_000);
    expect(serializeHTML(long)).to.equal(oneByOne);
    const first = serializeHTMLAfter(long, null);
    expect(first.html).to.equal(oneByOne);
    const second = edited(long, (tr) => tr.insertText('!', Math.floor(long.content.size / 2)));
    expect(serializeHTMLAfter(second, first).html).to.equal(serializeHTML(second));
  });

  it('writes top-level blocks that carry marks together, as serializeHTML groups them', () => {
    const marked = new Schema({
      nodes: {
        doc: { content: 'block+', marks: '_' },
        paragraph: { group: 'block', content: 'text*', toDOM: () => ['p', 0] },
        text: {},
      },
      marks: { frame: { toDOM: () => ['section', 0] } },
    });
    const frame = marked.marks.frame.create();
    const block = (text: string, marks = [frame]) => marked.nodes.paragraph.create(null, marked.text(text), marks);
    const first = marked.nodes.doc.create(null, [block('a'), block('b'), block('c', [])]);
    const before = serializeHTMLAfter(first, null);
    expect(before.html).to.equal('<section><p>a</p><p>b</p></section><p>c</p>');
    const second = edited(first, (tr) => tr.insertText('!', 1));
    expect(serializeHTMLAfter(second, before).html).to.equal(serializeHTML(second));
  });

  it('writes each block whole when a render writes HTML block by block meanwhile, and after a render threw', () => {
    const nested = new Schema({
      nodes: {
        doc: { content: 'block+' },
        paragraph: { group: 'block', content: 'inline*', toDOM: () => ['p', 0] },
        // A render that writes another document's HTML block by block while its own block is being written.
        quote: {
          group: 'block',
          content: 'inline*',
          toDOM: (node) => ['blockquote', { 'data-copy': serializeHTMLAfter(node.type.schema.nodes.doc.create(null, [node.type.schema.nodes.paragraph.create(null, node.content)]), null).html }, 0],
        },
        broken: { group: 'inline', inline: true, toDOM: () => { throw new RangeError('cannot render'); } },
        text: { group: 'inline' },
      },
      marks: { em: { toDOM: () => ['em', 0] } },
    });
    const { doc: docType, paragraph, quote, broken } = nested.nodes;
    const em = nested.marks.em.create();
    const text = (value: string, marks = [em]) => nested.text(value, marks);
    const quoted = docType.create(null, [paragraph.create(null, text('a')), quote.create(null, [text('b'), text(' c', [])]), paragraph.create(null, text('d'))]);
    const expected = '<p><em>a</em></p><blockquote data-copy="&lt;p&gt;&lt;em&gt;b&lt;/em&gt; c&lt;/p&gt;"><em>b</em> c</blockquote><p><em>d</em></p>';
    expect(serializeHTML(quoted)).to.equal(expected);
    expect(serializeHTMLAfter(quoted, null).html).to.equal(expected);
    // A render that throws inside a mark: the error reaches the caller, and the next write is whole.
    const failing = docType.create(null, [paragraph.create(null, [text('x'), broken.create(null, null, [em])])]);
    expect(() => serializeHTMLAfter(failing, null)).to.throw(RangeError, 'cannot render');
    expect(serializeHTMLAfter(quoted, null).html).to.equal(expected);
  });
});
