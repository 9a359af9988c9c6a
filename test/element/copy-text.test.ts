/**
 * What a copy leaves on the clipboard from <rich-editor>: a selection made with the keys, a real
 * `copy` ClipboardEvent on the content, and its text/plain, which reads like Google Docs' and
 * Notion's (list markers, nested items indented, numbers from the list's start), and its
 * text/html, which carries none of the editor's own flags.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import { copyFrom } from '../helpers/clipboard.js';
import { pressWith } from '../helpers/editor.js';
import { caretAfter, content } from '../helpers/element-ui.js';
import { selectedText, until } from './toolbar/helpers.js';

const LISTS =
  '<h2>Plan</h2>' +
  '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul>' +
  '<ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>' +
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>done</p></li><li data-type="taskItem" data-checked="false"><p>to do</p></li></ul>';

async function editor(value: string, features: RichEditor['features'] = {}): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .features=${features} .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  return el;
}

/** Fires a copy on the content, as the browser does for Ctrl+C, and returns the text it left. */
function copiedText(el: RichEditor): string {
  const copied = copyFrom(content(el));
  expect(copied.handled, 'the editor wrote the clipboard').to.equal(true);
  return copied.text;
}

describe('copying lists as plain text', () => {
  it('gives every list’s items with their markers when the whole document is selected', async () => {
    const el = await editor(LISTS);
    await caretAfter(el, 'Pl');
    // The first Ctrl+A selects the heading's text, the second the document.
    await pressWith('a', 'Control');
    await pressWith('a', 'Control');
    await until(() => selectedText(el).includes('to do'), 'the whole document selected');
    expect(copiedText(el)).to.equal('Plan\n\n- one\n  - nested\n- two\n\n3. three\n4. four\n\n- [x] done\n- [ ] to do');
  });

  it('keeps the marker of the item a selection starts inside and of every item after, and gives words inside one item as they are', async () => {
    const el = await editor(LISTS);
    await caretAfter(el, 'thr');
    await pressWith('End', 'Control', 'Shift');
    await until(() => selectedText(el).includes('to do'), 'the selection to the end');
    expect(copiedText(el)).to.equal('3. ee\n4. four\n\n- [x] done\n- [ ] to do');
    await caretAfter(el, 'nes');
    await pressWith('ArrowLeft', 'Shift');
    await pressWith('ArrowLeft', 'Shift');
    await pressWith('ArrowLeft', 'Shift');
    await until(() => selectedText(el) === 'nes', '"nes" selected');
    expect(copiedText(el)).to.equal('nes');
  });
});

describe('copying to-do lists as HTML', () => {
  // Table editing, a part of its own, used to be what wrote the clipboard's HTML without them; an
  // editor with tables off (or one whose table editing has not arrived) put the flags on it.
  for (const features of [{}, { tables: false }]) {
    it(`leaves the checkboxes editable wherever the HTML is pasted${features.tables === false ? ', tables off' : ''}`, async () => {
      const el = await editor(LISTS, features);
      expect(content(el).querySelector('li[data-type="taskItem"] > [contenteditable="false"]'), 'the editor’s own checkbox is not editable text').to.exist;
      await caretAfter(el, 'Pl');
      await pressWith('a', 'Control');
      await pressWith('a', 'Control');
      await until(() => selectedText(el).includes('to do'), 'the whole document selected');
      const copied = copyFrom(content(el));
      expect(copied.html).to.contain('data-type="taskItem"');
      expect(copied.html).to.contain('type="checkbox"');
      expect(copied.html).not.to.contain('contenteditable');
    });
  }
});
