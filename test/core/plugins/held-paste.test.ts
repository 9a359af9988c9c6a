import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EditorState, TextSelection, type Plugin } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { heldPastePlugin, pasteNeed, type PasteNeed } from '../../../src/core/plugins/held-input.js';
import { imageUploadKey } from '../../../src/core/commands/choose-image.js';
import { imageUploadPlugin } from '../../../src/core/plugins/image-upload.js';
import { pastePlugin } from '../../../src/core/plugins/paste.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { nextTask } from '../../helpers/editor.js';

// The paste pipeline and uploads arrive after the editor started (the embed bundle's pieces
// chunk): a paste or a drop meanwhile is held, then replayed through them as if it came then.

/** Pasted HTML with what cleaning removes or reshapes: a script, an event handler, a script address, a pasted image, a Word paragraph. */
const DIRTY =
  '<p class="MsoNormal">Hi <b>bold</b><img src="https://img.invalid/x.png" onerror="window.pwned = 1"><script>window.pwned = 2</script> <a href="javascript:window.pwned = 3">js</a> <a href="https://example.com/a">ok</a> https://example.com/b</p>';

describe('held paste', () => {
  const views: EditorView[] = [];
  afterEach(() => {
    for (const view of views.splice(0)) {
      view.destroy();
      view.dom.remove();
    }
  });

  function editor(plugins: Plugin[], html = '<p>x</p>'): EditorView {
    const place = document.body.appendChild(document.createElement('div'));
    const view = new EditorView(place, { state: EditorState.create({ doc: parseHTML(html), plugins }) });
    views.push(view);
    view.focus();
    return view;
  }
  const arrive = (view: EditorView, ...plugins: Plugin[]) => view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, ...plugins] }));
  const paste = (view: EditorView, data: Record<string, string>) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
    const event = clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
    view.dom.dispatchEvent(event);
    return event;
  };
  /** A promise the test settles: the pipeline's load. */
  const loading = () => {
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    return { settled, settle };
  };

  it('holds a paste until the paste plugin arrives, then cleans it exactly as a paste with the plugin there', async () => {
    const direct = editor([pastePlugin()]);
    paste(direct, { 'text/html': DIRTY, 'text/plain': 'Hi bold js ok' });
    const load = loading();
    let asked = 0;
    const view = editor([heldPastePlugin([pasteNeed(() => (asked++, load.settled))])]);
    const event = paste(view, { 'text/html': DIRTY, 'text/plain': 'Hi bold js ok' });
    expect(event.defaultPrevented, 'the browser does not paste it').to.equal(true);
    expect(serializeHTML(view.state.doc)).to.equal('<p>x</p>');
    expect(asked, 'the pipeline is asked for at once').to.equal(1);
    arrive(view, pastePlugin());
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal(serializeHTML(direct.state.doc));
    expect(serializeHTML(view.state.doc)).to.not.equal('<p>x</p>');
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('holds two pastes in their order, and leaves pastes to the paste plugin once it is there', async () => {
    const load = loading();
    const view = editor([heldPastePlugin([pasteNeed(() => load.settled)])], '<p></p>');
    paste(view, { 'text/plain': 'one ' });
    paste(view, { 'text/plain': 'two' });
    arrive(view, pastePlugin());
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>one two</p>');
    paste(view, { 'text/plain': ' three' });
    expect(serializeHTML(view.state.doc)).to.equal('<p>one two three</p>');
  });

  /** Image uploads as a need: waited for by pastes and drops that carry files. */
  const uploadsNeed = (settled: () => Promise<void>): PasteNeed => ({
    ready: (state) => imageUploadKey.getState(state) !== undefined,
    needed: (_type, types) => types.includes('Files'),
    settled,
  });
  const uploader = (uploaded: string[]) =>
    imageUploadPlugin({ uploadFile: (file) => (uploaded.push(file.name), Promise.resolve(`https://img.invalid/${file.name}`)), onError: () => {} });
  const png = (name: string) => new File([new Uint8Array(16)], name, { type: 'image/png' });
  const names = (view: EditorView) => {
    const found: string[] = [];
    view.state.doc.forEach((node) => found.push(node.type.name === 'image' ? 'image' : node.textContent));
    return found;
  };

  it('holds a dropped image file until uploads arrive (asked for when files are dragged over), then uploads it where it was dropped', async () => {
    const load = loading();
    let asked = 0;
    const view = editor([heldPastePlugin([pasteNeed(() => Promise.resolve()), uploadsNeed(() => (asked++, load.settled))]), pastePlugin()], '<p>first</p><p>second</p>');
    const box = (view.dom.children[1] as HTMLElement).getBoundingClientRect();
    const transfer = new DataTransfer();
    transfer.items.add(png('drop.png'));
    view.dom.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(asked, 'files dragged over ask for uploads').to.equal(1);
    const event = new DragEvent('drop', { dataTransfer: transfer, clientX: box.left + 2, clientY: box.top + 2, bubbles: true, cancelable: true });
    view.dom.dispatchEvent(event);
    expect(event.defaultPrevented).to.equal(true);
    const uploaded: string[] = [];
    arrive(view, uploader(uploaded));
    load.settle();
    await nextTask();
    await nextTask();
    expect(uploaded).to.deep.equal(['drop.png']);
    expect(names(view)).to.deep.equal(['first', 'image', 'second']);
  });

  it('holds pasted image files until uploads arrive while text pastes go on, and keeps the order of what follows them', async () => {
    const load = loading();
    const view = editor([heldPastePlugin([pasteNeed(() => Promise.resolve()), uploadsNeed(() => load.settled)]), pastePlugin()], '<p></p>');
    paste(view, { 'text/plain': 'a' });
    expect(serializeHTML(view.state.doc), 'text needs no uploads').to.equal('<p>a</p>');
    const transfer = new DataTransfer();
    transfer.items.add(png('shot.png'));
    const filePaste = clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
    view.dom.dispatchEvent(filePaste);
    expect(filePaste.defaultPrevented).to.equal(true);
    paste(view, { 'text/plain': 'b' });
    expect(serializeHTML(view.state.doc), 'what follows a held paste waits behind it').to.equal('<p>a</p>');
    const uploaded: string[] = [];
    arrive(view, uploader(uploaded));
    load.settle();
    await nextTask();
    await nextTask();
    expect(uploaded).to.deep.equal(['shot.png']);
    expect(names(view)).to.deep.equal(['a', 'image', 'b']);
  });

  it('replays a held paste where it was made, before what was typed after it, wherever the caret went meanwhile', async () => {
    const load = loading();
    const view = editor([heldPastePlugin([pasteNeed(() => load.settled)])], '<p>ab</p><p>cd</p>');
    // The caret between a and b; the paste is held there.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
    paste(view, { 'text/html': '<b>X</b>', 'text/plain': 'X' });
    // Before the pipeline arrives the user types on, at the start too, then puts the caret in the second paragraph.
    await sendKeys({ type: '1' });
    view.dispatch(view.state.tr.insertText('0', 1));
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, view.state.doc.content.size - 1)));
    arrive(view, pastePlugin());
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>0a<strong>X</strong>1b</p><p>cd</p>');
  });

  it('keeps a held Ctrl+Shift+V paste plain, and a held Shift+Insert paste rich', async () => {
    const load = loading();
    const view = editor([heldPastePlugin([pasteNeed(() => load.settled)])], '<p></p>');
    await sendKeys({ down: 'Shift' });
    paste(view, { 'text/html': '<b>plain</b>', 'text/plain': 'plain' });
    await sendKeys({ press: 'Insert' });
    paste(view, { 'text/html': '<b>rich</b>', 'text/plain': 'rich' });
    await sendKeys({ up: 'Shift' });
    arrive(view, pastePlugin());
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>plain<strong>rich</strong></p>');
  });

  it('pastes a held paste as its plain text when the pipeline cannot arrive, and every later one at once', async () => {
    const load = loading();
    const view = editor([heldPastePlugin([pasteNeed(() => load.settled)])], '<p></p>');
    paste(view, { 'text/html': DIRTY, 'text/plain': 'plain words' });
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>plain words</p>');
    paste(view, { 'text/html': '<b>more</b>', 'text/plain': ' more' });
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>plain words more</p>');
  });
});
