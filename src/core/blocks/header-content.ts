/** How a header cell's content is read from HTML, apart from the table so the fast HTML reader can recognise it. */
import { DOMParser, Fragment, type Node as PMNode, type Schema } from 'prosemirror-model';
import { textWithBreaks } from '../schema/line-breaks.js';

/** Header cells hold paragraphs only (spec section 5): blocks inside a <th> become paragraphs, text kept. */
export function headerContent(dom: Node, schema: Schema): Fragment {
  const paragraphs: PMNode[] = [];
  DOMParser.fromSchema(schema)
    .parse(dom, { preserveWhitespace: true })
    .descendants((node) => {
      if (!node.isTextblock) return true;
      const content = node.type.spec.code ? textWithBreaks(schema, node.textContent) : node.content;
      paragraphs.push(schema.nodes.paragraph.create(null, content));
      return false;
    });
  return Fragment.from(paragraphs.length ? paragraphs : [schema.nodes.paragraph.create()]);
}

