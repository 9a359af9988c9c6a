import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountEditor, pressWith, type TestEditor } from '../../helpers/editor.js';
import { copyFrom } from '../../helpers/clipboard.js';

/** Fires a real `copy` event on the editor and returns the plain text it put on the clipboard. */
function copiedText(editor: TestEditor): string {
  const { handled, text } = copyFrom(editor.view.dom);
  expect(handled, 'the editor handled the copy').to.equal(true);
  return text;
}

// What a plain text field (a terminal, a form, a chat box) gets when someone copies from the editor.
describe('copying as plain text', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  it('keeps each line break typed with Shift+Enter as a line break, blocks a blank line apart', async () => {
    editor = mountEditor('<p></p>');
    await sendKeys({ type: 'line one' });
    await pressWith('Enter', 'Shift');
    await sendKeys({ type: 'line two' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'next block' });
    // The first press selects the block's text, the second the whole document.
    await pressWith('a', 'Control');
    await pressWith('a', 'Control');
    expect(copiedText(editor)).to.equal('line one\nline two\n\nnext block');
  });

  it('writes a mention as its label and a break inside a list item as a line break', async () => {
    editor = mountEditor('<ul><li><p>Ask <span data-type="mention" data-id="7" data-label="Ada">@Ada</span><br>then ship</p></li></ul>');
    // The caret in the item's text: one press selects that text.
    await pressWith('a', 'Control');
    expect(copiedText(editor)).to.equal('Ask @Ada\nthen ship');
  });
});
