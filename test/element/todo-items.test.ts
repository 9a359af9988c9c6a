/**
 * To-do items as a user meets them: the checkbox ticked by mouse keeps focus and the caret in the
 * text, Ctrl+Enter (⌘Enter) ticks the item the caret is in, and each box is named for a screen
 * reader from the strings table.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { fr } from '../../src/locales/fr.js';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { nextFrame, pressWith } from '../helpers/editor.js';
import { centre, content, expectAccessible, lastCharRect } from '../helpers/element-ui.js';
import { until } from '../helpers/until.js';

const item = (checked: boolean, text: string) => `<li data-type="taskItem" data-checked="${checked}"><p>${text}</p></li>`;
const LIST = `<ul data-type="taskList">${item(false, 'Buy milk')}${item(false, 'Call Ann')}</ul><p>Notes</p>`;

async function editor(value: string, strings?: Record<string, string>): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value} .strings=${strings} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  await nextFrame();
  return el;
}

/** Each to-do item's state in the document. */
function ticks(el: RichEditor): boolean[] {
  const states: boolean[] = [];
  el.editorView!.state.doc.descendants((node) => {
    if (node.type.name === 'task_item') states.push(node.attrs.checked as boolean);
  });
  return states;
}

const boxes = (el: RichEditor) => [...content(el).querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];

/** Clicks at the end of the text of the `index`th paragraph. */
async function clickEndOf(el: RichEditor, index: number): Promise<void> {
  const rect = lastCharRect(content(el).querySelectorAll('p')[index]!);
  await sendMouse({ type: 'click', position: [Math.round(rect.right - 1), Math.round(rect.top + rect.height / 2)] });
}

describe('to-do items', () => {
  it('ticks an item by its checkbox with focus and the caret left in the text', async () => {
    const el = await editor(LIST);
    await clickEndOf(el, 1);
    await until(() => el.editorView!.hasFocus() && el.editorView!.state.selection.$from.parent.textContent === 'Call Ann', 'the caret in the second item');
    await sendMouse({ type: 'click', position: centre(boxes(el)[0]!) });
    await until(() => ticks(el)[0], 'the first item ticked');
    expect(boxes(el).map((box) => box.checked)).to.deep.equal([true, false]);
    expect(el.editorView!.hasFocus(), 'focus in the text').to.equal(true);
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.contain('Call Ann!');
    await sendMouse({ type: 'click', position: centre(boxes(el)[0]!) });
    await until(() => !ticks(el)[0], 'the first item unticked');
    expect(boxes(el).map((box) => box.checked)).to.deep.equal([false, false]);
  });

  it('ticks the item the caret is in with Ctrl+Enter, and unticks it; in a paragraph Ctrl+Enter still breaks the line', async () => {
    const el = await editor(LIST);
    await clickEndOf(el, 0);
    await until(() => el.editorView!.state.selection.$from.parent.textContent === 'Buy milk', 'the caret in the first item');
    await pressWith('Enter', 'Control');
    expect(ticks(el)).to.deep.equal([true, false]);
    expect(boxes(el).map((box) => box.checked)).to.deep.equal([true, false]);
    await pressWith('Enter', 'Control');
    expect(ticks(el)).to.deep.equal([false, false]);
    await clickEndOf(el, 2);
    await until(() => el.editorView!.state.selection.$from.parent.textContent === 'Notes', 'the caret in the paragraph');
    await pressWith('Enter', 'Control');
    expect(el.getHTML()).to.contain('<p>Notes<br></p>');
    expect(ticks(el)).to.deep.equal([false, false]);
  });

  it('names each checkbox from the strings table, and the list passes axe', async () => {
    const el = await editor(LIST);
    expect(boxes(el).map((box) => box.getAttribute('aria-label'))).to.deep.equal(['Done', 'Done']);
    await expectAccessible(el);
    const french = await editor(LIST, fr);
    expect(boxes(french).map((box) => box.getAttribute('aria-label'))).to.deep.equal(['Terminé', 'Terminé']);
  });

  it('offers a read-only viewer\'s boxes as disabled, and enables them when the editor becomes editable', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly .value=${LIST} aria-label="Notes"></rich-editor>`);
    await el.updateComplete;
    expect(boxes(el).map((box) => box.disabled)).to.deep.equal([true, true]);
    await expectAccessible(el);
    el.readonly = false;
    await el.updateComplete;
    await until(() => boxes(el).every((box) => !box.disabled), 'the boxes enabled once the editor is editable');
    await sendMouse({ type: 'click', position: centre(boxes(el)[1]!) });
    expect(ticks(el)).to.deep.equal([false, true]);
  });
});
