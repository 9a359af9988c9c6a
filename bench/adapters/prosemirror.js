// Raw ProseMirror: the basic schema with lists and tables, and the example setup
// (input rules, keymaps, menu bar, history) plus table editing.
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Schema, DOMParser, DOMSerializer } from 'prosemirror-model';
import { schema as basic } from 'prosemirror-schema-basic';
import { addListNodes } from 'prosemirror-schema-list';
import { tableNodes, tableEditing, columnResizing } from 'prosemirror-tables';
import { exampleSetup } from 'prosemirror-example-setup';
import { countBlocks, focusMiddle } from './focus-middle.js';

const schema = new Schema({
  nodes: addListNodes(basic.spec.nodes, 'paragraph block*', 'block').append(tableNodes({ tableGroup: 'block', cellContent: 'block+', cellAttributes: {} })),
  marks: basic.spec.marks,
});
let view = null;

window.benchAdapter = {
  name: 'prosemirror',
  async create(container, html) {
    const source = document.createElement('div');
    source.innerHTML = html;
    const doc = DOMParser.fromSchema(schema).parse(source);
    const mount = document.createElement('div');
    container.append(mount);
    view = new EditorView(mount, {
      state: EditorState.create({ doc, plugins: [columnResizing(), tableEditing(), ...exampleSetup({ schema })] }),
    });
  },
  getHTML() {
    const div = document.createElement('div');
    div.append(DOMSerializer.fromSchema(schema).serializeFragment(view.state.doc.content));
    return div.innerHTML;
  },
  pasteTarget: () => view.dom,
  focusMiddle: () => focusMiddle(view),
  blocks: () => countBlocks(view),
  destroy() {
    view?.dom.parentNode?.remove();
    view?.destroy();
    view = null;
  },
};
