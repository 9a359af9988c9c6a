import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  ImageUploadDialog,
  checkImageFiles,
  formatMegabytes,
  sizeLimitMessage,
  uploadErrorText,
  type ImageUploadDialogProps,
  type UploadImage,
} from '../../../src/app/widgets/image-upload/index.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { until } from '../../helpers/until.js';
import { click } from '../shell/input.js';
import { settled } from '../shell/timing.js';

const byText = (text: string, selector = 'button') =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text) ?? null;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const zone = () => dialog()!.querySelector<HTMLElement>('[role="button"]')!;
const fileInput = () => dialog()!.querySelector<HTMLInputElement>('input[type="file"]')!;
const alertText = () => dialog()?.querySelector('[role="alert"]')?.textContent ?? null;
const uploadButton = () => byText('Upload') ?? byText('Uploading...');

/** A picture that needs no server. */
const OLD_URL = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/%3E';

function image(name: string, type: string, size = 10): File {
  return new File([new Uint8Array(size)], name, { type });
}

function filesOf(...files: File[]): FileList {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer.files;
}

function chooseFiles(...files: File[]): void {
  const input = fileInput();
  input.files = filesOf(...files);
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function dropFiles(...files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  zone().dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

/** An upload the test finishes by hand, recording each call. */
function controlledUpload() {
  const calls: { file: File; progress: (percent: number) => void; resolve: (url: string) => void; reject: (error: unknown) => void }[] = [];
  const upload: UploadImage = (file, progress) =>
    new Promise((resolve, reject) => {
      calls.push({ file, progress, resolve, reject });
    });
  return { upload, calls };
}

describe('ImageUploadDialog', () => {
  let host: HTMLDivElement;
  let root: Root;
  let events: string[];

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    events = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  function Harness(props: Partial<ImageUploadDialogProps>) {
    const [open, setOpen] = useState(true);
    return (
      <ImageUploadDialog
        title="Upload workspace logo"
        upload={() => Promise.resolve('/assets/new.png')}
        onUploaded={(url) => events.push(`uploaded ${url}`)}
        {...props}
        open={open}
        onOpenChange={(next) => {
          events.push(`open ${next}`);
          setOpen(next);
        }}
      />
    );
  }

  function show(props: Partial<ImageUploadDialogProps> = {}): void {
    flushSync(() => root.render(<Harness {...props} />));
  }

  it('is a titled dialog with a drop zone reachable from the keyboard that opens the file chooser', async () => {
    show({ title: 'Upload avatar' });
    await until(() => dialog());
    expect(dialog()!.getAttribute('aria-labelledby')).to.be.a('string');
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Upload avatar');
    let chooserOpened = 0;
    fileInput().addEventListener('click', (event) => {
      event.preventDefault();
      chooserOpened++;
    });
    zone().focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: ' ' });
    expect(chooserOpened).to.equal(2);
    await click(zone());
    expect(chooserOpened).to.equal(3);
    expect(fileInput().multiple).to.equal(false);
    expect(fileInput().accept).to.equal('.png,.jpg,.jpeg,.svg,.webp,image/png,image/jpeg,image/svg+xml,image/webp');
    expect(dialog()!.textContent).to.contain('One PNG, JPG, JPEG, SVG or WebP image, up to 5 MB.');
  });

  it('starts with nothing chosen, then previews the chosen file and enables Upload', async () => {
    show();
    await until(() => dialog());
    expect(uploadButton()!.hasAttribute('disabled')).to.equal(true);
    expect(dialog()!.querySelector('img')).to.equal(null);
    chooseFiles(image('logo.png', 'image/png'));
    await until(() => dialog()!.querySelector('img[alt="Preview of logo.png"]'));
    const preview = dialog()!.querySelector<HTMLImageElement>('img[alt="Preview of logo.png"]')!;
    expect(preview.src.startsWith('blob:')).to.equal(true);
    expect(zone().textContent).to.contain('logo.png');
    expect(uploadButton()!.hasAttribute('disabled')).to.equal(false);
  });

  it('accepts every allowed type and refuses others by extension or by MIME type', async () => {
    show();
    await until(() => dialog());
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['b.jpg', 'image/jpeg'],
      ['c.JPEG', 'image/jpeg'],
      ['d.svg', 'image/svg+xml'],
      ['e.webp', 'image/webp'],
    ]) {
      chooseFiles(image(name, type));
      await until(() => zone().textContent?.includes(name));
      expect(alertText()).to.equal(null);
    }
    for (const [name, type] of [
      ['f.gif', 'image/gif'],
      ['g.gif', 'image/png'],
      ['h.png', 'text/plain'],
      ['noextension', 'image/png'],
    ]) {
      chooseFiles(image(name, type));
      await until(() => alertText() === 'Please upload a file in a valid format.');
      // A refused file leaves the last good choice in place.
      expect(zone().textContent).to.contain('e.webp');
    }
  });

  it('takes one file only', async () => {
    show();
    await until(() => dialog());
    dropFiles(image('one.png', 'image/png'), image('two.png', 'image/png'));
    await until(() => alertText() === 'Please upload a file in a valid format.');
    expect(uploadButton()!.hasAttribute('disabled')).to.equal(true);
    dropFiles(image('dropped.png', 'image/png'));
    await until(() => zone().textContent?.includes('dropped.png'));
    expect(alertText()).to.equal(null);
    expect(uploadButton()!.hasAttribute('disabled')).to.equal(false);
  });

  it('limits the size to 5 MB by default', async () => {
    show();
    await until(() => dialog());
    chooseFiles(image('big.png', 'image/png', 5242881));
    await until(() => alertText() === 'The image size cannot exceed 5 MB.');
    chooseFiles(image('limit.png', 'image/png', 5242880));
    await until(() => zone().textContent?.includes('limit.png'));
    expect(alertText()).to.equal(null);
  });

  it('uses the server limit and names it in the message', async () => {
    show({ maxSize: 10485760 });
    await until(() => dialog());
    expect(dialog()!.textContent).to.contain('up to 10 MB.');
    chooseFiles(image('nine.png', 'image/png', 9 * 1048576));
    await until(() => zone().textContent?.includes('nine.png'));
    chooseFiles(image('eleven.png', 'image/png', 11 * 1048576));
    await until(() => alertText() === 'The image size cannot exceed 10 MB.');
  });

  it('shows the progress while uploading, then hands over the URL, deletes the old file and closes', async () => {
    const { upload, calls } = controlledUpload();
    const deleted: string[] = [];
    show({ upload, oldUrl: OLD_URL, deleteOld: (url) => deleted.push(url) });
    await until(() => dialog());
    expect(dialog()!.querySelector('img[alt="Current image"]')!.getAttribute('src')).to.equal(OLD_URL);
    chooseFiles(image('new.png', 'image/png'));
    await until(() => !uploadButton()!.hasAttribute('disabled'));
    await click(uploadButton()!);
    await until(() => byText('Uploading...'));
    expect(calls.length).to.equal(1);
    expect(calls[0].file.name).to.equal('new.png');
    expect(byText('Uploading...')!.hasAttribute('disabled')).to.equal(true);
    expect(byText('Cancel')!.hasAttribute('disabled')).to.equal(true);
    const bar = () => dialog()!.querySelector<HTMLProgressElement>('progress[aria-label="Upload progress"]')!;
    expect(bar().value).to.equal(0);
    calls[0].progress(42.4);
    await until(() => bar().value === 42);
    expect(dialog()!.textContent).to.contain('42%');
    // The dialog cannot be dismissed mid-upload.
    await sendKeys({ press: 'Escape' });
    expect(dialog()).to.not.equal(null);
    expect(deleted).to.deep.equal([]);
    calls[0].resolve('/assets/new-1.png');
    await until(() => dialog() === null);
    expect(events).to.deep.equal(['uploaded /assets/new-1.png', 'open false']);
    await until(() => deleted.length === 1);
    expect(deleted).to.deep.equal([OLD_URL]);
  });

  it('deletes nothing when there was no old file', async () => {
    const deleted: string[] = [];
    show({ deleteOld: (url) => deleted.push(url) });
    await until(() => dialog());
    chooseFiles(image('new.png', 'image/png'));
    await until(() => !uploadButton()!.hasAttribute('disabled'));
    await click(uploadButton()!);
    await until(() => dialog() === null);
    expect(events).to.deep.equal(['uploaded /assets/new.png', 'open false']);
    await settled();
    expect(deleted).to.deep.equal([]);
  });

  it('keeps the upload when deleting the old file fails', async () => {
    show({ oldUrl: OLD_URL, deleteOld: () => Promise.reject(new Error('gone')) });
    await until(() => dialog());
    chooseFiles(image('new.png', 'image/png'));
    await until(() => !uploadButton()!.hasAttribute('disabled'));
    await click(uploadButton()!);
    await until(() => dialog() === null);
    await settled();
    expect(events).to.deep.equal(['uploaded /assets/new.png', 'open false']);
  });

  it("shows the server's error text when the upload fails, and the file can be sent again", async () => {
    const { upload, calls } = controlledUpload();
    show({ upload });
    await until(() => dialog());
    chooseFiles(image('new.png', 'image/png'));
    await until(() => !uploadButton()!.hasAttribute('disabled'));
    await click(uploadButton()!);
    await until(() => calls.length === 1);
    calls[0].reject(Object.assign(new Error('Request failed'), { status: 400, error: 'The file is not an image.' }));
    await until(() => alertText() === 'The file is not an image.');
    expect(zone().getAttribute('aria-describedby')).to.contain(dialog()!.querySelector('[role="alert"]')!.id);
    expect(uploadButton()!.textContent).to.equal('Upload');
    await click(uploadButton()!);
    await until(() => calls.length === 2);
    calls[1].reject({ status: 500 });
    await until(() => alertText() === 'Something went wrong. Please try again.');
    expect(dialog()).to.not.equal(null);
  });

  it('closes with Cancel and with Escape', async () => {
    show();
    await until(() => dialog());
    await click(byText('Cancel')!);
    await until(() => dialog() === null);
    expect(events).to.deep.equal(['open false']);
    flushSync(() => root.render(<></>));
    show();
    await until(() => dialog());
    zone().focus();
    await sendKeys({ press: 'Escape' });
    await until(() => dialog() === null);
  });

  it('passes axe with a preview and an error shown', async () => {
    show({ oldUrl: OLD_URL });
    await until(() => dialog());
    await expectAccessible(dialog()!);
    chooseFiles(image('new.png', 'image/png'));
    await until(() => dialog()!.querySelector('img[alt="Preview of new.png"]'));
    chooseFiles(image('bad.gif', 'image/gif'));
    await until(() => alertText());
    await expectAccessible(dialog()!);
  });
});

