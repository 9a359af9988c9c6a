/**
 * The host's upload limits: `maxImageSize` (attribute `max-image-size`), `imageTypes` and
 * `imageWidth` (attribute `image-width`). The defaults are the spec's: 5 MB, any image
 * type, new images at 35%; a refused file gets the spec's message (naming the host's size)
 * as an event and an inline alert, and the document is left as it was.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { content } from '../helpers/element-ui.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { until } from '../helpers/until.js';

function pasteFiles(el: RichEditor, files: File[]): void {
  const clipboardData = new DataTransfer();
  for (const file of files) clipboardData.items.add(file);
  content(el).dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

const png = (bytes: number, name = 'a.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function refusal(el: RichEditor, file: File): Promise<string> {
  const failed = oneEvent(el, 'rich-editor-upload-error');
  pasteFiles(el, [file]);
  const event = await failed;
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain(event.detail.message);
  return event.detail.message;
}

describe('upload limits', () => {
  it('refuses a file over 5 MB by default with the spec message, and takes one of exactly 5 MB', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>x</p>"></rich-editor>`);
    const uploaded: string[] = [];
    el.uploadFile = async (file) => (uploaded.push(file.name), 'https://example.com/ok.png');
    expect(el.maxImageSize).to.equal(5242880);
    expect(await refusal(el, png(5242881, 'big.png'))).to.equal('File size too large. Please select a file smaller than 5MB.');
    expect(el.getHTML()).to.equal('<p>x</p>');
    content(el).focus();
    pasteFiles(el, [png(5242880, 'exact.png')]);
    // The host's callback is asked as the paste is handled.
    expect(uploaded).to.deep.equal(['exact.png']);
  });

  it('takes its limit from the max-image-size attribute and names it in the message', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor max-image-size="1048576" value="<p>x</p>"></rich-editor>`);
    el.uploadFile = async () => 'https://example.com/ok.png';
    expect(el.maxImageSize).to.equal(1048576);
    expect(await refusal(el, png(1048577))).to.equal('File size too large. Please select a file smaller than 1MB.');
    el.maxImageSize = 512 * 1024;
    expect(await refusal(el, png(600 * 1024))).to.equal('File size too large. Please select a file smaller than 512KB.');
    expect(el.getHTML()).to.equal('<p>x</p>');
  });

  it('refuses image types the host did not list, with the spec message', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>x</p>"></rich-editor>`);
    const uploaded: string[] = [];
    el.uploadFile = async (file) => (uploaded.push(file.type), 'https://example.com/ok.png');
    el.imageTypes = ['image/png', 'image/jpeg'];
    await el.updateComplete;
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' });
    expect(await refusal(el, gif)).to.equal('Invalid file type. Please select an image file.');
    content(el).focus();
    pasteFiles(el, [new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' })]);
    expect(uploaded).to.deep.equal(['image/jpeg']);
  });

  it('inserts new images at the image-width the host set (35% by default)', async () => {
    for (const [attribute, expected] of [[undefined, '35%'], ['60%', '60%']] as const) {
      const el = attribute
        ? await fixture<RichEditor>(html`<rich-editor image-width=${attribute} value="<p>x</p>"></rich-editor>`)
        : await fixture<RichEditor>(html`<rich-editor value="<p>x</p>"></rich-editor>`);
      el.uploadFile = async () => 'https://example.com/new.png';
      content(el).focus();
      pasteFiles(el, [png(100)]);
      await until(() => el.getHTML().includes('new.png'), 'the uploaded image in the document', { saw: () => el.getHTML() });
      expect(el.getHTML()).to.contain(`width="${expected}" src="https://example.com/new.png"`);
    }
  });
});
