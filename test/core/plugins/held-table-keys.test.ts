import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Schema } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { editingSlots, fillSlots } from '../../../src/core/editing-slots.js';
import { heldTableKeysPlugin } from '../../../src/core/plugins/held-input.js';
import { tablePlugins } from '../../../src/core/plugins/table.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { nextTask, pressWith } from '../../helpers/editor.js';
import { caretCell, caretInCell, tableHTML } from '../commands/table-helpers.js';

// Table editing arrives after the editor started (the embed bundle fetches it when a table is
// first drawn): a Tab pressed in a table meanwhile is held, with what follows it, and replayed
// once it has arrived, so nothing typed lands in the wrong cell.

describe('held table keys', () => {
  const views: EditorView[] = [];
  afterEach(() => {
    for (const view of views.splice(0)) {
      view.destroy();
      view.dom.remove();
    }
  });

  /** An editor whose table editing arrives when the test says (`arrive`), or never (`fail`). */
  function editor(html: string) {
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const doc = parseHTML(html);
    const slots = editingSlots({ schema: doc.type.schema, tablesWaiting: [heldTableKeysPlugin(() => settled)] });
    const place = document.body.appendChild(document.createElement('div'));
    const view = new EditorView(place, { state: EditorState.create({ doc, plugins: fillSlots(slots, {}) }) });
    views.push(view);
    view.focus();
    return {
      view,
      arrive: async () => {
        view.updateState(view.state.reconfigure({ plugins: fillSlots(slots, { tables: (schema: Schema) => tablePlugins(schema) }) }));
        settle();
        await nextTask();
      },
      fail: async () => {
        settle();
        await nextTask();
      },
    };
  }
  const twoByTwo = tableHTML([
    ['a', 'b'],
    ['c', 'd'],
  ]);

  it('holds a Tab in a table and the keys after it (typing, Backspace, an arrow), and replays them in the next cell once table editing arrives', async () => {
    const { view, arrive } = editor(twoByTwo);
    caretInCell(view, 0, 0, 'end');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'xy' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ type: 'w' });
    expect(serializeHTML(view.state.doc), 'nothing typed in the first cell').to.equal(serializeHTML(parseHTML(twoByTwo)));
    expect(caretCell(view)).to.deep.equal([0, 0]);
    await arrive();
    // Tab selects the next cell's text, which the typing replaces; Backspace, the arrow and the last key follow.
    expect(serializeHTML(view.state.doc)).to.contain('<td><p>a</p></td><td><p>wx</p></td>');
    expect(caretCell(view)).to.deep.equal([0, 1]);
    // Once it is there, keys are table editing's own.
    await pressWith('Tab', 'Shift');
    expect(caretCell(view)).to.deep.equal([0, 0]);
  });

  it('holds Shift+Tab, and a Tab in the last cell adds a row when replayed', async () => {
    const { view, arrive } = editor(twoByTwo);
    caretInCell(view, 1, 1, 'end');
    await pressWith('Tab', 'Shift');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'e' });
    await arrive();
    expect(serializeHTML(view.state.doc)).to.contain('<tr><td><p>e</p></td><td><p></p></td></tr>');
    expect(caretCell(view)).to.deep.equal([2, 0]);
  });

  it('leaves Tab to the block in a cell that wants it, and to the editor outside tables', async () => {
    const { view } = editor(`<table><tr><td><pre><code>x</code></pre></td></tr></table><p>after</p>`);
    caretInCell(view, 0, 0, 'end');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'y' });
    expect(serializeHTML(view.state.doc), 'the code block indents, and typing is not held').to.contain('>x\ty</code>');
  });

  it('replays held keys when table editing cannot come: Tab does nothing then, and the text is typed', async () => {
    const { view, fail } = editor(twoByTwo);
    caretInCell(view, 0, 0, 'end');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'z' });
    await fail();
    expect(serializeHTML(view.state.doc)).to.contain('<td><p>az</p></td><td><p>b</p></td>');
  });
});
