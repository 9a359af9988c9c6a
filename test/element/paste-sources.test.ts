/**
 * Pasting what real apps put on the clipboard into a <rich-editor>: each fixture (see
 * test/fixtures/paste/index.ts for the app and version it imitates) is delivered as a
 * real `paste` ClipboardEvent carrying every entry the app writes, and the editor's
 * HTML must come out as expected: Word lists as nested lists, checklists as to-do
 * lists, IDE copies as code blocks, refused links as their text.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { TextSelection } from 'prosemirror-state';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { PASTE_FIXTURES, readPasteFixture, type PasteFixture } from '../fixtures/paste/index.js';
import { content } from '../helpers/element-ui.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { until } from '../helpers/until.js';

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

describe('paste of a few words inside a paragraph', () => {
  /** Pastes `htmlText` (with `plain` beside it, as the app writes both) at `offset` into the paragraph "Hello world". */
  async function pasteAt(offset: number, htmlText: string, plain: string): Promise<RichEditor> {
    const el = await fixture<RichEditor>(html`<rich-editor aria-label="Notes" .value=${'<p>Hello world</p>'}></rich-editor>`);
    const view = el.editorView!;
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1 + offset)));
    const transfer = new DataTransfer();
    transfer.setData('text/html', htmlText);
    transfer.setData('text/plain', plain);
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    return el;
  }

  const CHROME_PAGE = (text: string) =>
    `<meta charset='utf-8'><span style="color: rgb(31, 35, 40); font-family: -apple-system, BlinkMacSystemFont, &quot;Segoe UI&quot;, sans-serif; font-size: 16px; font-style: normal; font-weight: 400; white-space: normal; background-color: rgb(255, 255, 255); display: inline !important; float: none;">${text}</span>`;
  const GOOGLE_DOCS = (text: string) =>
    `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5f1c2b7e-7fff-3a1d-93c4-0c8e1f2a9b11"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">${text}</span></b>`;

  for (const [source, shape] of [
    ['a web page copied in Chromium', CHROME_PAGE],
    ['Google Docs', GOOGLE_DOCS],
  ] as const) {
    it(`keeps the space a copy from ${source} ends with`, async () => {
      const el = await pasteAt('Hello '.length, shape('copied '), 'copied ');
      expect(el.getHTML()).to.equal('<p>Hello copied world</p>');
    });

    it(`keeps the space a copy from ${source} starts with`, async () => {
      const el = await pasteAt('Hello'.length, shape(' copied'), ' copied');
      expect(el.getHTML()).to.equal('<p>Hello copied world</p>');
    });
  }

  it('adds no space the copy did not have, and none twice', async () => {
    expect((await pasteAt('Hello '.length, CHROME_PAGE('copied'), 'copied')).getHTML()).to.equal('<p>Hello copiedworld</p>');
    // This editor's own copy keeps its spaces already.
    expect((await pasteAt('Hello '.length, '<p data-pm-slice="1 1 []">copied </p>', 'copied ')).getHTML()).to.equal('<p>Hello copied world</p>');
  });
});

describe('a table pasted into a table', () => {
  for (const file of ['word-table.html', 'excel.html']) {
    it(`fills the cells from the caret's on (${file}), as a table pasted there is taken`, async () => {
      const entry = PASTE_FIXTURES.find((candidate) => candidate.file === file)!;
      const el = await fixture<RichEditor>(
        html`<rich-editor aria-label="Notes" .value=${'<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></tbody></table><p>x</p>'}></rich-editor>`,
      );
      const view = el.editorView!;
      view.focus();
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 4)));
      const before = view.state.doc;
      await pasteInto(el, entry);
      // A paste in a table before table editing has arrived is held and pasted through it then.
      await until(() => !view.state.doc.eq(before), 'the pasted table', { saw: () => view.state.doc.toString() });
      view.state.doc.check();
      const table = view.state.doc.firstChild!;
      expect(table.type.name).to.equal('table');
      let nested = false;
      table.descendants((node) => {
        if (node.type.name === 'table') nested = true;
      });
      expect(nested, 'no table inside a cell').to.equal(false);
      expect(table.firstChild!.firstChild!.textContent).to.equal(file === 'excel.html' ? 'Item' : 'Task');
    });
  }
});
