/**
 * Pasting what real apps put on the clipboard into a <rich-editor>: each fixture (see
 * test/fixtures/paste/index.ts for the app and version it imitates) is delivered as a
 * real `paste` ClipboardEvent carrying every entry the app writes, and the editor's
 * HTML must come out as expected: Word lists as nested lists, checklists as to-do
 * lists, IDE copies as code blocks, refused links as their text.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import { PASTE_FIXTURES, readPasteFixture, type PasteFixture } from '../fixtures/paste/index.js';
import { content } from '../helpers/element-ui.js';
import { clipboardEvent } from '../helpers/clipboard.js';

async function pasteInto(el: RichEditor, fixtureEntry: PasteFixture): Promise<void> {
  const transfer = new DataTransfer();
  transfer.setData('text/html', await readPasteFixture(fixtureEntry));
  for (const [type, value] of Object.entries(fixtureEntry.types ?? {})) transfer.setData(type, value);
  content(el).focus();
  content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
}

describe('paste from the apps people copy from', () => {
  for (const entry of PASTE_FIXTURES) {
    it(`${entry.file}: ${entry.source}`, async () => {
      const el = await fixture<RichEditor>(html`<rich-editor aria-label="Notes"></rich-editor>`);
      await pasteInto(el, entry);
      el.editorView!.state.doc.check();
      expect(el.getHTML()).to.equal(entry.expected);
      expect(el.getHTML()).to.not.contain('href=""');
      expect((window as { __pastedScriptRan?: boolean }).__pastedScriptRan).to.equal(undefined);
    });
  }
});
