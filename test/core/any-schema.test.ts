/**
 * The core works with any schema: a host's schema (the built-in nodes without tables
 * and mentions, plus a block of its own) gets the same commands, keys and input rules,
 * each finding its node and mark types through the state's schema.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { DOMParser, Schema } from 'prosemirror-model';
import { nodes, marks, schema as builtin } from '../../src/core/schema/index.js';
import { blockTypeCommands, toolbarState } from '../../src/core/toolbar-state.js';
import { mountEditor, pressWith, type TestEditor } from '../helpers/editor.js';

const { table: _table, table_row: _row, table_cell: _cell, table_header: _header, mention: _mention, ...kept } = nodes;
const hostSchema = new Schema({
  nodes: {
    ...kept,
    note: { content: 'block+', group: 'block', defining: true, parseDOM: [{ tag: 'aside' }], toDOM: () => ['aside', 0] },
  },
  marks,
});

function hostDoc(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  return DOMParser.fromSchema(hostSchema).parse(container);
}

describe('the core on a host schema', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    if (!editor) return;
    editor.view.state.doc.check();
    expect(editor.view.state.doc.type.schema).to.equal(hostSchema);
    editor.destroy();
    editor = null;
  });

  it('types, formats with the keys and runs the input rules in the host schema', async () => {
    editor = mountEditor(hostDoc('<p></p>'));
    await sendKeys({ type: '## Title' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '- one' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'two' });
    await sendKeys({ press: 'Tab' });
    await pressWith('b', 'Control');
    await sendKeys({ type: ' bold' });
    const json = editor.view.state.doc.toJSON() as { content: Array<{ type: string }> };
    expect(json.content.map((node) => node.type)).to.deep.equal(['heading', 'bullet_list']);
    const list = editor.view.state.doc.child(1);
    expect(list.childCount, 'Tab nested the second item').to.equal(1);
    expect(list.textContent).to.equal('onetwo bold');
    expect(editor.view.state.doc.rangeHasMark(0, editor.view.state.doc.content.size, hostSchema.marks.bold)).to.equal(true);
  });

  it('keeps a host block through Enter and the toolbar block types', async () => {
    editor = mountEditor(hostDoc('<aside><p>note</p></aside><p>after</p>'), { caret: 6 });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'more' });
    expect(editor.view.state.doc.firstChild!.type.name).to.equal('note');
    expect(editor.view.state.doc.firstChild!.childCount).to.equal(2);
    expect(blockTypeCommands.heading2(editor.view.state, editor.view.dispatch)).to.equal(true);
    expect(toolbarState(editor.view.state, { editable: true }).blockType).to.equal('heading2');
    expect(editor.view.state.doc.firstChild!.lastChild!.type).to.equal(hostSchema.nodes.heading);
  });

  it('is a different schema from the built-in one, with no tables', () => {
    expect(hostSchema).to.not.equal(builtin);
    expect(hostSchema.nodes.table).to.equal(undefined);
  });
});
