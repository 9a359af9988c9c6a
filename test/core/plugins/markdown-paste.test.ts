import { expect } from '@open-wc/testing';
import { looksLikeMarkdown, markdownPastePlugin } from '../../../src/core/plugins/markdown-paste.js';
import { EditorState, TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { editingPlugins } from '../../../src/core/editor-state.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { captureLog } from '../../helpers/log.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { until } from '../../helpers/until.js';

function paste(editor: TestEditor, data: Record<string, string>): void {
  const clipboardData = new DataTransfer();
  for (const [type, value] of Object.entries(data)) clipboardData.setData(type, value);
  editor.view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

/**
 * The parser loads in the background once the editor has focus (or on a first paste, when
 * the window did not have focus to give): waits until a markdown paste at the caret takes,
 * then puts the document and the caret back as they were.
 */
async function parserLoaded(editor: TestEditor): Promise<void> {
  const { doc, selection } = editor.view.state;
  const probeFormats = () => {
    paste(editor, { 'text/plain': '**probe**' });
    return editor.view.state.doc.rangeHasMark(0, editor.view.state.doc.content.size, editor.view.state.schema.marks.bold);
  };
  await until(probeFormats, 'a markdown paste formatted (the parser loaded)', { saw: () => serializeHTML(editor.view.state.doc) });
  const tr = editor.view.state.tr.replaceWith(0, editor.view.state.doc.content.size, doc.content);
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, selection.from, selection.to)));
}

describe('markdown paste', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  it('tries the parser again at the next focus when its load failed (a focus while offline), with one warning', async () => {
    const log = captureLog();
    let tries = 0;
    const load = () => (++tries === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : import('../../../src/core/serialize/markdown-parse.js'));
    const host = document.body.appendChild(document.createElement('div'));
    const plugins = editingPlugins({ features: { markdownPaste: false }, plugins: [markdownPastePlugin({ load })] });
    const view = new EditorView(host, { state: EditorState.create({ doc: parseHTML('<p></p>'), plugins }) });
    const test: TestEditor = { view, destroy: () => (view.destroy(), host.remove()) };
    editor = test;
    try {
      view.focus();
      await until(() => log.entries.length > 0 || null, 'the failed load warned');
      expect(tries).to.equal(1);
      paste(test, { 'text/plain': '**bold**' });
      expect(serializeHTML(view.state.doc), 'pasted as text meanwhile').to.equal('<p>**bold**</p>');
      // Focus again: the parser is fetched again, and markdown then pastes formatted.
      view.dom.blur();
      view.focus();
      await parserLoaded(test);
      expect(tries).to.equal(2);
      expect(log.entries.map((entry) => entry.level)).to.deep.equal(['warn']);
    } finally {
      log.restore();
    }
  });

  it('warns once for a parser that cannot be loaded at all, however often it is tried', async () => {
    const log = captureLog();
    const attempts: Promise<never>[] = [];
    const load = () => {
      const attempt = Promise.reject(new Error('404'));
      attempts.push(attempt);
      return attempt;
    };
    const host = document.body.appendChild(document.createElement('div'));
    const plugins = editingPlugins({ features: { markdownPaste: false }, plugins: [markdownPastePlugin({ load })] });
    const view = new EditorView(host, { state: EditorState.create({ doc: parseHTML('<p></p>'), plugins }) });
    editor = { view, destroy: () => (view.destroy(), host.remove()) };
    try {
      // Focused again and again (each focus tries once the last try has ended) until the third try.
      await until(() => {
        view.dom.blur();
        view.focus();
        return attempts.length >= 3 || null;
      }, 'three tries');
      await Promise.allSettled(attempts);
      expect(log.entries.map((entry) => entry.level)).to.deep.equal(['warn']);
    } finally {
      log.restore();
    }
  });

  it('tells markdown from prose', () => {
    expect(looksLikeMarkdown('# Title')).to.equal(true);
    expect(looksLikeMarkdown('- one\n- two')).to.equal(true);
    expect(looksLikeMarkdown('see [docs](https://x.dev)')).to.equal(true);
    expect(looksLikeMarkdown('| a | b |\n| - | - |')).to.equal(true);
    expect(looksLikeMarkdown('Just a sentence, with 2 * 3 = 6.')).to.equal(false);
  });

  it('turns pasted markdown text into formatted content', async () => {
    editor = mountEditor('<p></p>');
    await parserLoaded(editor);
    paste(editor, { 'text/plain': '## Plan\n\n- [x] **ship** it\n- [ ] `test` it\n\n> quoted' });
    expect(serializeHTML(editor.view.state.doc)).to.equal(
      '<h2>Plan</h2><ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p><strong>ship</strong> it</p></div></li><li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p><code>test</code> it</p></div></li></ul><blockquote><p>quoted</p></blockquote>',
    );
  });

  it('keeps markdown as text inside a code block and when HTML is on the clipboard', async () => {
    editor = mountEditor('<p></p>');
    await parserLoaded(editor);
    paste(editor, { 'text/plain': '# title', 'text/html': '<p># title</p>' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p># title</p>');
    editor.destroy();
    editor = mountEditor('<pre><code></code></pre><p></p>');
    await parserLoaded(editor);
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.create(editor.view.state.doc, 1)));
    paste(editor, { 'text/plain': '# not a heading' });
    // The same editor formats markdown outside the code block: the parser is there.
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.atEnd(editor.view.state.doc)));
    paste(editor, { 'text/plain': '**bold**' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<pre data-language="plaintext"><code class="language-plaintext"># not a heading</code></pre><p><strong>bold</strong></p>');
  });
});
