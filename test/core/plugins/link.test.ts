import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { TextSelection } from 'prosemirror-state';
import { linkPlugin } from '../../../src/core/plugins/link.js';
import { removeLink, setLink } from '../../../src/core/plugins/link-commands.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, pressWith, type TestEditor } from '../../helpers/editor.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

const A = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">${text}</a>`;

function paste(editor: TestEditor, data: Record<string, string>): void {
  const clipboardData = new DataTransfer();
  for (const [type, value] of Object.entries(data)) clipboardData.setData(type, value);
  editor.view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

describe('links', () => {
  let editor: TestEditor | null = null;
  let opened: string[] = [];
  afterEach(() => {
    editor?.destroy();
    editor = null;
    opened = [];
  });
  const mount = (html: string, caret?: number) => {
    editor = mountEditor(html, { plugins: [linkPlugin({ open: (href) => opened.push(href) })], caret });
    return editor;
  };
  const html = () => serializeHTML(editor!.view.state.doc);
  const select = (from: number, to: number) =>
    editor!.view.dispatch(editor!.view.state.tr.setSelection(TextSelection.create(editor!.view.state.doc, from, to)));

  it('links a URL when the user types a space after it', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'see https://example.com/a?b=1 now' });
    expect(html()).to.equal(`<p>see ${A('https://example.com/a?b=1', 'https://example.com/a?b=1')} now</p>`);
  });

  it('links a www address with https and leaves trailing punctuation out', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'at www.example.org. ' });
    expect(html()).to.equal(`<p>at ${A('https://www.example.org', 'www.example.org')}. </p>`);
  });

  it('links a URL when the user presses Enter after it', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'http://example.com' });
    await sendKeys({ press: 'Enter' });
    // The new empty paragraph is trimmed from the HTML output.
    expect(html()).to.equal(`<p>${A('http://example.com', 'http://example.com')}</p>`);
    expect(editor!.view.state.doc.childCount).to.equal(2);
  });

  it('links a URL when the user presses Enter after it at the end of a list item or a to-do', async () => {
    mount('<ul><li><p>docs: </p></li></ul><ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>read </p></li></ul>', 9);
    await sendKeys({ type: 'https://example.com/a' });
    await sendKeys({ press: 'Enter' });
    const end = editor!.view.state.doc.content.size - 2;
    editor!.view.dispatch(editor!.view.state.tr.setSelection(TextSelection.create(editor!.view.state.doc, end)));
    await sendKeys({ type: 'www.example.org' });
    await sendKeys({ press: 'Enter' });
    const links = html().match(/<a [^>]*>[^<]*<\/a>/g);
    expect(links).to.deep.equal([A('https://example.com/a', 'https://example.com/a'), A('https://www.example.org', 'www.example.org')]);
    expect(editor!.view.state.doc.firstChild!.childCount, 'Enter made a new item').to.equal(2);
  });

  it('links a URL when the user presses Shift+Enter after it', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'see https://example.com/b' });
    await pressWith('Enter', 'Shift');
    await sendKeys({ type: 'next' });
    expect(html()).to.equal(`<p>see ${A('https://example.com/b', 'https://example.com/b')}<br>next</p>`);
  });

  it('takes back only the link on the first undo after a URL is linked, and the typing on the next', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'see www.example.com ' });
    expect(html()).to.equal(`<p>see ${A('https://www.example.com', 'www.example.com')} </p>`);
    await pressWith('z', 'Control');
    expect(html(), 'the text and the space stay').to.equal('<p>see www.example.com </p>');
    await pressWith('z', 'Control');
    expect(html()).to.equal('');
    await pressWith('z', 'Control', 'Shift');
    await pressWith('z', 'Control', 'Shift');
    expect(html(), 'redo brings the typing, then the link').to.equal(`<p>see ${A('https://www.example.com', 'www.example.com')} </p>`);
  });

  it('takes back only the link on the first undo after Enter linked a URL, keeping the new line', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'https://example.com/a' });
    await sendKeys({ press: 'Enter' });
    await pressWith('z', 'Control');
    expect(html()).to.equal('<p>https://example.com/a</p>');
    expect(editor!.view.state.doc.childCount, 'the line Enter made stays').to.equal(2);
    await sendKeys({ type: 'next' });
    expect(html(), 'typing goes on where the caret was').to.equal('<p>https://example.com/a</p><p>next</p>');
  });

  it('takes back the link a typed space just made on Backspace, keeping the text and the space', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'see https://example.com/a ' });
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal('<p>see https://example.com/a </p>');
    await sendKeys({ press: 'Backspace' });
    expect(html(), 'the next Backspace deletes the space').to.equal('<p>see https://example.com/a</p>');
    await pressWith('z', 'Control');
    expect(html(), 'undo puts the space back').to.equal('<p>see https://example.com/a </p>');
    editor!.destroy();
    // Once the caret has moved, Backspace deletes as always.
    mount('<p></p>');
    await sendKeys({ type: 'see https://example.com/a ' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal(`<p>see ${A('https://example.com/a', 'https://example.com/a')}</p>`);
  });

  it('never links javascript: or other schemes as they are typed', async () => {
    mount('<p></p>');
    await sendKeys({ type: 'javascript:alert(1) ftp://example.com mailto:a@b.c ' });
    expect(html()).to.equal('<p>javascript:alert(1) ftp://example.com mailto:a@b.c </p>');
  });

  it('does not auto-link inside code', async () => {
    mount('<pre><code></code></pre>');
    await sendKeys({ type: 'https://example.com ' });
    expect(editor!.view.state.doc.rangeHasMark(0, editor!.view.state.doc.content.size, editor!.view.state.schema.marks.link)).to.equal(false);
  });

  it('a link showing its own address follows a fix typed inside it, and undo puts both back', async () => {
    mount(`<p>see ${A('https://exampe.com', 'https://exampe.com')} now</p>`, 18);
    await sendKeys({ type: 'l' });
    expect(html()).to.equal(`<p>see ${A('https://example.com', 'https://example.com')} now</p>`);
    await pressWith('z', 'Control');
    expect(html()).to.equal(`<p>see ${A('https://exampe.com', 'https://exampe.com')} now</p>`);
  });

  it('a link showing its own address follows letters deleted from it, and goes once it reads as no address', async () => {
    mount(`<p>see ${A('https://example.com/ab', 'https://example.com/ab')} now</p>`, 27);
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal(`<p>see ${A('https://example.com/a', 'https://example.com/a')} now</p>`);
    editor!.destroy();
    mount(`<p>see ${A('https://example.com', 'https://example.com')} now</p>`, 11);
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal('<p>see https//example.com now</p>');
  });

  it('takes text typed right after an address link into it when the word ends', async () => {
    mount(`<p>see ${A('https://example.com', 'https://example.com')}</p>`);
    await sendKeys({ type: '/docs then' });
    expect(html()).to.equal(`<p>see ${A('https://example.com/docs', 'https://example.com/docs')} then</p>`);
  });

  it('keeps the address of a link on other words whatever is typed in them', async () => {
    mount(`<p>see ${A('https://example.com', 'the docs')} now</p>`, 8);
    await sendKeys({ type: 'se' });
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal(`<p>see ${A('https://example.com', 'thes docs')} now</p>`);
    editor!.destroy();
    mount(`<p>see ${A('https://example.com', 'https://example.com')} and ${A('https://other.org', 'https://example.com')}</p>`);
    await sendKeys({ type: '/x ' });
    expect(html()).to.equal(`<p>see ${A('https://example.com', 'https://example.com')} and ${A('https://other.org', 'https://example.com')}/x </p>`);
  });

  it('links URLs in pasted plain text', () => {
    mount('<p></p>');
    paste(editor!, { 'text/plain': 'docs at https://example.com/docs and more' });
    expect(html()).to.equal(`<p>docs at ${A('https://example.com/docs', 'https://example.com/docs')} and more</p>`);
  });

  it('links the selection when a URL is pasted over it', () => {
    mount('<p>read this</p>');
    select(6, 10);
    paste(editor!, { 'text/plain': 'https://example.com' });
    expect(html()).to.equal(`<p>read ${A('https://example.com', 'this')}</p>`);
  });

  it('pastes an invalid URL over a selection as text, linking nothing', () => {
    mount('<p>read this</p>');
    select(6, 10);
    paste(editor!, { 'text/plain': 'javascript:alert(1)' });
    expect(html()).to.equal('<p>read javascript:alert(1)</p>');
  });

  it('opens a clicked link in a new tab and keeps a valid caret', async () => {
    mount(`<p>go ${A('https://example.com', 'there')} now</p>`, 1);
    const anchor = editor!.view.dom.querySelector('a')!;
    const rect = anchor.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 5), Math.round(rect.top + rect.height / 2)] });
    expect(opened).to.deep.equal(['https://example.com']);
    const { selection } = editor!.view.state;
    expect(selection.empty).to.equal(true);
    expect(selection.from).to.be.within(4, 9);
    await sendKeys({ type: 'x' });
    expect(editor!.view.state.doc.textContent).to.contain('x');
  });

  it('opens a clicked link in read-only mode too', async () => {
    editor = mountEditor(`<p>${A('https://example.com/ro', 'read')}</p>`, { plugins: [linkPlugin({ open: (href) => opened.push(href) })], editable: false });
    const rect = editor.view.dom.querySelector('a')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 3), Math.round(rect.top + rect.height / 2)] });
    expect(opened).to.deep.equal(['https://example.com/ro']);
  });

  it('sets, updates and removes a link with commands', () => {
    mount('<p>one two</p>');
    select(5, 8);
    expect(setLink('https://a.example')(editor!.view.state, editor!.view.dispatch)).to.equal(true);
    expect(html()).to.equal(`<p>one ${A('https://a.example', 'two')}</p>`);
    select(6, 6);
    expect(setLink('https://b.example')(editor!.view.state, editor!.view.dispatch)).to.equal(true);
    expect(html()).to.equal(`<p>one ${A('https://b.example', 'two')}</p>`);
    expect(removeLink(editor!.view.state, editor!.view.dispatch)).to.equal(true);
    expect(html()).to.equal('<p>one two</p>');
  });

  it('links to a bare domain with https://', () => {
    mount('<p>one two</p>');
    select(5, 8);
    expect(setLink('example.com/docs')(editor!.view.state, editor!.view.dispatch)).to.equal(true);
    expect(html()).to.equal(`<p>one ${A('https://example.com/docs', 'two')}</p>`);
  });

  it('refuses an empty or invalid URL and changes nothing', () => {
    mount('<p>one two</p>');
    select(5, 8);
    const before = editor!.view.state.doc;
    for (const bad of ['', '   ', 'not a url', 'javascript:alert(1)', 'data:text/html,x', '/relative', 'me@example.com']) {
      expect(setLink(bad)(editor!.view.state, editor!.view.dispatch), bad).to.equal(false);
    }
    expect(editor!.view.state.doc.eq(before)).to.equal(true);
  });
});
