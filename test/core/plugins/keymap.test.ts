import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AllSelection, TextSelection } from 'prosemirror-state';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, pressWith, type TestEditor } from '../../helpers/editor.js';

describe('editor keymap', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const html = () => serializeHTML(editor!.view.state.doc);

  function selectText(from: number, to: number): void {
    const { view } = editor!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, to)));
  }

  const shortcuts: Array<[key: string, modifiers: Array<'Control' | 'Shift'>, tag: string]> = [
    ['b', ['Control'], 'strong'],
    ['i', ['Control'], 'em'],
    ['u', ['Control'], 'u'],
    ['s', ['Control', 'Shift'], 's'],
    ['e', ['Control'], 'code'],
  ];
  for (const [key, modifiers, tag] of shortcuts) {
    it(`${modifiers.join('+')}+${key} toggles <${tag}> on the selection`, async () => {
      editor = mountEditor('<p>one two</p>');
      selectText(5, 8);
      await pressWith(key, ...modifiers);
      expect(html()).to.equal(`<p>one <${tag}>two</${tag}></p>`);
      await pressWith(key, ...modifiers);
      expect(html()).to.equal('<p>one two</p>');
    });
  }

  it('ArrowRight at the end of a paragraph ending in inline code leaves the code; the next ArrowRight moves on', async () => {
    editor = mountEditor('<p>a</p><p>next</p>', { caret: 2 });
    await sendKeys({ type: ' ' });
    await pressWith('e', 'Control');
    await sendKeys({ type: 'x = 1' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ type: ' then' });
    expect(html()).to.equal('<p>a <code>x = 1</code> then</p><p>next</p>');

    editor.destroy();
    editor = mountEditor('<p>a <code>cd</code></p><p>next</p>', { caret: 5 });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ type: 'X' });
    expect(html()).to.equal('<p>a <code>cd</code></p><p>Xnext</p>');
  });

  it('ArrowLeft at the start of a paragraph starting with inline code types before it, not in it; elsewhere the arrows move', async () => {
    editor = mountEditor('<p>before</p><p><code>cd</code> tail</p>', { caret: 9 });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ type: 'X' });
    expect(html()).to.equal('<p>before</p><p>X<code>cd</code> tail</p>');

    editor.destroy();
    editor = mountEditor('<p>a <code>cd</code> b</p>', { caret: 5 });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ type: 'X' });
    expect(html(), 'beside plain text the arrow moves').to.equal('<p>a <code>cd</code> Xb</p>');
  });

  it('Tab nests a list item and Shift-Tab lifts it back', async () => {
    editor = mountEditor('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    await sendKeys({ press: 'Tab' });
    expect(html()).to.equal('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>');
    await pressWith('Tab', 'Shift');
    expect(html()).to.equal('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
  });

  it('nests to-do items with Tab', async () => {
    editor = mountEditor('<ul data-type="taskList"><li data-type="taskItem"><p>a</p></li><li data-type="taskItem"><p>b</p></li></ul>');
    await sendKeys({ press: 'Tab' });
    const outer = editor.view.state.doc.firstChild!;
    expect(outer.childCount).to.equal(1);
    expect(outer.firstChild!.lastChild!.type.name).to.equal('task_list');
  });

  it('Enter splits a list item and Enter on an empty item lifts it out of the list', async () => {
    editor = mountEditor('<ul><li><p>a</p></li></ul>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'b' });
    expect(html()).to.equal('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'after' });
    expect(html()).to.equal('<ul><li><p>a</p></li><li><p>b</p></li></ul><p>after</p>');
  });

  it('Enter at the end of bold text starts the next line bold, and Ctrl+B there turns it off', async () => {
    editor = mountEditor('<p><strong>Total</strong></p>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'sum' });
    await sendKeys({ press: 'Enter' });
    await pressWith('b', 'Control');
    await sendKeys({ type: 'note' });
    expect(html()).to.equal('<p><strong>Total</strong></p><p><strong>sum</strong></p><p>note</p>');
  });

  it('Enter twice in the middle of a quote leaves it with a line of its own between two quotes', async () => {
    editor = mountEditor('<blockquote><p>first</p><p>second</p></blockquote>', { caret: 7 });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'between' });
    expect(html()).to.equal('<blockquote><p>first</p></blockquote><p>between</p><blockquote><p>second</p></blockquote>');
  });

  it('a new to-do item starts unchecked', async () => {
    editor = mountEditor('<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>a</p></li></ul>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'b' });
    const list = editor.view.state.doc.firstChild!;
    expect([list.child(0).attrs.checked, list.child(1).attrs.checked]).to.deep.equal([true, false]);
  });

  it('Tab in a code block inserts a tab and Enter never leaves the block', async () => {
    editor = mountEditor('<pre><code>x</code></pre>');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'y' });
    expect(editor.view.state.doc.childCount).to.equal(1);
    expect(editor.view.state.doc.firstChild!.textContent).to.equal('x\t\n\n\ny');
  });

  it('Tab and Shift-Tab over selected code indent and outdent its lines, replacing none of them', async () => {
    editor = mountEditor('<pre><code>one\ntwo\nthree</code></pre><p>after</p>');
    const code = () => editor!.view.state.doc.firstChild!.textContent;
    selectText(2, 6); // "ne\nt": the first two lines
    await sendKeys({ press: 'Tab' });
    expect(code()).to.equal('\tone\n\ttwo\nthree');
    await pressWith('Tab', 'Shift');
    expect(code()).to.equal('one\ntwo\nthree');
    // From the last line into the paragraph after: the code's line is indented, the paragraph left as it was.
    selectText(11, 18);
    await sendKeys({ press: 'Tab' });
    expect(code()).to.equal('one\ntwo\n\tthree');
    expect(editor.view.state.doc.lastChild!.textContent).to.equal('after');
    // A selection inside one line is indented too, not replaced by the tab.
    selectText(6, 7);
    await sendKeys({ press: 'Tab' });
    expect(code()).to.equal('one\n\ttwo\n\tthree');
  });

  it('Arrow Down at the end of a final code block creates a paragraph after it', async () => {
    editor = mountEditor('<pre><code>code</code></pre>');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ type: 'text' });
    expect(html()).to.equal('<pre data-language="plaintext"><code class="language-plaintext">code</code></pre><p>text</p>');
  });

  it('Arrow Up at the start of a first code block creates a paragraph before it', async () => {
    editor = mountEditor('<pre><code>code</code></pre>', { caret: 1 });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ type: 'text' });
    expect(html()).to.equal('<p>text</p><pre data-language="plaintext"><code class="language-plaintext">code</code></pre>');
  });

  it('Backspace after a code block, and Delete at its end, take a paragraph in with its mentions as text', async () => {
    const mention = '<span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span>';
    const code = (text: string) => `<pre data-language="plaintext"><code class="language-plaintext">${text}</code></pre>`;
    editor = mountEditor(`<pre><code>code</code></pre><p>hi ${mention}</p>`, { caret: 7 });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '!' });
    expect(html()).to.equal(code('code!hi @Ann Lee'));
    editor.destroy();
    editor = mountEditor(`<pre><code>code</code></pre><p>${mention} next</p>`, { caret: 5 });
    await sendKeys({ press: 'Delete' });
    await sendKeys({ type: '!' });
    expect(html()).to.equal(code('code!@Ann Lee next'));
  });

  it('Ctrl+A selects the current block first, then the whole document', async () => {
    editor = mountEditor('<p>first</p><p>second</p>');
    await pressWith('a', 'Control');
    const { selection } = editor.view.state;
    expect([selection.from, selection.to]).to.deep.equal([8, 14]);
    await pressWith('a', 'Control');
    expect(editor.view.state.selection).to.be.instanceOf(AllSelection);
  });

  it('Shift-Enter inserts a hard break', async () => {
    editor = mountEditor('<p>a</p>');
    await pressWith('Enter', 'Shift');
    await sendKeys({ type: 'b' });
    expect(html()).to.equal('<p>a<br>b</p>');
  });

  it('undo and redo take back and restore typing', async () => {
    editor = mountEditor('<p>a</p>');
    await sendKeys({ type: 'bc' });
    await pressWith('z', 'Control');
    expect(html()).to.equal('<p>a</p>');
    await pressWith('z', 'Control', 'Shift');
    expect(html()).to.equal('<p>abc</p>');
    await pressWith('z', 'Control');
    await pressWith('y', 'Control');
    expect(html()).to.equal('<p>abc</p>');
  });

  it('Ctrl+Shift+Z with nothing left to redo does nothing, whatever letter the key event names', async () => {
    editor = mountEditor('<p>a</p>');
    await sendKeys({ type: 'bc' });
    await pressWith('z', 'Control');
    await pressWith('z', 'Control', 'Shift');
    expect(html()).to.equal('<p>abc</p>');
    // The key as WebDriver (and Caps Lock) sends it: "z" with Shift held, not "Z".
    await pressWith('z', 'Control', 'Shift');
    expect(html(), 'not undone').to.equal('<p>abc</p>');
    await pressWith('Z', 'Control', 'Shift');
    expect(html(), 'not undone').to.equal('<p>abc</p>');
  });
});
