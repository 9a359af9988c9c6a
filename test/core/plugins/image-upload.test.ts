import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { EditorState, TextSelection, type Plugin } from 'prosemirror-state';
import { imageUploadKey } from '../../../src/core/commands/choose-image.js';
import { REPLACE_CONTENT_META } from '../../../src/core/transaction-meta.js';
import {
  canReplaceContent,
  FILE_TOO_LARGE_MESSAGE,
  imageUploadPlugin,
  INVALID_TYPE_MESSAGE,
  isUploading,
  MAX_IMAGE_FILE_SIZE,
  NO_FILE_MESSAGE,
  uploadImages,
  validateImageFile,
  type ImageUploadOptions,
  type UploadContext,
} from '../../../src/core/plugins/image-upload.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, nextFrame, nextTask, pressWith, type TestEditor } from '../../helpers/editor.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

/** One call of the host's `uploadFile`, settled by the test. */
interface UploadCall extends UploadContext {
  file: File;
  resolve(src: string): void;
  reject(error: unknown): void;
}

const SRC_A = 'https://img.invalid/workspace/a.png';
const SRC_B = 'https://img.invalid/workspace/b.png';
const IMG_A = `<img width="35%" src="${SRC_A}" style="width: 35%; height: auto;">`;

function png(name = 'a.png', size = 16): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

/** Lets the upload promise's handlers run: they are a few promise steps deep, all run by the next task. */
const settle = nextTask;

