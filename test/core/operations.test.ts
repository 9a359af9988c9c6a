import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { GapCursor } from 'prosemirror-gapcursor';
import { Plugin, TextSelection } from 'prosemirror-state';
import { REPLACE_CONTENT_META } from '../../src/core/transaction-meta.js';
import {
  clearContent,
  focusAt,
  insertAtSavedSelection,
  savedSelectionPlugin,
  setContent,
} from '../../src/core/operations.js';
import { parseHTML, serializeHTML } from '../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../helpers/editor.js';
import { captureLog } from '../helpers/log.js';

describe('editor operations', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });
  const html = () => serializeHTML(editor!.view.state.doc);

  it('clears the document to one empty paragraph', () => {
    editor = mountEditor('<h1>a</h1><p>b</p>');
    expect(clearContent(editor.view)).to.equal(true);
    expect(editor.view.state.doc.toJSON()).to.deep.equal({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('sets a value as HTML, and does nothing when it is already the document', () => {
    editor = mountEditor('<p>old</p>');
    expect(setContent(editor.view, '<h2>new</h2>')).to.equal(true);
    expect(html()).to.equal('<h2>new</h2>');
    expect(setContent(editor.view, '<h2>new</h2>')).to.equal(false);
  });

  it('lets a plugin refuse an outside replacement (as a running upload does)', () => {
    const guard = new Plugin({ filterTransaction: (tr) => !tr.getMeta(REPLACE_CONTENT_META) });
    editor = mountEditor('<p>kept</p>', { plugins: [guard] });
    expect(setContent(editor.view, '<p>lost</p>')).to.equal(false);
    expect(clearContent(editor.view)).to.equal(false);
    expect(html()).to.equal('<p>kept</p>');
  });

  it('inserts text at the last saved selection after focus moved away', async () => {
    editor = mountEditor('<p>Hello world</p>', { plugins: [savedSelectionPlugin()], caret: 6 });
    const input = document.createElement('input');
    document.body.appendChild(input);
    input.focus();
    await sendKeys({ type: 'elsewhere' });
    expect(insertAtSavedSelection(editor.view, ',')).to.equal(true);
    expect(html()).to.equal('<p>Hello, world</p>');
    expect(insertAtSavedSelection(editor.view, '<strong>!</strong>', { asHtml: true })).to.equal(true);
    expect(html()).to.equal('<p>Hello,<strong>!</strong> world</p>');
    input.remove();
  });

  it('inserts lines of text as line breaks that survive being read back, and as lines in code', () => {
    editor = mountEditor('<p>Dear <strong>team</strong></p><pre><code>x</code></pre>', { plugins: [savedSelectionPlugin()], caret: 10 });
    // In bold, where the caret is; Windows line ends too.
    expect(insertAtSavedSelection(editor.view, ',\r\nsee you\nsoon')).to.equal(true);
    expect(html()).to.equal('<p>Dear <strong>team,<br>see you<br>soon</strong></p><pre data-language="plaintext"><code class="language-plaintext">x</code></pre>');
    expect(serializeHTML(parseHTML(html()))).to.equal(html());
    const inCode = editor.view.state.doc.content.size - 1;
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.create(editor.view.state.doc, inCode)));
    expect(insertAtSavedSelection(editor.view, '\r\ny')).to.equal(true);
    expect(editor.view.state.doc.lastChild!.textContent).to.equal('x\ny');
  });

  it('skips and logs an insertion into a destroyed editor', () => {
    editor = mountEditor('<p>x</p>', { plugins: [savedSelectionPlugin()] });
    const { view } = editor;
    editor.destroy();
    editor = null;
    const log = captureLog();
    try {
      expect(insertAtSavedSelection(view, 'y')).to.equal(false);
      expect(insertAtSavedSelection(null, 'y')).to.equal(false);
    } finally {
      log.restore();
    }
    expect(log.entries.map((e) => e.message)).to.deep.equal([
      'Content was not inserted: the editor is destroyed',
      'Content was not inserted: the editor is destroyed',
    ]);
  });

  it('focuses at the end after the last text, changing nothing, and at the start in a new paragraph', async () => {
    editor = mountEditor('<h1>Title</h1><ul><li><p>Body</p></li></ul>');
    (document.activeElement as HTMLElement | null)?.blur();
    const before = editor.view.state.doc;
    expect(focusAt(editor.view, 'end')).to.equal(true);
    expect(editor.view.hasFocus()).to.equal(true);
    expect(editor.view.state.doc === before).to.equal(true);
    await sendKeys({ type: ' end' });
    expect(html()).to.equal('<h1>Title</h1><ul><li><p>Body end</p></li></ul>');
    expect(focusAt(editor.view, 'start')).to.equal(true);
    await sendKeys({ type: 'start' });
    expect(html()).to.equal('<p>start</p><h1>Title</h1><ul><li><p>Body end</p></li></ul>');
  });

  it('focuses at the end in the gap after a last block without text, changing nothing', async () => {
    editor = mountEditor('<p>Body</p><hr>');
    (document.activeElement as HTMLElement | null)?.blur();
    const before = editor.view.state.doc;
    expect(focusAt(editor.view, 'end')).to.equal(true);
    expect(editor.view.state.doc === before).to.equal(true);
    expect(editor.view.state.selection instanceof GapCursor).to.equal(true);
    await sendKeys({ type: 'after' });
    expect(html()).to.equal('<p>Body</p><hr><p>after</p>');
  });

  it('logs instead of throwing when asked to focus a destroyed editor', () => {
    editor = mountEditor('<p>x</p>');
    const { view } = editor;
    editor.destroy();
    editor = null;
    const log = captureLog();
    try {
      expect(focusAt(view, 'start')).to.equal(false);
    } finally {
      log.restore();
    }
    expect(log.entries[0].message).to.equal('Focus was not set: the editor is missing or destroyed');
  });
});
