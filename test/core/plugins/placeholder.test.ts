import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { DEFAULT_PLACEHOLDER, placeholderPlugin } from '../../../src/core/plugins/placeholder.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

describe('placeholder', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });
  const shown = () => Array.from(editor!.view.dom.querySelectorAll('[data-placeholder]')).map((el) => el.getAttribute('data-placeholder'));

  it('shows the default text on an empty document and hides it once the user types', async () => {
    editor = mountEditor('', { plugins: [placeholderPlugin()] });
    expect(DEFAULT_PLACEHOLDER).to.equal("Press '/' for commands...");
    expect(shown()).to.deep.equal([DEFAULT_PLACEHOLDER]);
    await sendKeys({ type: 'a' });
    expect(shown()).to.deep.equal([]);
    await sendKeys({ press: 'Backspace' });
    expect(shown()).to.deep.equal([DEFAULT_PLACEHOLDER]);
  });

  it('shows configured text', () => {
    editor = mountEditor('', { plugins: [placeholderPlugin({ text: () => 'Write a comment' })] });
    expect(shown()).to.deep.equal(['Write a comment']);
  });

  it("shows 'Heading N' on the empty heading being written", async () => {
    editor = mountEditor('<p>intro</p><p></p>', { plugins: [placeholderPlugin()] });
    await sendKeys({ type: '## ' });
    expect(shown()).to.deep.equal(['Heading 2']);
    await sendKeys({ type: 'T' });
    expect(shown()).to.deep.equal([]);
  });

  it('shows nothing in an empty code block or table cell heading', () => {
    editor = mountEditor('<p>x</p><pre><code></code></pre>', { plugins: [placeholderPlugin()] });
    expect(shown()).to.deep.equal([]);
    editor.destroy();
    editor = mountEditor('<table><tr><td><h2></h2></td></tr></table>', { plugins: [placeholderPlugin()], caret: 4 });
    expect(editor.view.state.selection.$from.parent.type.name).to.equal('heading');
    expect(shown()).to.deep.equal([]);
  });
});
