import { expect, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import type { RichEditor } from '../../../src/element/index.js';
import type { UploadContext } from '../../../src/core/plugins/upload-placeholder.js';
import { captureLog } from '../../helpers/log.js';
import { nextFrame } from '../../helpers/editor.js';
import { axeViolations, centre, content, imageAttrs, mount, pngFile, until, wireUploadPlaceholder } from './wiring.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

/** An upload the test settles by hand. */
interface ControlledUpload {
  file: File;
  context: UploadContext;
  resolve(src: string): void;
  reject(error: unknown): void;
}

/** Sets `el.uploadFile` to a callback whose uploads the test controls. */
function controlUploads(el: RichEditor): ControlledUpload[] {
  const uploads: ControlledUpload[] = [];
  el.uploadFile = (file, context) =>
    new Promise<string>((resolve, reject) => {
      uploads.push({ file, context, resolve, reject });
    });
  return uploads;
}

/** Pastes files into the content the way the browser does: a real ClipboardEvent carrying them. */
function pasteFiles(el: RichEditor, ...files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

function placeholder(el: RichEditor): HTMLElement | null {
  return content(el).querySelector('[role="group"][aria-label^="Uploading"]');
}

async function startUpload(): Promise<{ el: RichEditor; uploads: ControlledUpload[] }> {
  const el = await mount(html`<rich-editor value="<p>Notes</p>"></rich-editor>`);
  wireUploadPlaceholder(el);
  const uploads = controlUploads(el);
  content(el).focus();
  el.focusAt('end');
  pasteFiles(el, await pngFile(40, 30, 'diagram.png'));
  await until(() => uploads.length === 1 && !!placeholder(el), 'the upload starts');
  return { el, uploads };
}

afterEach(() => resetMouse());

describe('upload placeholder', () => {
  it('shows the preview, the progress and a cancel button while a pasted image uploads', async () => {
    const { el, uploads } = await startUpload();
    const shown = placeholder(el)!;
    expect(shown.getAttribute('aria-label')).to.equal('Uploading diagram.png');
    const preview = shown.querySelector('img')!;
    expect(preview.src).to.match(/^blob:/);
    await until(() => preview.complete && preview.naturalWidth === 40, 'the preview loads');
    const bar = shown.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-label')).to.equal('Upload progress');
    expect(bar.getAttribute('aria-valuenow')).to.equal('0');
    expect(shown.textContent).to.contain('0%');
    expect(shown.querySelector('button[aria-label="Cancel upload"]')).to.not.equal(null);

    uploads[0].context.onProgress(0.42);
    await nextFrame();
    expect(bar.getAttribute('aria-valuenow')).to.equal('42');
    expect(shown.querySelector('.upload-percent')!.textContent).to.equal('42%');
    expect((shown.querySelector('.upload-progress-fill') as HTMLElement).style.width).to.equal('42%');
    // Progress updates the same placeholder rather than rebuilding it.
    expect(placeholder(el)).to.equal(shown);
    expect(el.getHTML()).to.equal('<p>Notes</p>');
  });

  it('cancels the upload from its button: the placeholder goes and the document is as it was', async () => {
    const { el, uploads } = await startUpload();
    let cancelled = 0;
    el.cancelUpload = () => cancelled++;
    await sendMouse({ type: 'click', position: centre(placeholder(el)!.querySelector('button[aria-label="Cancel upload"]')!) });
    await until(() => !placeholder(el), 'the placeholder goes');
    expect(uploads[0].context.signal.aborted).to.equal(true);
    expect(cancelled).to.equal(1);
    expect(el.getHTML()).to.equal('<p>Notes</p>');
  });

  it('becomes the image, 35% wide, when the upload succeeds', async () => {
    const { el, uploads } = await startUpload();
    // A local address, so the test needs no network.
    const uploaded = URL.createObjectURL(uploads[0].file);
    uploads[0].context.onProgress(1);
    uploads[0].resolve(uploaded);
    await until(() => !placeholder(el), 'the placeholder goes');
    expect(imageAttrs(el)).to.include({ src: uploaded, width: '35%' });
    expect(content(el).querySelector('.image-view img')).to.not.equal(null);
    URL.revokeObjectURL(uploaded);
  });

  it('disappears when the upload fails, leaving the document intact', async () => {
    const log = captureLog();
    try {
      const { el, uploads } = await startUpload();
      uploads[0].reject(new Error('Server said no'));
      await until(() => !placeholder(el), 'the placeholder goes');
      expect(el.getHTML()).to.equal('<p>Notes</p>');
      expect(log.entries.map((e) => e.message)).to.deep.equal(['Image upload failed']);
    } finally {
      log.restore();
    }
  });

  it('passes an axe check while uploading, in the light and the dark theme', async () => {
    const { el, uploads } = await startUpload();
    uploads[0].context.onProgress(0.5);
    for (const theme of ['light', 'dark']) {
      el.setAttribute('theme', theme);
      await el.updateComplete;
      expect(await axeViolations(el), theme).to.deep.equal([]);
    }
  });
});
