import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import * as Y from 'yjs';
import { writeNode } from '../../src/collab/binding/update.js';
import { sharedSize } from '../../src/collab/editor-plugins.js';
import { schema } from '../../src/core/index.js';

/** The bytes a document's content takes as one change of a shared document, as the binding writes it. */
function encodedSize(doc: PMNode): number {
  const shared = new Y.Doc();
  writeNode(shared.getXmlFragment('default'), doc, new Map());
  return Y.encodeStateAsUpdate(shared).byteLength;
}

const { paragraph, heading, bullet_list: bulletList, list_item: listItem, code_block: codeBlock } = schema.nodes;
const { bold, link, italic } = schema.marks;

describe('the size of a change, as the size guard estimates it', () => {
  const documents: [string, PMNode][] = [
    ['plain paragraphs', schema.node('doc', null, Array.from({ length: 2000 }, (_, i) => paragraph.create(null, schema.text(`Paragraph ${i} of plain text, as pasted from a text editor.`))))],
    [
      'bold and links, as a web page gives',
      schema.node(
        'doc',
        null,
        Array.from({ length: 2000 }, (_, i) =>
          paragraph.create(null, [
            schema.text(`Item ${i}: `, [bold.create()]),
            schema.text('see the page', [link.create({ href: `https://example.com/docs/${i}` })]),
            schema.text(' for more, ', []),
            schema.text('with emphasis', [italic.create()]),
          ]),
        ),
      ),
    ],
    ['headings, lists and code', schema.node('doc', null, Array.from({ length: 500 }, (_, i) => [heading.create({ level: 2 }, schema.text(`Part ${i}`)), bulletList.create(null, [listItem.create(null, paragraph.create(null, schema.text('One point')))]), codeBlock.create({ language: 'ts' }, schema.text(`const value${i} = ${i};`))]).flat())],
    ['text in other scripts', schema.node('doc', null, Array.from({ length: 1000 }, () => paragraph.create(null, schema.text('日本語のテキストと émojis 🎉 mêlés'))))],
  ];
  for (const [what, doc] of documents) {
    it(`is within 0.8 to 1.6 times the encoded size: ${what}`, () => {
      const estimate = sharedSize(doc.content);
      const real = encodedSize(doc);
      expect(estimate / real, `estimate ${estimate}, encoded ${real}`).to.be.within(0.8, 1.6);
    });
  }
});
