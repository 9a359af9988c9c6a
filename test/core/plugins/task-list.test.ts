import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { taskListPlugin } from '../../../src/core/plugins/task-list.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

const LIST = '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>a</p></li><li data-type="taskItem" data-checked="true"><p>b</p></li></ul>';

async function clickBox(editor: TestEditor, index: number): Promise<void> {
  const box = editor.view.dom.querySelectorAll('input[type="checkbox"]')[index];
  const rect = box.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}

describe('to-do checkboxes', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });
  const checked = () => {
    const list = editor!.view.state.doc.firstChild!;
    return [list.child(0).attrs.checked, list.child(1).attrs.checked];
  };

  it('toggles an item when its checkbox is clicked', async () => {
    editor = mountEditor(LIST, { plugins: [taskListPlugin()] });
    await clickBox(editor, 0);
    expect(checked()).to.deep.equal([true, true]);
    await clickBox(editor, 1);
    expect(checked()).to.deep.equal([true, false]);
    const boxes = editor.view.dom.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([boxes[0].checked, boxes[1].checked]).to.deep.equal([true, false]);
  });

  it('does not toggle in read-only mode, in the document or on screen', async () => {
    editor = mountEditor(LIST, { plugins: [taskListPlugin()], editable: false });
    await clickBox(editor, 0);
    expect(checked()).to.deep.equal([false, true]);
    expect(editor.view.dom.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).to.equal(false);
  });

  it('disables the boxes while the editor is read-only, and enables them when it becomes editable', async () => {
    editor = mountEditor(LIST, { plugins: [taskListPlugin()], editable: false });
    const disabled = () => [...editor!.view.dom.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((box) => box.disabled);
    expect(disabled()).to.deep.equal([true, true]);
    editor.view.setProps({ editable: () => true });
    expect(disabled()).to.deep.equal([false, false]);
    await clickBox(editor, 0);
    expect(checked()).to.deep.equal([true, true]);
    editor.view.setProps({ editable: () => false });
    expect(disabled()).to.deep.equal([true, true]);
  });
});
