/**
 * Built-in blocks made again with options (`blocks.heading.configure({ levels: [1, 2] })`):
 * reading HTML and markdown, the menus and the keys follow the options (the markdown shortcuts
 * are typed in test/element/extensions.test.ts).
 */
import { expect } from 'chai';
import { blocks } from '../../../src/core/index.js';
import { schemaKeys } from '../../../src/core/extensions/collect.js';
import { schemaBlockMenu, schemaSlashItems } from '../../../src/core/extensions/collect-menus.js';
import { editorSetup } from '../../../src/core/extensions/setup.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';

const twoLevels = blocks.heading.configure({ levels: [1, 2] });
const schema = editorSetup([{ name: 'headings', nodes: [twoLevels] }]).schema;
const levelsOf = (html: string) => {
  const levels: number[] = [];
  parseHTML(html, { schema }).descendants((node) => void (node.type.name === 'heading' && levels.push(node.attrs.level as number)));
  return levels;
};

describe('blocks.heading.configure', () => {
  it('keeps the options it was made with, and configures again from them', () => {
    expect(twoLevels.options.levels).to.deep.equal([1, 2]);
    expect(blocks.heading.options.levels).to.deep.equal([1, 2, 3]);
    expect(twoLevels.configure({}).options.levels).to.deep.equal([1, 2]);
    expect(() => blocks.heading.configure({ levels: [] })).to.throw(RangeError, /levels/);
    expect(() => blocks.heading.configure({ levels: [4 as 1] })).to.throw(RangeError, /levels/);
  });

  it('reads a heading of a level it does not offer as the deepest one it does', () => {
    expect(levelsOf('<h1>a</h1><h2>b</h2><h3>c</h3><h6>d</h6>')).to.deep.equal([1, 2, 2, 2]);
    expect(serializeHTML(parseHTML('<h3>c</h3>', { schema }))).to.equal('<h2>c</h2>');
    const md = parseMarkdownNow('# a\n\n### c', schema);
    expect([md.child(0).attrs.level, md.child(1).attrs.level]).to.deep.equal([1, 2]);
    const gapped = editorSetup([{ name: 'h', nodes: [blocks.heading.configure({ levels: [1, 3] })] }]).schema;
    expect(parseHTML('<h2>b</h2>', { schema: gapped }).firstChild!.attrs.level, 'the nearest deeper level offered').to.equal(3);
  });

  it('offers only its levels in the slash and block menus, and binds only their keys', () => {
    expect(schemaSlashItems(schema).map((item) => item.id).filter((id) => id?.startsWith('heading'))).to.deep.equal(['heading1', 'heading2']);
    expect(schemaBlockMenu(schema).map((entry) => entry.id).filter((id) => id.startsWith('heading'))).to.deep.equal(['heading1', 'heading2']);
    const keys = Object.keys(schemaKeys(schema, undefined, 'before'));
    expect(keys).to.include.members(['Mod-Alt-1', 'Mod-Alt-2']);
    expect(keys).to.not.include('Mod-Alt-3');
  });
});
