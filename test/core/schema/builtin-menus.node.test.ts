/**
 * Where a node's menu entries come from (extensions/collect-menus.ts): its definition's own
 * `slash` and `blockMenu` where it sets them, otherwise the built-in entries its `BUILTIN_MENUS`
 * mark names (blocks/menus.ts), made for that definition whenever they are collected, so a copy
 * of a built-in block keeps them however early it is made.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EditorState, TextSelection } from 'prosemirror-state';
import { blocks, pm, type NodeDefinition } from '../../../src/core/index.js';
import { schemaBlockMenu, schemaSlashItems } from '../../../src/core/extensions/collect-menus.js';
import { BUILTIN_MENUS } from '../../../src/core/extensions/builtin-menus.js';
import { editorSetup } from '../../../src/core/extensions/setup.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { callout } from '../../../src/extensions/callout.js';
import { details } from '../../../src/extensions/details.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const slashIds = (nodes: NodeDefinition[]) => schemaSlashItems(editorSetup([{ name: 'test', nodes }]).schema).map((item) => item.id);
const menuIds = (nodes: NodeDefinition[]) => schemaBlockMenu(editorSetup([{ name: 'test', nodes }]).schema).map((entry) => entry.id);
const BUILTIN_SLASH = ['text', 'heading1', 'heading2', 'heading3', 'quote', 'divider', 'code', 'bullet', 'numbered', 'todo', 'table', 'image'];
const BUILTIN_MENU = ['text', 'heading1', 'heading2', 'heading3', 'quote', 'code', 'bullet', 'numbered', 'todo'];

describe("built-in blocks' menu entries", () => {
  it('are named by a mark on the definition, not held in it', () => {
    expect(blocks.heading.slash).to.equal(undefined);
    expect(blocks.blockquote.blockMenu).to.equal(undefined);
    expect(blocks.heading[BUILTIN_MENUS]).to.equal('heading');
    expect(blocks.codeBlock.configure({ languages: ['sql'] })[BUILTIN_MENUS]).to.equal('code_block');
    expect(JSON.parse(JSON.stringify({ ...blocks.table, styles: undefined }))).to.not.have.property('slash');
    expect(slashIds([])).to.deep.equal(BUILTIN_SLASH);
    expect(menuIds([])).to.deep.equal(BUILTIN_MENU);
  });

  it('come with a copy of a block made before any module of the menus has loaded', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/core/schema/copies-before-menus.ts'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).to.equal('');
    const { unread, slash, blockMenu } = JSON.parse(run.stdout) as { unread: boolean; slash: Array<[string, string, string[]]>; blockMenu: Array<[string, string]> };
    expect(unread, 'nothing was filled in before the menus loaded').to.equal(true);
    expect(slash.map(([id]) => id)).to.deep.equal(['text', 'heading2', 'heading3', 'quote', 'divider', 'code', 'bullet', 'numbered', 'todo', 'table', 'image']);
    expect(slash.find(([id]) => id === 'quote')).to.deep.equal(['quote', 'Quote', ['blockquote']]);
    expect(slash.find(([id]) => id === 'table')?.[2]).to.include('tabular');
    expect(blockMenu).to.deep.include.members([['quote', 'Quote'], ['heading2', 'Heading 2']]);
    expect(blockMenu.map(([id]) => id)).to.not.include('heading1');
  });

  it('follow the options a block was configured with, in a copy too', () => {
    const twoLevels = blocks.heading.configure({ levels: [1, 2] });
    for (const heading of [twoLevels, { ...twoLevels, keys: undefined }]) {
      expect(slashIds([heading]).filter((id) => id?.startsWith('heading'))).to.deep.equal(['heading1', 'heading2']);
      expect(menuIds([heading]).filter((id) => id.startsWith('heading'))).to.deep.equal(['heading1', 'heading2']);
    }
    expect(slashIds([blocks.codeBlock.configure({ languages: ['sql'] })])).to.include('code');
    expect(menuIds([blocks.codeBlock.configure({ languages: ['sql'] })])).to.include('code');
  });

  it("run their block's command from a copy", () => {
    const schema = editorSetup([{ name: 'test', nodes: [{ ...blocks.blockquote, keys: undefined }] }]).schema;
    const doc = parseHTML('<p>a</p>', { schema });
    let state = EditorState.create({ doc, selection: TextSelection.create(doc, 1) });
    const quote = schemaSlashItems(schema).find((item) => item.id === 'quote')!;
    expect(quote.command(state, (tr) => void (state = state.apply(tr)))).to.equal(true);
    expect(serializeHTML(state.doc)).to.equal('<blockquote><p>a</p></blockquote>');
    const text = schemaBlockMenu(schema).find((entry) => entry.id === 'text')!;
    expect(text.command(state, (tr) => void (state = state.apply(tr)))).to.equal(true);
    expect(serializeHTML(state.doc)).to.equal('<p>a</p>');
    expect(text.command(state, () => expect.fail('Text on text changes nothing'))).to.equal(true);
  });

  it("give way to a definition's own slash and blockMenu, [] for none", () => {
    const ownQuote = { ...blocks.blockquote, slash: { id: 'pull', title: 'Pull quote' } };
    expect(slashIds([ownQuote])).to.include('pull').and.not.include('quote');
    expect(menuIds([ownQuote]), 'its block-menu entry stays built-in').to.include('quote');
    expect(slashIds([{ ...blocks.blockquote, slash: [] }])).to.not.include('quote');
    expect(menuIds([{ ...blocks.blockquote, blockMenu: [] }])).to.not.include('quote');
    expect(slashIds([{ ...blocks.heading, slash: undefined }]).filter((id) => id?.startsWith('heading')), 'a key set to undefined is its own: none').to.deep.equal([]);
  });

  it("are not a host's node's that only has a built-in block's name", () => {
    const own: NodeDefinition = { name: 'blockquote', group: 'block', content: 'block+', html: { tag: 'blockquote' } };
    expect(slashIds([own])).to.not.include('quote');
    expect(menuIds([own])).to.not.include('quote');
    const table: NodeDefinition = { name: 'table', group: 'block', content: 'paragraph+', html: { tag: 'table' } };
    expect(slashIds([table])).to.not.include('table');
  });

  it("leave extensions' own entries as they were (the callout and details examples)", () => {
    const schema = editorSetup([callout, details(pm)]).schema;
    const slash = schemaSlashItems(schema);
    expect(slash.map((item) => item.id)).to.deep.equal([...BUILTIN_SLASH, 'callout', 'details']);
    expect(slash.find((item) => item.id === 'callout')).to.include({ title: 'Callout', description: 'A highlighted note.', icon: 'info' });
    expect(slash.find((item) => item.id === 'details')).to.include({ title: 'Toggle section', icon: 'list' });
    const menu = schemaBlockMenu(schema);
    expect(menu.map((entry) => entry.id)).to.deep.equal([...BUILTIN_MENU, 'callout']);
    expect(menu.find((entry) => entry.id === 'callout')?.label).to.equal('Callout');
  });
});
