import { expect } from 'chai';
import { parseInertHTML } from '../../../src/core/dom.js';
import { DOMParser, type Mark, Node as PMNode } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { parseHTML, parseJSON, parseMarkdown, schema, serializeHTML } from '../../../src/core/index.js';
import { readOwnHTML } from '../../../src/core/serialize/html-own.js';

/** The document's nodes of one type, in order. */
function nodesOf(doc: PMNode, type: string): PMNode[] {
  const found: PMNode[] = [];
  doc.descendants((node) => {
    if (node.type.name === type) found.push(node);
  });
  return found;
}

describe('shared attribute objects and mark sets', () => {
  it('gives every node without attributes, read from HTML or JSON, the type\'s one default object', () => {
    const html = parseHTML('<p>a</p><blockquote><p>b</p></blockquote><ul><li><p>c</p></li><li><p>d</p></li></ul><table><tbody><tr><td><p>e</p></td></tr></tbody></table>');
    for (const doc of [html, parseJSON(html.toJSON())]) {
      for (const name of ['paragraph', 'blockquote', 'bullet_list', 'list_item', 'table']) {
        const found = nodesOf(doc, name);
        expect(found.length, name).to.be.greaterThan(0);
        for (const node of found) expect(node.attrs === schema.nodes[name].create().attrs, name).to.equal(true);
      }
    }
  });

  it('gives text with equal marks one mark array, loaded from HTML, JSON or markdown, with the document unchanged', async () => {
    const html = '<p><strong>a</strong> b <strong><em>c</em></strong></p><p><strong>d</strong> <a href="https://a.example/">e</a> <em><strong>f</strong></em> <a href="https://a.example/">g</a></p>';
    const doc = parseHTML(html);
    // The same document ProseMirror's parser gives, mark for mark.
    const container = parseInertHTML(`<div>${html}</div>`).body.firstElementChild!;
    expect(doc.eq(DOMParser.fromSchema(schema).parse(container, { preserveWhitespace: true }))).to.equal(true);
    const sets = (from: PMNode) => {
      const found: Record<string, ReadonlyArray<unknown>> = {};
      from.descendants((node) => {
        if (node.isText && node.marks.length) found[node.text!] = node.marks;
      });
      return found;
    };
    // (Identity compared as booleans: a failing chai equality would print the whole schema.)
    const byText = sets(doc);
    expect(byText.a === byText.d, 'a and d').to.equal(true);
    expect(byText.c === byText.f, 'c and f').to.equal(true);
    expect(byText.e === byText.g, 'e and g').to.equal(true);
    expect(byText.a === byText.c, 'a and c').to.equal(false);
    for (const loaded of [parseJSON(doc.toJSON()), await parseMarkdown('**a** b ***c***\n\n**d** ***f***')]) {
      const again = sets(loaded);
      expect(again.a === again.d, 'a and d, loaded again').to.equal(true);
      expect(again.c === again.f, 'c and f, loaded again').to.equal(true);
    }
    // A change to one run's marks leaves the others as they were.
    let state = EditorState.create({ doc });
    const at = 2; // inside "a"
    state = state.apply(state.tr.addMark(at - 1, at, schema.marks.italic.create()));
    expect(serializeHTML(state.doc)).to.contain('<strong><em>a</em></strong> b');
    expect(serializeHTML(state.doc)).to.contain('<strong>d</strong>');
  });

  it('gives equal links one mark, while links to different addresses keep their own', () => {
    const doc = parseHTML('<p><a href="https://a.example/">one</a> <a href="https://a.example/">two</a> <a href="https://b.example/">three</a></p>');
    const links: Mark[] = [];
    doc.descendants((node) => {
      for (const mark of node.marks) if (mark.type.name === 'link') links.push(mark);
    });
    expect(links).to.have.length(3);
    // (Identity compared as booleans: a failing chai equality would print the whole schema.)
    expect(links[0] === links[1], 'the two links to a.example').to.equal(true);
    expect(links[2] === links[0], 'the link to b.example').to.equal(false);
    expect(links[2].attrs.href).to.equal('https://b.example/');
    expect(links[2].attrs.rel).to.equal(links[0].attrs.rel);
  });

  it('gives nodes with equal attributes one attribute object, loaded from HTML, JSON or markdown', async () => {
    const html =
      '<h2>a</h2><h2>b</h2><h3>c</h3><pre><code class="language-js">1</code></pre><pre><code class="language-js">2</code></pre>' +
      '<p><img src="https://a.example/x.png"><img src="https://a.example/x.png"><img src="https://a.example/y.png"></p>';
    const doc = parseHTML(html);
    const container = parseInertHTML(`<div>${html}</div>`).body.firstElementChild!;
    expect(doc.eq(DOMParser.fromSchema(schema).parse(container, { preserveWhitespace: true })), 'the same document').to.equal(true);
    for (const loaded of [doc, parseJSON(doc.toJSON()), await parseMarkdown('## a\n\n## b\n\n### c\n\n```js\n1\n```\n\n```js\n2\n```')]) {
      const [h2a, h2b, h3] = nodesOf(loaded, 'heading');
      // (Identity compared as booleans: a failing chai equality would print the whole schema.)
      expect(h2a.attrs === h2b.attrs, 'the two level-2 headings').to.equal(true);
      expect(h3.attrs === h2a.attrs, 'the level-3 heading').to.equal(false);
      expect(h3.attrs.level).to.equal(3);
      const [one, two] = nodesOf(loaded, 'code_block');
      expect(one.attrs === two.attrs, 'the two js code blocks').to.equal(true);
      expect(one.textContent + two.textContent).to.equal('12');
    }
    const images = nodesOf(doc, 'image');
    expect(images[0] === images[1], 'two equal images are one node').to.equal(true);
    expect(images[2] === images[0], 'an image of another source').to.equal(false);
    expect(serializeHTML(doc)).to.equal(serializeHTML(parseHTML(serializeHTML(doc))));
  });

  it('gives equal attributes one object in what the fast reader reads, where the rule reads beyond the attributes or the markup differs in what no node keeps', () => {
    // A code block's language is read from its inner <code> (its rule reads beyond the <pre>'s
    // attributes); images differ in their alt text, which the node does not keep.
    const html =
      '<pre><code class="language-js">1</code></pre><pre><code class="language-js">2</code></pre><pre><code class="language-css">3</code></pre>' +
      '<img src="https://a.example/x.png" title="one"><img src="https://a.example/x.png" title="two"><img src="https://a.example/y.png" title="three">';
    const doc = readOwnHTML(html, schema);
    if (!doc) throw new Error('the fast reader did not take the markup');
    const container = parseInertHTML(`<div>${html}</div>`).body.firstElementChild!;
    expect(doc.eq(DOMParser.fromSchema(schema).parse(container, { preserveWhitespace: true })), 'the same document').to.equal(true);
    // (Identity compared as booleans: a failing chai equality would print the whole schema.)
    const [js1, js2, css] = nodesOf(doc, 'code_block');
    expect(js1.attrs === js2.attrs, 'the two js code blocks').to.equal(true);
    expect(css.attrs === js1.attrs, 'the css code block').to.equal(false);
    expect([js1.textContent, js2.textContent, css.textContent, css.attrs.language]).to.deep.equal(['1', '2', '3', 'css']);
    const images = nodesOf(doc, 'image');
    expect(images[0] === images[1], 'two images of one source are one node').to.equal(true);
    expect(images[2] === images[0], 'an image of another source').to.equal(false);
    expect(serializeHTML(doc)).to.equal(serializeHTML(parseHTML(serializeHTML(doc))));
  });

  it('changing one node\'s attribute leaves the nodes that shared its object as they were', () => {
    const doc = parseHTML('<h2>a</h2><h2>b</h2>');
    const state = EditorState.create({ doc });
    const tr = state.tr.setNodeAttribute(0, 'level', 1);
    expect(serializeHTML(tr.doc)).to.equal('<h1>a</h1><h2>b</h2>');
    expect(serializeHTML(doc)).to.equal('<h2>a</h2><h2>b</h2>');
  });

  it('still fills defaults and validates what it is given', () => {
    const image = schema.nodes.image.create({ src: 'https://a.example/x.png' });
    expect(image.attrs.width).to.equal('35%');
    expect(() => schema.nodes.heading.create({ level: 7 })).to.throw(RangeError);
    expect(schema.nodes.heading.create().attrs).to.deep.equal({ level: 1 });
  });

  it('round-trips through JSON with the same values', () => {
    const doc = parseHTML('<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>done</p></li><li data-type="taskItem" data-checked="true"><p>also</p></li></ul>');
    const again = PMNode.fromJSON(schema, doc.toJSON());
    expect(again.eq(doc)).to.equal(true);
    const [a, b] = nodesOf(again, 'task_item');
    expect(a.attrs.checked).to.equal(true);
    expect(b.attrs.checked).to.equal(true);
  });
});
