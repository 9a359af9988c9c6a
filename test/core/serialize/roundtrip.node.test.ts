import { expect } from 'chai';
import { parseHTML, parseJSON, schema, serializeHTML, serializeJSON, TABLE_COLORS } from '../../../src/core/index.js';
import { canonicalHtmlDoc, mulberry32, randomCorpus, randomDoc } from '../../helpers/random-doc.js';
import { everyNode, expectSameDoc, forAll, isDefault } from './corpus-properties.js';

// A failure prints the seed of its document.
const FULL = randomCorpus({});
const MARKDOWN = randomCorpus({ markdownSubset: true });

describe('serialisation round trips over random documents', function () {
  this.timeout(60_000);

  it('the generator gives the same document for the same seed', () => {
    expect(randomDoc(mulberry32(42)).eq(randomDoc(mulberry32(42)))).to.equal(true);
    expect(randomDoc(mulberry32(42)).eq(randomDoc(mulberry32(43)))).to.equal(false);
  });

  it('the generated documents cover every node, mark and attribute', () => {
    const seen = new Set<string>();
    const note = (name: string, value: unknown, fallback: unknown) => {
      if (!isDefault(value, fallback)) seen.add(name);
    };
    everyNode(FULL, (node, parent) => {
      seen.add(node.type.name);
      for (const [name, spec] of Object.entries(node.type.spec.attrs ?? {})) note(`${node.type.name}.${name}`, node.attrs[name], spec.default);
      for (const mark of node.marks) {
        seen.add(mark.type.name);
        for (const [name, spec] of Object.entries(mark.type.spec.attrs ?? {})) note(`${mark.type.name}.${name}`, mark.attrs[name], spec.default);
      }
      const { background, textColor } = node.attrs;
      if (TABLE_COLORS.some((c) => c.background === background && background)) seen.add('palette background');
      if (TABLE_COLORS.some((c) => c.textColor === textColor && textColor)) seen.add('palette text colour');
      if (typeof background === 'string' && /^#[0-9a-f]{3}$/.test(background)) seen.add('short hex colour');
      if (node.type.name === 'table_header' && parent?.firstChild !== node) seen.add('header column cell');
      if (node.type.name === 'mention' && node.attrs.label === null) seen.add('unlabelled mention');
      if (node.type.name === 'image' && node.attrs.width === '35%') seen.add('default image width');
      if (node.isTextblock && node.childCount === 0) seen.add(`empty ${node.type.name}`);
      if (node.type.name === 'code_block' && /\t/.test(node.textContent) && /\n/.test(node.textContent)) seen.add('code with tabs and newlines');
      if (/list|task_item/.test(node.type.name) && parent && /list_item|task_item/.test(parent.type.name)) seen.add('nested list');
      if (node.type.name === 'ordered_list' && node.attrs.start === 0) seen.add('list from 0');
      if (node.isText && /  /.test(node.text!)) seen.add('double spaces');
    });
    const wanted = [
      ...Object.keys(schema.nodes),
      ...Object.keys(schema.marks),
      ...Object.entries(schema.nodes).flatMap(([name, type]) => Object.keys(type.spec.attrs ?? {}).map((attr) => `${name}.${attr}`)),
      // A link's rel has one valid value; every other mark attribute must vary.
      ...Object.entries(schema.marks).flatMap(([name, type]) => Object.keys(type.spec.attrs ?? {}).filter((attr) => attr !== 'rel').map((attr) => `${name}.${attr}`)),
      'palette background', 'palette text colour', 'short hex colour', 'header column cell', 'unlabelled mention', 'default image width',
      'empty paragraph', 'empty code_block', 'empty heading', 'code with tabs and newlines', 'nested list', 'list from 0', 'double spaces',
    ];
    expect(wanted.filter((name) => !seen.has(name))).to.deep.equal([]);
  });

  it('markdown-subset documents stay within what markdown expresses', () => {
    const problems: string[] = [];
    everyNode(MARKDOWN, (node, parent) => {
      const name = node.type.name;
      const at = `${name} in ${parent?.type.name}`;
      if (name === 'mention') problems.push('mention');
      if (node.marks.some((mark) => mark.type.name === 'underline')) problems.push('underline');
      for (const link of node.marks.filter((mark) => mark.type.name === 'link')) {
        if (link.attrs.target !== '_blank' || link.attrs.class !== null || !link.attrs.href) problems.push(`link ${JSON.stringify(link.attrs)}`);
      }
      if (name === 'image' && (node.attrs.width !== '35%' || node.attrs.height !== null)) problems.push('sized image');
      if (/table_(row|cell|header)/.test(name) && Object.values(node.attrs).some((v, i) => v !== [1, 1, null, null, null][i] && v !== null)) problems.push(`attrs on ${name}`);
      if (name === 'table') {
        node.forEach((row, _o, r) => row.forEach((cell) => {
          if (cell.type.name !== (r === 0 ? 'table_header' : 'table_cell')) problems.push('header cell outside the first row');
          if (cell.childCount !== 1 || cell.firstChild!.type.name !== 'paragraph') problems.push('cell not one paragraph');
        }));
        if (new Set(Array.from({ length: node.childCount }, (_, r) => node.child(r).childCount)).size !== 1) problems.push('ragged table');
      }
      if (node.isTextblock && !node.type.spec.code) {
        if (node.childCount === 0) problems.push(`empty ${at}`);
        if (/^\s|\s$|\s\s/.test(node.textContent)) problems.push(`bad spacing in ${at}: ${JSON.stringify(node.textContent)}`);
        const kinds = Array.from({ length: node.childCount }, (_, i) => node.child(i).type.name);
        if (kinds[0] === 'hard_break' || kinds[kinds.length - 1] === 'hard_break') problems.push(`break at the edge of ${at}`);
        if ((name === 'heading' || /table_/.test(parent?.type.name ?? '')) && kinds.includes('hard_break')) problems.push(`break in ${at}`);
      }
      if (node.type.spec.code && node.textContent.endsWith('\n')) problems.push('code block ending in a newline');
      if (name === 'ordered_list' && node.attrs.start < 0) problems.push('negative start');
    });
    expect([...new Set(problems)]).to.deep.equal([]);
  });

  it('JSON round trip, as an object and as a string, is lossless over the whole schema', () => {
    forAll(FULL, {}, (doc) => {
      const json = serializeJSON(doc);
      expectSameDoc(parseJSON(json), doc);
      expectSameDoc(parseJSON(JSON.stringify(json)), doc);
    });
  });

  it('markdown-subset documents round trip through JSON and HTML', () => {
    forAll(MARKDOWN, { markdownSubset: true }, (doc) => {
      expectSameDoc(parseJSON(serializeJSON(doc)), doc);
      expectSameDoc(parseHTML(serializeHTML(doc)), canonicalHtmlDoc(doc));
    });
  });
});
