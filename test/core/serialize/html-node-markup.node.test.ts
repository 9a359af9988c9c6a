import { expect } from 'chai';
import { Schema, type Node as PMNode } from 'prosemirror-model';
import { parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import { nodeSpecOf } from '../../../src/core/extensions/define.js';
import { fragmentToHTML } from '../../../src/core/serialize/html-string.js';

/** A schema whose `box` renders its level and, unless `fromAttrs`, how many paragraphs it holds; `calls` counts its renders. */
function boxSchema(fromAttrs: boolean): { schema: Schema; calls: PMNode[] } {
  const calls: PMNode[] = [];
  const boxes = new Schema({
    nodes: {
      doc: { content: 'block+' },
      paragraph: { group: 'block', content: 'text*', toDOM: () => ['p', 0] },
      box: {
        group: 'block',
        content: 'paragraph+',
        attrs: { level: { default: 1 } },
        rendersFromAttrs: fromAttrs,
        toDOM: (node) => {
          calls.push(node);
          const attrs: Record<string, string> = { 'data-level': String(node.attrs.level) };
          if (!fromAttrs) attrs['data-size'] = String(node.childCount);
          return ['section', attrs, ['div', 0]];
        },
      },
      text: {},
    },
  });
  return { schema: boxes, calls };
}

describe('HTML of nodes that render from their attributes', () => {
  it('renders each attributes object of such a node type once, whatever the document', () => {
    const { schema: boxes, calls } = boxSchema(true);
    const p = (text: string) => boxes.nodes.paragraph.create(null, boxes.text(text));
    const levelTwo = boxes.nodes.box.create({ level: 2 }, p('first'));
    const doc = boxes.nodes.doc.create(null, [
      boxes.nodes.box.create(null, p('a')),
      levelTwo,
      boxes.nodes.box.create(null, [p('b'), p('c')]),
      levelTwo.copy(levelTwo.content.append(levelTwo.content)),
    ]);
    const expected =
      '<section data-level="1"><div><p>a</p></div></section><section data-level="2"><div><p>first</p></div></section>' +
      '<section data-level="1"><div><p>b</p><p>c</p></div></section><section data-level="2"><div><p>first</p><p>first</p></div></section>';
    expect(fragmentToHTML(doc.content)).to.equal(expected);
    expect(calls, 'the default attributes and the level-2 object: one render each').to.have.length(2);
    expect(fragmentToHTML(doc.content), 'written again from what was rendered').to.equal(expected);
    expect(calls).to.have.length(2);
  });

  it('renders every node of a node type that does not say so (its toDOM may read more than the attributes)', () => {
    const { schema: boxes, calls } = boxSchema(false);
    const p = (text: string) => boxes.nodes.paragraph.create(null, boxes.text(text));
    const doc = boxes.nodes.doc.create(null, [boxes.nodes.box.create(null, p('a')), boxes.nodes.box.create(null, [p('b'), p('c')])]);
    expect(fragmentToHTML(doc.content)).to.equal(
      '<section data-level="1" data-size="1"><div><p>a</p></div></section><section data-level="1" data-size="2"><div><p>b</p><p>c</p></div></section>',
    );
    expect(calls).to.have.length(2);
  });

  it('the data form renders from the attributes; a definition with its own toDOM only when it says so', () => {
    const attrs = { tone: { type: 'enum', values: ['calm', 'loud'], default: 'calm' } } as const;
    expect(nodeSpecOf({ name: 'callout', group: 'block', content: 'paragraph+', attrs, html: { tag: 'aside', attrs: { tone: 'data-tone' } } }).rendersFromAttrs).to.equal(true);
    expect(nodeSpecOf({ name: 'callout', group: 'block', content: 'paragraph+', attrs, toDOM: () => ['aside', 0] }).rendersFromAttrs).to.equal(undefined);
    expect(nodeSpecOf({ name: 'callout', group: 'block', content: 'paragraph+', attrs, toDOM: () => ['aside', 0], rendersFromAttrs: true }).rendersFromAttrs).to.equal(true);
  });

  it('every built-in node type renders from its attributes, and equal nodes write equal markup', () => {
    for (const type of Object.values(schema.nodes)) {
      if (type.spec.toDOM) expect(type.spec.rendersFromAttrs, type.name).to.equal(true);
    }
    const html =
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>done</p></li><li data-type="taskItem" data-checked="false"><p>to do</p></li>' +
      '<li data-type="taskItem" data-checked="true"><p>also done</p></li></ul><pre data-language="ts"><code>a</code></pre><pre data-language="css"><code>b</code></pre><ol start="3"><li><p>x</p></li></ol>';
    expect(serializeHTML(parseHTML(html))).to.equal(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>done</p></div></li>' +
        '<li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>to do</p></div></li>' +
        '<li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>also done</p></div></li></ul>' +
        '<pre data-language="ts"><code class="language-ts">a</code></pre><pre data-language="css"><code class="language-css">b</code></pre><ol start="3"><li><p>x</p></li></ol>',
    );
  });
});
