import { expect } from '@open-wc/testing';
import { EditorState, type Plugin } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { heldPastePlugin } from '../../../src/core/plugins/held-paste.js';
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
    const view = editor([heldPastePlugin({ settled: () => (asked++, load.settled) })]);
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
    const view = editor([heldPastePlugin({ settled: () => load.settled })], '<p></p>');
    paste(view, { 'text/plain': 'one ' });
    paste(view, { 'text/plain': 'two' });
    arrive(view, pastePlugin());
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>one two</p>');
    paste(view, { 'text/plain': ' three' });
    expect(serializeHTML(view.state.doc)).to.equal('<p>one two three</p>');
  });

  it('holds a dropped image file until uploads arrive, then uploads it where it was dropped', async () => {
    const load = loading();
    const view = editor([heldPastePlugin({ settled: () => load.settled })], '<p>first</p><p>second</p>');
    const box = (view.dom.children[1] as HTMLElement).getBoundingClientRect();
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(16)], 'drop.png', { type: 'image/png' }));
    const event = new DragEvent('drop', { dataTransfer: transfer, clientX: box.left + 2, clientY: box.top + 2, bubbles: true, cancelable: true });
    view.dom.dispatchEvent(event);
    expect(event.defaultPrevented).to.equal(true);
    const uploaded: string[] = [];
    arrive(view, pastePlugin(), imageUploadPlugin({ uploadFile: (file) => (uploaded.push(file.name), Promise.resolve('https://img.invalid/drop.png')), onError: () => {} }));
    load.settle();
    await nextTask();
    await nextTask();
    expect(uploaded).to.deep.equal(['drop.png']);
    const names: string[] = [];
    view.state.doc.forEach((node) => names.push(node.type.name === 'image' ? 'image' : node.textContent));
    expect(names).to.deep.equal(['first', 'image', 'second']);
  });

  it('pastes a held paste as its plain text when the pipeline cannot arrive, and every later one at once', async () => {
    const load = loading();
    const view = editor([heldPastePlugin({ settled: () => load.settled })], '<p></p>');
    paste(view, { 'text/html': DIRTY, 'text/plain': 'plain words' });
    load.settle();
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>plain words</p>');
    paste(view, { 'text/html': '<b>more</b>', 'text/plain': ' more' });
    await nextTask();
    expect(serializeHTML(view.state.doc)).to.equal('<p>plain words more</p>');
  });
});
