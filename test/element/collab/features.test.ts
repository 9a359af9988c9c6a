/** The editor's features on a shared document (Chromium; collaboration.test.ts has the editing itself). */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TextSelection } from 'prosemirror-state';
import { callout } from '../../../src/extensions/callout.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { until } from '../../helpers/until.js';
import { converged, sharedEditor, serverPerTest, type SharedEditor, type CollabTestServer } from './helpers.js';

/** Pastes image files into the editor, as a screenshot paste does. */
function pasteFiles(editor: SharedEditor, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  editor.content.dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

describe('features on a shared document', () => {
  let server: CollabTestServer;
  const editors: SharedEditor[] = [];

  serverPerTest(editors, (started) => (server = started));

  async function open(user: string, extra: Parameters<typeof sharedEditor>[3] = {}): Promise<SharedEditor> {
    const editor = await sharedEditor(server.url, user, 'page:1', extra);
    editors.push(editor);
    return editor;
  }

  it('the slash menu turns a line into a heading for everyone', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focusAt('end');
    await sendKeys({ type: '/' });
    await until(() => ann.el.shadowRoot!.querySelector('rich-editor-slash-menu')?.querySelector('[role="option"]'), 'the slash menu', { saw: () => ann.el.shadowRoot!.querySelector('rich-editor-slash-menu')?.outerHTML ?? 'no menu element' });
    await sendKeys({ type: 'heading' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Agenda' });
    await converged([ann, bob], ['Agenda']);
    expect(bob.el.getHTML()).to.equal('<h1>Agenda</h1>');
  });

  it("an image upload keeps its place while a colleague types above it, and lands there for everyone", async () => {
    let finish: (src: string) => void = () => {};
    const ann = await open('ann', { uploadFile: () => new Promise<string>((resolve) => (finish = resolve)) });
    const bob = await open('bob');
    ann.el.focusAt('end');
    await sendKeys({ type: 'one' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'two' });
    await converged([ann, bob], ['onetwo']);
    pasteFiles(ann, [new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' })]);
    await until(() => ann.el.shadowRoot!.querySelector('.upload-placeholder, [data-upload-id]'), 'the upload placeholder', { saw: () => ann.content.innerHTML });
    // Bob types into the first paragraph meanwhile: Ann's editor applies his change around the placeholder.
    const view = bob.el.editorView!;
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    await sendKeys({ type: 'Zero ' });
    await converged([ann, bob], ['Zero one']);
    expect(ann.el.shadowRoot!.querySelector('.upload-placeholder, [data-upload-id]'), 'the placeholder is still there').to.exist;
    finish('https://example.com/a.png');
    await until(() => bob.el.getHTML().includes('src="https://example.com/a.png"'), 'the image in Bob\'s editor', { saw: () => bob.el.getHTML() });
    expect(bob.el.getHTML()).to.match(/^<p>Zero one<\/p><p>two<\/p><img [^>]*src="https:\/\/example.com\/a.png"/);
  });

  it("a host extension's block (the callout) is edited together", async () => {
    const ann = await open('ann', { extensions: [callout] });
    const bob = await open('bob', { extensions: [callout] });
    ann.el.focusAt('end');
    await sendKeys({ type: '/' });
    await until(() => ann.el.shadowRoot!.querySelector('rich-editor-slash-menu')?.querySelector('[role="option"]'), 'the slash menu');
    await sendKeys({ type: 'callout' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Heads up' });
    await converged([ann, bob], ['Heads up']);
    expect(bob.el.getHTML()).to.match(/^<aside[^>]*data-kind="info"[^>]*><p>Heads up<\/p><\/aside>/);
  });

  it("the form value and the change event follow a colleague's edits; the native input event does not", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    let changes = 0;
    let inputs = 0;
    bob.el.addEventListener('rich-editor-change', () => changes++);
    bob.el.addEventListener('input', () => inputs++);
    ann.el.focusAt('end');
    await sendKeys({ type: 'Typed by Ann' });
    await converged([ann, bob], ['Typed by Ann']);
    expect(bob.el.value).to.equal('<p>Typed by Ann</p>');
    expect(changes, 'change events').to.be.greaterThan(0);
    expect(inputs, 'input events: the user did not type').to.equal(0);
  });

  it('a read-only editor on a shared document follows it and takes no typing', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    bob.el.readonly = true;
    await bob.el.updateComplete;
    expect(bob.el.editorView!.editable).to.equal(false);
    ann.el.focusAt('end');
    await sendKeys({ type: 'Only Ann types' });
    await converged([ann, bob], ['Only Ann types']);
    bob.content.focus();
    await sendKeys({ type: 'x' });
    await converged([ann, bob], ['Only Ann types']);
    expect(bob.el.getHTML()).to.equal('<p>Only Ann types</p>');
  });

  it('code blocks are highlighted in every editor', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focusAt('end');
    await sendKeys({ type: '```js ' });
    await sendKeys({ type: 'const answer = 42;' });
    await converged([ann, bob], ['const answer = 42;']);
    await until(() => bob.content.querySelector('pre .token'), "highlighting in Bob's editor", { saw: () => bob.content.innerHTML });
  });
});
