import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { pressWith } from '../helpers/editor.js';
import { centre, expectAccessible } from '../helpers/element-ui.js';
import { captureLog } from '../helpers/log.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { until } from '../helpers/until.js';

function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

function pasteFiles(el: RichEditor, files: File[]): void {
  const clipboardData = new DataTransfer();
  for (const file of files) clipboardData.items.add(file);
  content(el).dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

const MENTION = '<p>hi <span data-type="mention" data-id="u1" data-label="Ada" data-redirect-uri="#profile-ada" data-entity-identifier="u1" data-entity-name="user_mention">@Ada</span></p>';

describe('<rich-editor> public API', () => {
  it('submits its HTML with its form and resets to its markup value', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rich-editor name="description" value="<p>Start</p>"></rich-editor></form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    content(el).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' here' });
    // Read right away: the entry is the current HTML even before the form value's idle refresh.
    expect(new FormData(form).get('description')).to.equal('<p>Start here</p>');
    form.reset();
    expect(el.getHTML()).to.equal('<p>Start</p>');
    expect(new FormData(form).get('description')).to.equal('<p>Start</p>');
  });

  it('reads no value back while it starts, from a property or the attribute (a long document is parsed once)', async () => {
    const ctor = customElements.get('rich-editor') as typeof HTMLElement;
    const descriptor = Object.getOwnPropertyDescriptor(ctor.prototype, 'value')!;
    let reads = 0;
    Object.defineProperty(ctor.prototype, 'value', {
      ...descriptor,
      get(this: RichEditor) {
        reads++;
        return descriptor.get!.call(this);
      },
    });
    try {
      const byProperty = document.createElement('rich-editor') as RichEditor;
      byProperty.value = '<p>set as a property</p>';
      document.body.append(byProperty);
      await byProperty.updateComplete;
      const byAttribute = await fixture<RichEditor>(html`<rich-editor value="<p>set as the attribute</p>"></rich-editor>`);
      expect(reads).to.equal(0);
      expect(byProperty.value).to.equal('<p>set as a property</p>');
      expect(byAttribute.value).to.equal('<p>set as the attribute</p>');
      byAttribute.setAttribute('value', '<p>changed attribute</p>');
      expect(byAttribute.getHTML()).to.equal('<p>changed attribute</p>');
      byProperty.remove();
    } finally {
      Object.defineProperty(ctor.prototype, 'value', descriptor);
    }
  });

  it('computes the change event values only when read, once', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>a</p>"></rich-editor>`);
    content(el).focus();
    const changed = oneEvent(el, 'rich-editor-change');
    await sendKeys({ type: 'b' });
    const { detail } = await changed;
    expect(Object.getOwnPropertyDescriptor(detail, 'html')!.get, 'html is a lazy getter').to.be.a('function');
    const first = detail.json;
    expect(detail.json).to.equal(first);
    expect(detail.html).to.equal('<p>ba</p>');
  });

  it('reports an invalid upload with the spec message, as an event and an inline alert', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>x</p>"></rich-editor>`);
    el.uploadFile = () => Promise.resolve('https://example.com/a.png');
    const failed = oneEvent(el, 'rich-editor-upload-error');
    pasteFiles(el, [new File(['text'], 'notes.txt', { type: 'text/plain' })]);
    const event = await failed;
    expect(event.detail.message).to.equal('Invalid file type. Please select an image file.');
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
    // What a screen reader says: the message, without the button's word.
    expect(alert.textContent!.trim()).to.equal('Invalid file type. Please select an image file.');
    // Dismissed from the keyboard: focus goes back to the text, not to the page's body.
    (el.shadowRoot!.querySelector('[part="alert"] button') as HTMLButtonElement).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    expect(el.shadowRoot!.activeElement, 'focus back in the text').to.equal(content(el));
  });

  it('uploads a pasted image through the host callback and refuses outside replacement meanwhile', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>x</p>"></rich-editor>`);
    let finish: (src: string) => void = () => {};
    el.uploadFile = () => new Promise<string>((resolve) => (finish = resolve));
    content(el).focus();
    pasteFiles(el, [new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' })]);
    const log = captureLog();
    try {
      el.setValue('<p>replaced</p>');
    } finally {
      log.restore();
    }
    expect(log.entries.map((e) => e.message)).to.deep.equal(['The value was not replaced: an image upload is in progress']);
    expect(el.getHTML()).to.equal('<p>x</p>');
    finish('https://example.com/a.png');
    await until(() => el.getHTML().includes('src="https://example.com/a.png"'), 'the uploaded image in the document', { saw: () => el.getHTML() });
    el.setValue('<p>replaced</p>');
    expect(el.getHTML()).to.equal('<p>replaced</p>');
  });

  it('fires a cancelable mention click whose default goes to the redirect address', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value=${MENTION}></rich-editor>`);
    const mention = content(el).querySelector('.mention')!;
    const rect = mention.getBoundingClientRect();
    // Two spots on the mention, apart by more than the 10 px within which ProseMirror (and the
    // browser, within its own few pixels) takes a second click soon after the first for a double click.
    const y = Math.round(rect.top + rect.height / 2);
    const first: [number, number] = [Math.round(rect.left + rect.width * 0.2), y];
    const second: [number, number] = [Math.round(rect.right - rect.width * 0.2), y];
    expect(second[0] - first[0], 'the spots are apart').to.be.above(10);

    const prevented = oneEvent(el, 'rich-editor-mention-click');
    el.addEventListener('rich-editor-mention-click', (e) => e.preventDefault(), { once: true });
    await sendMouse({ type: 'click', position: first });
    const { detail } = await prevented;
    expect(detail.redirect_uri).to.equal('#profile-ada');
    expect(detail.label).to.equal('Ada');
    expect(location.hash).to.not.equal('#profile-ada');

    const followed = oneEvent(el, 'rich-editor-mention-click');
    await sendMouse({ type: 'click', position: second });
    await followed;
    expect(location.hash).to.equal('#profile-ada');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('never follows a mention to another site by default: the event fires, the page stays', async () => {
    const targets = ['https://evil.example/phish', '//evil.example/x'];
    const mention = (target: string, label: string) => `<span data-type="mention" data-id="${label}" data-label="${label}" data-redirect-uri="${target}">@${label}</span>`;
    const el = await fixture<RichEditor>(html`<rich-editor value=${`<p>${mention(targets[0]!, 'Eve')} and then ${mention(targets[1]!, 'Mallory')}</p>`}></rich-editor>`);
    const page = location.href;
    // One click on each: far enough apart that the second is not taken for a double click.
    for (const [index, chip] of Array.from(content(el).querySelectorAll('.mention')).entries()) {
      const rect = chip.getBoundingClientRect();
      const clicked = oneEvent(el, 'rich-editor-mention-click');
      await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
      const { detail, defaultPrevented } = await clicked;
      expect(detail.redirect_uri, 'the host still learns where it points').to.equal(targets[index]);
      expect(defaultPrevented).to.equal(false);
      expect(location.href).to.equal(page);
    }
  });

  it('makes mentions not clickable in read-only mode', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly value=${MENTION}></rich-editor>`);
    let clicks = 0;
    el.addEventListener('rich-editor-mention-click', () => clicks++);
    const rect = content(el).querySelector('.mention')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 5), Math.round(rect.top + rect.height / 2)] });
    expect(clicks).to.equal(0);
  });

  it('inserts text where the caret last was, even after focus moved away', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Hello world</p>"></rich-editor>`);
    content(el).focus();
    await sendKeys({ press: 'Home' });
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'ArrowRight' });
    const input = document.createElement('input');
    document.body.appendChild(input);
    input.focus();
    el.insertText(',');
    expect(el.getHTML()).to.equal('<p>Hello, world</p>');
    input.remove();
  });

  it('inserts lines of text as line breaks, which a reload keeps', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Signed</p>"></rich-editor>`);
    el.focusAt('end');
    el.insertText(',\nAda\nLovelace');
    expect(el.getHTML()).to.equal('<p>Signed,<br>Ada<br>Lovelace</p>');
    const again = await fixture<RichEditor>(html`<rich-editor .value=${el.getHTML()}></rich-editor>`);
    expect(again.getHTML()).to.equal(el.getHTML());
  });

  it('focuses at the end of the last text, clears, and serialises to markdown', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<h1>Title</h1><ul><li><p>one</p></li></ul>"></rich-editor>`);
    el.focusAt('end');
    await sendKeys({ type: ' two' });
    expect(el.getHTML()).to.equal('<h1>Title</h1><ul><li><p>one two</p></li></ul>');
    expect(el.getMarkdown()).to.equal('# Title\n\n- one two');
    el.clear();
    expect(el.getHTML()).to.equal('');
    expect(el.getJSON()).to.deep.equal({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('focuses at the end without changing the document, after a last block without text too', async () => {
    const cases = [
      ['<p>one</p><p>two</p>', '<p>one</p><p>two!</p>'],
      ['<p>one</p><hr>', '<p>one</p><hr><p>!</p>'],
    ];
    for (const [value, typed] of cases) {
      const el = await fixture<RichEditor>(html`<rich-editor value=${value}></rich-editor>`);
      const before = el.editorView!.state.doc;
      let changes = 0;
      el.addEventListener('rich-editor-change', () => changes++);
      el.focusAt('end');
      expect(el.editorView!.state.doc === before).to.equal(true);
      expect(changes).to.equal(0);
      expect(el.shadowRoot!.activeElement === content(el)).to.equal(true);
      await sendKeys({ type: '!' });
      expect(el.getHTML()).to.equal(typed);
    }
  });

  it('scrolls to the Nth heading of a level', async () => {
    const filler = '<p>text</p>'.repeat(150);
    const el = await fixture<RichEditor>(html`<rich-editor value=${`<h2>One</h2>${filler}<h2>Two</h2>${filler}`}></rich-editor>`);
    expect(el.scrollToHeading(2, 2)).to.equal(true);
    const target = content(el).querySelectorAll('h2')[1];
    await until(() => Math.abs(target.getBoundingClientRect().top) <= 2, 'the second heading at the top of the viewport', {
      saw: () => `its top at ${target.getBoundingClientRect().top}`,
    });
    expect(el.scrollToHeading(1, 1)).to.equal(false);
  });

  it('switches between editable and read-only at run time', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>a</p>"></rich-editor>`);
    el.readonly = true;
    await el.updateComplete;
    expect(content(el).getAttribute('contenteditable')).to.equal('false');
    el.readonly = false;
    await el.updateComplete;
    content(el).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'b' });
    expect(el.getHTML()).to.equal('<p>ab</p>');
  });

  it('shows the placeholder in an empty editor and follows changes to it', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor></rich-editor>`);
    const shown = () => content(el).querySelector('[data-placeholder]')?.getAttribute('data-placeholder');
    const announced = () => content(el).getAttribute('aria-placeholder');
    expect(shown()).to.equal("Press '/' for commands...");
    // Said to assistive technology as a text field's placeholder is (CSS content is not reliably read).
    expect(announced()).to.equal("Press '/' for commands...");
    el.placeholder = 'Add a comment';
    await el.updateComplete;
    expect(shown()).to.equal('Add a comment');
    expect(announced()).to.equal('Add a comment');
    content(el).focus();
    await sendKeys({ type: 'x' });
    expect(announced(), 'no placeholder once something is written').to.equal(null);
    await sendKeys({ press: 'Backspace' });
    expect(announced()).to.equal('Add a comment');
  });

  it('shows no placeholder in an empty read-only editor (an empty paragraph), and shows it again once editable, and while disabled', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly></rich-editor>`);
    const drawn = () => getComputedStyle(content(el).querySelector('p')!, '::before').content;
    expect(drawn()).to.equal('none');
    expect(content(el).hasAttribute('aria-placeholder'), 'none said either').to.equal(false);
    el.readonly = false;
    await el.updateComplete;
    expect(content(el).getAttribute('aria-placeholder')).to.equal("Press '/' for commands...");
    // Engines write the computed content their way: the text itself, or attr(data-placeholder).
    const shown = ['"Press \'/\' for commands..."', 'attr(data-placeholder)'];
    expect(drawn()).to.be.oneOf(shown);
    el.disabled = true;
    await el.updateComplete;
    expect(drawn(), 'a disabled editor shows it, as a disabled input does').to.be.oneOf(shown);
  });

  it('puts a quote\'s bar and the lists\' indent at the start of the line, on the right in right-to-left text', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor dir="rtl" value="<blockquote><p>שלום</p></blockquote><ul><li><p>א</p></li></ul>"></rich-editor>`);
    const quote = getComputedStyle(content(el).querySelector('blockquote')!);
    expect([quote.borderRightWidth, quote.borderLeftWidth]).to.deep.equal(['3px', '0px']);
    expect(parseFloat(quote.paddingRight)).to.be.greaterThan(0);
    const list = getComputedStyle(content(el).querySelector('ul')!);
    expect(parseFloat(list.paddingRight)).to.be.greaterThan(parseFloat(list.paddingLeft));
  });

  it('takes light and dark colours from its theme, overridable with custom properties', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor theme="light" value="<p>x</p>"></rich-editor>`);
    const colour = () => getComputedStyle(el).color;
    const light = colour();
    el.setAttribute('theme', 'dark');
    expect(colour()).to.not.equal(light);
    el.style.setProperty('--rich-editor-text', 'rgb(1, 2, 3)');
    expect(colour()).to.equal('rgb(1, 2, 3)');
  });

  it('takes its font from --rich-editor-font-family and --rich-editor-font-size, in the content and its menus', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p></p>"></rich-editor>`);
    const font = (element: Element) => getComputedStyle(element);
    const defaultSize = font(content(el)).fontSize;
    el.style.setProperty('--rich-editor-font-family', 'Georgia, serif');
    expect(font(content(el)).fontFamily).to.equal('Georgia, serif');
    expect(font(content(el)).fontSize, 'the size stays the default').to.equal(defaultSize);
    el.style.setProperty('--rich-editor-font-size', '20px');
    expect(font(content(el)).fontSize).to.equal('20px');
    expect(font(content(el)).fontFamily).to.equal('Georgia, serif');
    // The slash menu a user opens is in the same font.
    content(el).focus();
    await sendKeys({ type: '/' });
    const popup = () => el.shadowRoot!.querySelector('rich-editor-slash-menu')?.shadowRoot?.querySelector('.popup') ?? null;
    await until(() => popup() !== null, 'the slash menu opens', { saw: () => el.shadowRoot!.querySelector('rich-editor-slash-menu')?.shadowRoot?.innerHTML });
    expect(font(popup()!).fontFamily).to.equal('Georgia, serif');
    await sendKeys({ press: 'Escape' });
    // The shorthand (size and family, as CSS `font` takes them) wins when set.
    el.style.setProperty('--rich-editor-font', '14px/1.4 monospace');
    expect(font(content(el)).fontSize).to.equal('14px');
    expect(font(content(el)).fontFamily).to.equal('monospace');
  });

  it('calls the host back when an image is deleted and restored by undo', async () => {
    const calls: string[] = [];
    const el = document.createElement('rich-editor');
    el.deleteFile = (path) => calls.push(`delete ${path}`);
    el.restoreFile = (path) => calls.push(`restore ${path}`);
    el.value = '<p>a</p><img src="https://cdn.example.com/files/pic.png"><p>b</p>';
    await fixture(html`<div>${el}</div>`);
    // Called as the editor starts, for the images it starts with.
    expect(calls).to.deep.equal(['restore /files/pic.png']);
    const image = content(el).querySelector('img')!;
    const rect = image.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 5), Math.round(rect.top + 5)] });
    await sendKeys({ press: 'Backspace' });
    // Called as the key's transaction is applied, once the editor has the key.
    await until(() => !content(el).querySelector('img'), 'the image deleted');
    expect(calls).to.deep.equal(['restore /files/pic.png', 'delete /files/pic.png']);
  });

  it('does not undo a value the host set, nor delete its images: Ctrl+Z right after it changes nothing', async () => {
    const calls: string[] = [];
    const el = document.createElement('rich-editor');
    el.deleteFile = (path) => calls.push(`delete ${path}`);
    await fixture(html`<div>${el}</div>`);
    await sendMouse({ type: 'click', position: centre(content(el)) });
    await sendKeys({ type: 'Draft' });
    // The host loads a document into the editor the user is in (as the demo does at load).
    const loaded = '<p>Loaded</p><img src="https://cdn.example.com/files/pic.png" alt=""><p>text</p>';
    el.value = loaded;
    await el.updateComplete;
    const shown = el.getHTML();
    expect(shown).to.contain('Loaded');
    await pressWith('z', 'Control');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'the value stays').to.equal(shown);
    expect(calls, 'no file deleted').to.deep.equal([]);
    // What the user types after it is theirs to undo.
    el.editorView!.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal(shown);
  });

  it('restores the images of an editor written in the markup once the page gives restoreFile, unless deleted first', async () => {
    const el = await fixture<RichEditor>(
      html`<rich-editor value='<p>a</p><img src="https://cdn.example.com/files/one.png"><p>between</p><img src="/files/two.png"><p>b</p>'></rich-editor>`,
    );
    // Created with no callback; the user deletes the second image before the page's script gives one.
    const view = el.editorView!;
    let at = -1;
    view.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image' && node.attrs.src === '/files/two.png') at = pos;
    });
    view.dispatch(view.state.tr.delete(at, at + 1));
    expect(content(el).querySelectorAll('img').length, 'the second image deleted').to.equal(1);
    const calls: string[] = [];
    el.restoreFile = (path) => calls.push(`restore ${path}`);
    await el.updateComplete;
    await until(() => calls.length > 0, 'the held restore');
    expect(calls).to.deep.equal(['restore /files/one.png']);
  });

  it('lets no editing plugin act in read-only mode: keys, shortcuts, paste and drop change nothing', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly value="<p>Fixed text</p>"></rich-editor>`);
    el.uploadFile = () => Promise.resolve('https://example.com/x.png');
    const box = content(el);
    const rect = box.querySelector('p')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 10), Math.round(rect.top + rect.height / 2)] });
    await sendKeys({ type: '/# **x** ' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Backspace' });
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/html', '<h1>pasted</h1>');
    clipboardData.items.add(new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    box.dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    expect(el.getHTML()).to.equal('<p>Fixed text</p>');
    expect(el.shadowRoot!.querySelector('rich-editor-slash-menu, rich-editor-toolbar')).to.equal(null);
  });

  it('highlights mentions from a highlight list the host sets after the element started', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value=${MENTION}></rich-editor>`);
    const mention = () => content(el).querySelector('.mention')!;
    expect(mention().classList.contains('mention-highlight')).to.equal(false);
    el.mentionHighlights = () => Promise.resolve(['u1']);
    await el.updateComplete;
    await until(() => mention().classList.contains('mention-highlight'), 'the mention highlighted', { saw: () => mention() });
  });

  it('keeps a highlighted mention readable (axe contrast) in the light and the dark theme', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly value=${MENTION}></rich-editor>`);
    el.mentionHighlights = () => Promise.resolve(['u1']);
    await el.updateComplete;
    const mention = () => content(el).querySelector('.mention')!;
    await until(() => mention().classList.contains('mention-highlight'), 'the mention highlighted', { saw: () => mention() });
    for (const theme of ['light', 'dark']) {
      el.setAttribute('theme', theme);
      await el.updateComplete;
      await expectAccessible(el);
    }
  });
});