describe('image rules', () => {
  it('checks count, type and size', () => {
    expect(checkImageFiles([])).to.equal('Please upload a file in a valid format.');
    expect(checkImageFiles([image('a.png', 'image/png')])).to.equal(null);
    expect(checkImageFiles([image('a.svg', 'image/svg+xml', 5242881)])).to.equal('The image size cannot exceed 5 MB.');
    expect(checkImageFiles([image('a.svg', 'image/svg+xml', 5242881)], 0)).to.equal('The image size cannot exceed 5 MB.');
    expect(checkImageFiles([image('a.svg', 'image/svg+xml', 2000000)], 1572864)).to.equal('The image size cannot exceed 1.5 MB.');
  });

  it('states limits in megabytes', () => {
    expect(formatMegabytes(5242880)).to.equal('5');
    expect(sizeLimitMessage(5242880)).to.equal('The image size cannot exceed 5 MB.');
    expect(sizeLimitMessage(3145728)).to.equal('The image size cannot exceed 3 MB.');
  });

  it('finds the error text of a failed upload', () => {
    expect(uploadErrorText({ error: 'Too big' })).to.equal('Too big');
    expect(uploadErrorText({ status: 413, body: { error: 'The file is too large.' } })).to.equal('The file is too large.');
    expect(uploadErrorText(new Error('Offline'))).to.equal('Offline');
    expect(uploadErrorText({ error: '' })).to.equal('Something went wrong. Please try again.');
    expect(uploadErrorText(undefined)).to.equal('Something went wrong. Please try again.');
  });
});