describe('imageUploadPlugin', () => {
  let editor: TestEditor | null = null;
  let calls: UploadCall[] = [];
  let errors: string[] = [];
  let cancels = 0;

  function mount(html: string, extra: Partial<ImageUploadOptions> = {}, caret?: number, before: Plugin[] = []): TestEditor {
    const plugin = imageUploadPlugin({
      uploadFile: (file, context) => new Promise<string>((resolve, reject) => calls.push({ file, ...context, resolve, reject })),
      cancelUpload: () => cancels++,
      onError: (message) => errors.push(message),
      ...extra,
    });
    editor = mountEditor(html, { plugins: [...before, plugin], caret });
    return editor;
  }

  beforeEach(() => {
    calls = [];
    errors = [];
    cancels = 0;
  });

  afterEach(async () => {
    editor?.destroy();
    editor = null;
    await resetMouse();
  });

  const view = () => editor!.view;
  const html = () => serializeHTML(view().state.doc);
  const placeholders = () => Array.from(view().dom.querySelectorAll<HTMLElement>('[data-upload-id]'));
  const run = (files: File[] | null, pos?: number) => uploadImages(files, pos)(view().state, view().dispatch, view());

  describe('validation', () => {
    it('reports "No file selected" when there is no file, and starts nothing', () => {
      mount('<p>a</p>');
      expect(run(null)).to.equal(true);
      expect(run([])).to.equal(true);
      expect(errors).to.deep.equal([NO_FILE_MESSAGE, NO_FILE_MESSAGE]);
      expect(NO_FILE_MESSAGE).to.equal('No file selected. Please select a file to upload.');
      expect(calls).to.have.length(0);
      expect(isUploading(view().state)).to.equal(false);
    });

    it('reports "Invalid file type" for a file whose type does not contain image/', () => {
      mount('<p>a</p>');
      run([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
      expect(errors).to.deep.equal(['Invalid file type. Please select an image file.']);
      expect(INVALID_TYPE_MESSAGE).to.equal(errors[0]);
      expect(calls).to.have.length(0);
      expect(placeholders()).to.have.length(0);
    });

    it('reports "File size too large" over 5242880 bytes and accepts exactly 5242880', () => {
      mount('<p>a</p>');
      run([png('big.png', MAX_IMAGE_FILE_SIZE + 1)]);
      expect(errors).to.deep.equal(['File size too large. Please select a file smaller than 5MB.']);
      expect(FILE_TOO_LARGE_MESSAGE).to.equal(errors[0]);
      expect(calls).to.have.length(0);
      run([png('limit.png', 5242880)]);
      expect(errors).to.have.length(1);
      expect(calls).to.have.length(1);
    });

    it('uploads the valid files of a mixed selection and reports the others', () => {
      mount('<p>a</p>');
      run([png('a.png'), new File(['x'], 'a.pdf', { type: 'application/pdf' })]);
      expect(errors).to.deep.equal([INVALID_TYPE_MESSAGE]);
      expect(calls.map((c) => c.file.name)).to.deep.equal(['a.png']);
    });

    it('checks files one by one with validateImageFile', () => {
      expect(validateImageFile(null)).to.equal(NO_FILE_MESSAGE);
      expect(validateImageFile(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).to.equal(null);
      expect(validateImageFile(new File(['x'], 'a.png', { type: '' }))).to.equal(INVALID_TYPE_MESSAGE);
    });
  });

  describe('the command', () => {
    it('applies only when the upload plugin is installed', () => {
      const state = EditorState.create({ doc: parseHTML('<p>a</p>') });
      expect(uploadImages([png()])(state)).to.equal(false);
      mount('<p>a</p>');
      expect(uploadImages([png()])(view().state)).to.equal(true);
      expect(calls).to.have.length(0);
    });

    it('throws a RangeError for a position outside the document, or without a view', () => {
      mount('<p>a</p>');
      expect(() => run([png()], 99)).to.throw(RangeError, /outside/);
      expect(() => uploadImages([png()])(view().state, view().dispatch)).to.throw(RangeError, /view/);
    });
  });

  describe('placeholder', () => {
    it('shows a preview, the progress and a cancel button while the upload runs, without touching the document', () => {
      mount('<p>ab</p>');
      const before = html();
      run([png()]);
      const [placeholder] = placeholders();
      expect(placeholder).to.exist;
      expect(placeholder.querySelector('img')!.src).to.match(/^blob:/);
      expect(placeholder.querySelector('progress')!.value).to.equal(0);
      const cancel = placeholder.querySelector('button')!;
      expect(cancel.type).to.equal('button');
      expect(cancel.getAttribute('aria-label')).to.equal('Cancel upload');
      expect(html()).to.equal(before);
      expect(isUploading(view().state)).to.equal(true);
    });

    it('shows the progress the host reports, in the same element', () => {
      mount('<p>ab</p>');
      run([png()]);
      const [placeholder] = placeholders();
      calls[0].onProgress(0.25);
      expect(placeholder.querySelector('progress')!.value).to.equal(0.25);
      calls[0].onProgress(7);
      expect(placeholder.querySelector('progress')!.value).to.equal(1);
      expect(placeholders()[0]).to.equal(placeholder);
      const upload = [...imageUploadKey.getState(view().state)!.uploads.values()][0];
      expect(upload.progress).to.equal(1);
    });

    it('is removed by its cancel button, which aborts the upload and tells the host', async () => {
      mount('<p>ab</p>');
      const before = view().state.doc;
      run([png()]);
      const button = placeholders()[0].querySelector('button')!;
      const box = button.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
      expect(placeholders()).to.have.length(0);
      expect(calls[0].signal.aborted).to.equal(true);
      expect(cancels).to.equal(1);
      expect(isUploading(view().state)).to.equal(false);
      calls[0].resolve(SRC_A);
      await settle();
      expect(view().state.doc.eq(before)).to.equal(true);
    });

    it('renders with the host renderer when one is given', () => {
      mount('<p>ab</p>', {
        renderPlaceholder: (upload, { document }) => {
          const dom = document.createElement('span');
          dom.className = 'custom';
          dom.textContent = `${Math.round(upload.progress * 100)}%`;
          return { dom, update: (next) => void (dom.textContent = `${Math.round(next.progress * 100)}%`) };
        },
      });
      run([png()]);
      calls[0].onProgress(0.4);
      const [placeholder] = placeholders();
      expect(placeholder.classList.contains('custom')).to.equal(true);
      expect(placeholder.textContent).to.equal('40%');
    });

    it('survives deleting the character before it', async () => {
      mount('<p>ab</p>');
      run([png()]);
      await sendKeys({ press: 'Backspace' });
      expect(placeholders()).to.have.length(1);
      calls[0].resolve(SRC_A);
      await settle();
      expect(html()).to.equal(`<p>a</p>${IMG_A}`);
    });

    it('ends the upload when the text around it is deleted', () => {
      mount('<p>ab</p><p>cd</p>', {}, 2);
      run([png()]);
      view().dispatch(view().state.tr.delete(0, 4));
      expect(placeholders()).to.have.length(0);
      expect(calls[0].signal.aborted).to.equal(true);
      expect(cancels).to.equal(1);
    });
  });

  describe('outcome', () => {
    it('inserts the image with the returned address on success, and frees the preview', async () => {
      mount('<p>ab</p>');
      run([png()]);
      const preview = placeholders()[0].querySelector('img')!.src;
      calls[0].resolve(SRC_A);
      await settle();
      expect(placeholders()).to.have.length(0);
      expect(html()).to.equal(`<p>ab</p>${IMG_A}`);
      expect(isUploading(view().state)).to.equal(false);
      let revoked = false;
      await fetch(preview).catch(() => (revoked = true));
      expect(revoked, 'the preview object URL is revoked').to.equal(true);
    });

    it('removes the placeholder on failure and leaves the document as it was', async () => {
      mount('<p>ab</p><p>cd</p>', {}, 2);
      const before = view().state.doc;
      run([png()]);
      const log = captureLog();
      try {
        calls[0].reject(new Error('server down'));
        await settle();
      } finally {
        log.restore();
      }
      expect(placeholders()).to.have.length(0);
      expect(view().state.doc.eq(before)).to.equal(true);
      expect(log.entries.map((e) => e.message)).to.deep.equal(['Image upload failed']);
      expect(errors).to.deep.equal([]);
    });

    it('treats an unsafe returned address as a failure and logs it', async () => {
      mount('<p>ab</p>');
      const before = view().state.doc;
      run([png()]);
      const log = captureLog();
      try {
        calls[0].resolve('javascript:alert(1)');
        await settle();
      } finally {
        log.restore();
      }
      expect(view().state.doc.eq(before)).to.equal(true);
      expect(placeholders()).to.have.length(0);
      expect(log.entries).to.have.length(1);
      expect(log.entries[0].message).to.match(/unsafe/);
    });

    it('logs an uploadFile that throws instead of returning a promise', async () => {
      const log = captureLog();
      try {
        mount('<p>ab</p>', {
          uploadFile: () => {
            throw new Error('no network');
          },
        });
        run([png()]);
        await settle();
      } finally {
        log.restore();
      }
      expect(placeholders()).to.have.length(0);
      expect(log.entries.map((e) => e.message)).to.deep.equal(['Image upload failed']);
    });

    const imageSrcs = () => {
      const srcs: string[] = [];
      view().state.doc.descendants((node) => void (node.type.name === 'image' && srcs.push(node.attrs.src as string)));
      return srcs;
    };

    it('runs two uploads at once and inserts both images in file order when the second finishes first', async () => {
      mount('<p>ab</p>');
      run([png('a.png'), png('b.png')]);
      expect(placeholders().map((el) => el.getAttribute('aria-label'))).to.deep.equal(['Uploading a.png', 'Uploading b.png']);
      calls[1].resolve(SRC_B);
      await settle();
      expect(placeholders()).to.have.length(1);
      expect(isUploading(view().state)).to.equal(true);
      calls[0].resolve(SRC_A);
      await settle();
      expect(imageSrcs()).to.deep.equal([SRC_A, SRC_B]);
      expect(isUploading(view().state)).to.equal(false);
    });

    it('inserts both images in file order when the first finishes first', async () => {
      mount('<p>ab</p><p>cd</p>', {}, 2);
      run([png('a.png'), png('b.png')]);
      calls[0].resolve(SRC_A);
      await settle();
      calls[1].resolve(SRC_B);
      await settle();
      expect(imageSrcs()).to.deep.equal([SRC_A, SRC_B]);
      expect(placeholders()).to.have.length(0);
    });

    it('makes the insertion one undoable step, and the placeholder none', async () => {
      mount('<p>ab</p>');
      await sendKeys({ type: 'c' });
      run([png()]);
      await sendKeys({ type: 'd' });
      calls[0].resolve(SRC_A);
      await settle();
      // The placeholder stood before the "d" typed at its position, and so does the image.
      expect(html()).to.equal(`<p>abc</p>${IMG_A}<p>d</p>`);
      await pressWith('z', 'Control');
      expect(html()).to.equal('<p>abcd</p>');
      // Then the typing goes: one step, or two when the keys came further apart than history's
      // grouping delay (a busy machine); never a placeholder on the way.
      await pressWith('z', 'Control');
      if (html() !== '<p>ab</p>') {
        expect(html()).to.equal('<p>abc</p>');
        await pressWith('z', 'Control');
      }
      expect(html()).to.equal('<p>ab</p>');
    });
  });

  describe('content replacement', () => {
    it('is refused while an upload runs and allowed after it ends', async () => {
      mount('<p>ab</p>');
      const replace = () => view().state.tr.replaceWith(0, view().state.doc.content.size, parseHTML('<p>new</p>').content).setMeta(REPLACE_CONTENT_META, true);
      run([png()]);
      expect(canReplaceContent(view().state)).to.equal(false);
      view().dispatch(replace());
      expect(html()).to.equal('<p>ab</p>');
      expect(placeholders()).to.have.length(1);
      calls[0].reject(new DOMException('cancelled', 'AbortError'));
      const log = captureLog();
      try {
        await settle();
      } finally {
        log.restore();
      }
      expect(canReplaceContent(view().state)).to.equal(true);
      view().dispatch(replace());
      expect(html()).to.equal('<p>new</p>');
    });

    it('does not block ordinary edits while uploading', async () => {
      mount('<p>ab</p>');
      run([png()]);
      await sendKeys({ type: 'x' });
      expect(html()).to.equal('<p>abx</p>');
    });
  });

  describe('paste and drop', () => {
    function paste(files: File[], data: Record<string, string> = {}): ClipboardEvent {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
      const event = clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
      view().dom.dispatchEvent(event);
      return event;
    }

    it('uploads a pasted image file and inserts it at the cursor', async () => {
      mount('<p>ab</p><p>cd</p>', {}, 3);
      const event = paste([png('a.png')]);
      expect(event.defaultPrevented).to.equal(true);
      expect(calls.map((c) => c.file.name)).to.deep.equal(['a.png']);
      expect(placeholders()).to.have.length(1);
      calls[0].resolve(SRC_A);
      await settle();
      expect(view().state.doc.child(1).attrs.src).to.equal(SRC_A);
      expect(view().state.doc.childCount).to.equal(3);
    });

    it('leaves the caret after an image that took the place of the empty line the caret was in: what is pasted or typed next goes after it', async () => {
      const IMG_B = IMG_A.replace(SRC_A, SRC_B);
      mount('<p>Intro</p><p></p>');
      run([png('a.png')]);
      calls[0].resolve(SRC_A);
      await settle();
      expect(view().state.selection.empty, 'a caret, not the image selected').to.equal(true);
      // Before: the image stayed selected, and this paste replaced it (and the host was told to delete its file).
      paste([png('b.png')]);
      calls[1].resolve(SRC_B);
      await settle();
      expect(html()).to.equal(`<p>Intro</p>${IMG_A}${IMG_B}`);
      await sendKeys({ type: 'Outro' });
      expect(html()).to.equal(`<p>Intro</p>${IMG_A}${IMG_B}<p>Outro</p>`);
    });

    it('undoes the image and the line it made for the caret in one step', async () => {
      mount('<p>Intro</p><p></p>');
      run([png('a.png')]);
      calls[0].resolve(SRC_A);
      await settle();
      expect(view().state.doc.childCount).to.equal(3);
      await pressWith('z', 'Control');
      expect(view().state.doc.toJSON()).to.deep.equal(parseHTML('<p>Intro</p><p></p>').toJSON());
    });

    it('puts the caret at the start of the line after the image when there is one', async () => {
      mount('<p></p><p>cd</p>', {}, 1);
      run([png('a.png')]);
      calls[0].resolve(SRC_A);
      await settle();
      await sendKeys({ type: 'x' });
      expect(html()).to.equal(`${IMG_A}<p>xcd</p>`);
    });

    it('uploads a pasted image behind the paste-safety plugin too', async () => {
      // mountEditor always includes the paste-safety plugin, first, as the editor does.
      mount('<p>ab</p>');
      paste([png('a.png')]);
      expect(calls).to.have.length(1);
      calls[0].resolve(SRC_A);
      await settle();
      expect(html()).to.equal(`<p>ab</p>${IMG_A}`);
    });

    it('replaces a selection with the pasted image', async () => {
      mount('<p>ab</p><p>cd</p>');
      view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, 5, 7)));
      paste([png()]);
      calls[0].resolve(SRC_A);
      await settle();
      expect(html()).to.equal(`<p>ab</p>${IMG_A}`);
    });

    it('reports a pasted file that is not an image', () => {
      mount('<p>ab</p>');
      paste([new File(['x'], 'a.zip', { type: 'application/zip' })]);
      expect(errors).to.deep.equal([INVALID_TYPE_MESSAGE]);
      expect(calls).to.have.length(0);
    });

    it('pastes the HTML, not the picture, when the clipboard carries text as HTML beside an image (office apps)', () => {
      mount('<p></p>');
      paste([png()], { 'text/html': '<p>from a spreadsheet</p>', 'text/plain': 'from a spreadsheet' });
      expect(calls).to.have.length(0);
      expect(html()).to.equal('<p>from a spreadsheet</p>');
    });

    it('leaves a paste without files to the editor', () => {
      mount('<p></p>');
      paste([], { 'text/plain': 'words' });
      expect(calls).to.have.length(0);
      expect(html()).to.equal('<p>words</p>');
    });

    it('uploads a dropped image file and inserts it where it was dropped', async () => {
      mount('<p>first</p><p>second</p><p>third</p>', {}, 1);
      const second = view().dom.children[1] as HTMLElement;
      const box = second.getBoundingClientRect();
      const transfer = new DataTransfer();
      transfer.items.add(png('drop.png'));
      const event = new DragEvent('drop', { dataTransfer: transfer, clientX: box.left + 2, clientY: box.top + 2, bubbles: true, cancelable: true });
      view().dom.dispatchEvent(event);
      expect(event.defaultPrevented).to.equal(true);
      expect(calls.map((c) => c.file.name)).to.deep.equal(['drop.png']);
      calls[0].resolve(SRC_A);
      await settle();
      const names: string[] = [];
      view().state.doc.forEach((node) => names.push(node.type.name === 'image' ? 'image' : node.textContent));
      expect(names).to.deep.equal(['first', 'image', 'second', 'third']);
    });

    it('reports a dropped file that is too large', () => {
      mount('<p>first</p>');
      const box = view().dom.firstElementChild!.getBoundingClientRect();
      const transfer = new DataTransfer();
      transfer.items.add(png('big.png', MAX_IMAGE_FILE_SIZE + 1));
      view().dom.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, clientX: box.left + 2, clientY: box.top + 2, bubbles: true, cancelable: true }));
      expect(errors).to.deep.equal([FILE_TOO_LARGE_MESSAGE]);
      expect(calls).to.have.length(0);
    });
  });

  describe('lifetime', () => {
    it('aborts running uploads when the editor is destroyed, and ignores their late result', async () => {
      mount('<p>ab</p>');
      run([png()]);
      const { signal, resolve } = calls[0];
      editor!.destroy();
      editor = null;
      expect(signal.aborted).to.equal(true);
      expect(cancels).to.equal(1);
      resolve(SRC_A);
      await settle();
    });

    it('keeps two editors apart', async () => {
      mount('<p>one</p>');
      const first = editor!;
      const otherCalls: UploadCall[] = [];
      const second = mountEditor('<p>two</p>', {
        plugins: [
          imageUploadPlugin({
            uploadFile: (file, context) => new Promise<string>((resolve, reject) => otherCalls.push({ file, ...context, resolve, reject })),
            onError: () => undefined,
          }),
        ],
      });
      try {
        run([png()]);
        expect(isUploading(first.view.state)).to.equal(true);
        expect(isUploading(second.view.state)).to.equal(false);
        expect(otherCalls).to.have.length(0);
        await nextFrame();
      } finally {
        second.destroy();
      }
    });
  });
});
