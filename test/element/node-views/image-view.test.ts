import { expect, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { NodeSelection } from 'prosemirror-state';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import type { RichEditor } from '../../../src/element/index.js';
import { nextFrame, pressWith } from '../../helpers/editor.js';
import { axeViolations, centre, content, imageAttrs, mount, pngFile, until } from './wiring.js';

let imageUrl = '';

before(async () => {
  imageUrl = URL.createObjectURL(await pngFile(300, 400));
});

after(() => URL.revokeObjectURL(imageUrl));

afterEach(() => resetMouse());

function image(el: RichEditor): HTMLImageElement {
  return content(el).querySelector('.image-view img') as HTMLImageElement;
}

function handle(el: RichEditor): HTMLElement | null {
  return content(el).querySelector('[role="slider"][aria-label="Resize image"]');
}

async function mountImage(attrs: string, options: { readonly?: boolean } = {}): Promise<RichEditor> {
  const value = `<p>Before</p><img src="${imageUrl}"${attrs}><p>After</p>`;
  const el = await mount(
    options.readonly
      ? html`<rich-editor readonly style="width: 800px" .value=${value}></rich-editor>`
      : html`<rich-editor style="width: 800px" .value=${value}></rich-editor>`,
  );
  await until(() => image(el).complete && image(el).naturalWidth > 0, 'the image loads');
  await nextFrame();
  return el;
}

function altButton(el: RichEditor): HTMLButtonElement | null {
  return Array.from(content(el).querySelectorAll<HTMLButtonElement>('.image-view button')).find((button) => button.textContent === 'Alt text') ?? null;
}

function altField(el: RichEditor): HTMLInputElement | null {
  return content(el).querySelector<HTMLInputElement>('.image-view input[aria-label="Alt text"]');
}

/** Clicks the image, which selects it (and shows the handle). */
async function selectImage(el: RichEditor): Promise<void> {
  const [x, y] = centre(image(el));
  await sendMouse({ type: 'click', position: [x, y] });
  await nextFrame();
}

function size(el: RichEditor): { width: number; height: number } {
  const rect = image(el).getBoundingClientRect();
  return { width: Math.round(rect.width), height: Math.round(rect.height) };
}

describe('image node view', () => {
  it('renders an image 35% wide by default, its height following the ratio', async () => {
    const el = await mountImage('');
    const width = content(el).clientWidth;
    expect(image(el).getBoundingClientRect().width).to.be.closeTo(width * 0.35, 1);
    expect(size(el).height).to.be.closeTo((width * 0.35 * 400) / 300, 1);
    expect(imageAttrs(el)).to.include({ width: '35%', style: 'width: 35%; height: auto;' });
    expect(image(el).loading, 'fetched as it nears the viewport, not all at once as a long document opens').to.equal('lazy');
  });

  it('gives screen readers the image\'s text alternative, an empty one when it has none, and keeps it in the HTML', async () => {
    const el = await mountImage(' alt="Sales by quarter"');
    expect(image(el).alt).to.equal('Sales by quarter');
    expect(imageAttrs(el)).to.include({ alt: 'Sales by quarter' });
    el.value = `<img src="${imageUrl}">`;
    await until(() => image(el)?.getAttribute('alt') === '', 'an empty text alternative');
    expect(imageAttrs(el)).to.not.have.property('alt');
  });

  it('shows a small image at its natural width rather than stretching it to 35%, keeping the stored size', async () => {
    const small = URL.createObjectURL(await pngFile(32, 32));
    try {
      const el = await mount(html`<rich-editor style="width: 800px" .value=${`<p>Icon</p><img src="${small}">`}></rich-editor>`);
      // `complete` turns true before the load event's task runs, and the cap comes with that
      // event: wait for the drawn size (a timeout here is the failure), not only the loaded file.
      await until(() => image(el).complete && size(el).width === 32, 'the small image drawn at its natural width');
      expect(content(el).clientWidth * 0.35, '35% would be wider').to.be.greaterThan(100);
      expect(size(el)).to.deep.equal({ width: 32, height: 32 });
      expect(imageAttrs(el)).to.include({ width: '35%', style: 'width: 35%; height: auto;' });
      expect(el.getHTML()).to.contain('width="35%"');
    } finally {
      URL.revokeObjectURL(small);
    }
  });

  it('keeps a width in pixels that the user chose, even above the natural width', async () => {
    const small = URL.createObjectURL(await pngFile(32, 32));
    try {
      const el = await mount(html`<rich-editor style="width: 800px" .value=${`<img src="${small}" width="120px" height="120px">`}></rich-editor>`);
      await until(() => image(el).complete && image(el).naturalWidth === 32, 'the image loads');
      await nextFrame();
      expect(size(el)).to.deep.equal({ width: 120, height: 120 });
    } finally {
      URL.revokeObjectURL(small);
    }
  });

  it('keeps a visible box for an image whose file does not load, which a click selects', async () => {
    const el = await mount(html`<rich-editor style="width: 800px" .value=${'<p>Before</p><img src="/no/such/image.png"><p>After</p>'}></rich-editor>`);
    await until(() => content(el).querySelector('.image-frame.re-broken'), 'the failed load noticed');
    await nextFrame();
    expect(size(el).height, 'not a line').to.be.at.least(40);
    await selectImage(el);
    expect(content(el).querySelector('.image-view')!.classList.contains('ProseMirror-selectednode'), 'selected by a click').to.equal(true);
  });

  it('outlines the image when it is selected', async () => {
    const el = await mountImage('');
    expect(getComputedStyle(image(el)).outlineStyle).to.equal('none');
    await selectImage(el);
    expect(content(el).querySelector('.image-view')!.classList.contains('ProseMirror-selectednode')).to.equal(true);
    expect(getComputedStyle(image(el)).outlineStyle).to.equal('solid');
  });

  it('resizes live while the handle is dragged and commits once, stopping at 100 px with the ratio kept', async () => {
    const el = await mountImage(' width="300px" height="400px"');
    await selectImage(el);
    const grip = handle(el)!;
    expect(getComputedStyle(grip).opacity).to.equal('1');
    const [x, y] = centre(grip);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x - 60, y] });
    await nextFrame();
    // A live preview, not yet in the document.
    expect(size(el)).to.deep.equal({ width: 240, height: 320 });
    expect(imageAttrs(el).width).to.equal('300px');
    // To the viewport's left edge, more than 200 px further: past the 100 px minimum. (Not
    // beyond the edge: WebDriver rejects a pointer outside the viewport.)
    expect(x - 200, 'room to drag past the minimum').to.be.greaterThan(0);
    await sendMouse({ type: 'move', position: [0, y] });
    await nextFrame();
    expect(size(el)).to.deep.equal({ width: 100, height: 133 });
    await sendMouse({ type: 'up' });
    await nextFrame();
    expect(imageAttrs(el)).to.include({ width: '100px', height: '133px', style: 'width: 100px; height: 133px;' });
    expect(size(el)).to.deep.equal({ width: 100, height: 133 });
    // One transaction for the whole drag: a single undo restores the old size.
    content(el).focus();
    await pressWith('z', 'Control');
    expect(imageAttrs(el)).to.include({ width: '300px', height: '400px', style: 'width: 300px; height: 400px;' });
  });

  it('keeps the keys in the text after a click on the last image, End and Ctrl+End (the handle only takes focus from Tab)', async () => {
    const el = await mount(html`<rich-editor style="width: 800px" .value=${`<p>Launch plan for </p><img src="${imageUrl}">`}></rich-editor>`);
    await until(() => image(el).complete && image(el).naturalWidth > 0, 'the image loads');
    await selectImage(el);
    await sendKeys({ press: 'End' });
    await pressWith('End', 'Control');
    expect(el.shadowRoot!.activeElement).to.equal(content(el));
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Review' });
    expect(el.editorView!.state.doc.lastChild!.textContent).to.equal('Review');
    expect(handle(el)!.tabIndex).to.equal(-1);
  });

  it('resizes by 10 px with the arrow keys on the focused handle', async () => {
    const el = await mountImage(' width="300px" height="400px"');
    await selectImage(el);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(handle(el));
    expect(handle(el)!.getAttribute('aria-valuenow')).to.equal('300');
    await sendKeys({ press: 'ArrowLeft' });
    expect(imageAttrs(el)).to.include({ width: '290px', height: '387px', style: 'width: 290px; height: 387px;' });
    // The slider reads the size the editor's ResizeObserver reports, once the browser has laid it out.
    await until(() => handle(el)!.getAttribute('aria-valuenow') === '290', 'the slider value follows the new size');
    expect(handle(el)!.getAttribute('aria-valuetext')).to.equal('290 × 387 pixels');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    expect(imageAttrs(el)).to.include({ width: '310px', height: '413px', style: 'width: 310px; height: 413px;' });
    expect(el.shadowRoot!.activeElement).to.equal(handle(el));
  });

  it('returns to the text with Escape, the image selected, and takes a resize back with Ctrl+Z from the handle too', async () => {
    const el = await mountImage(' width="300px" height="400px"');
    await selectImage(el);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(handle(el));
    await sendKeys({ press: 'ArrowRight' });
    expect(imageAttrs(el)).to.include({ width: '310px' });
    await pressWith('z', 'Control');
    expect(imageAttrs(el), 'undone from the handle').to.include({ width: '300px', height: '400px' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Escape' });
    expect(el.shadowRoot!.activeElement).to.equal(content(el));
    const { selection } = el.editorView!.state;
    expect((selection as NodeSelection).node?.type.name).to.equal('image');
    await pressWith('z', 'Control');
    expect(imageAttrs(el), 'undone from the text').to.include({ width: '300px', height: '400px' });
  });

  it('writes the text alternative from the keyboard: Tab to the handle, Tab to "Alt text", Enter, type, Enter', async () => {
    const el = await mountImage('');
    await selectImage(el);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(handle(el));
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement, 'the button after the handle').to.equal(altButton(el));
    await pressWith('Tab', 'Shift');
    expect(el.shadowRoot!.activeElement, 'Shift+Tab back to the handle').to.equal(handle(el));
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(altButton(el));
    // Its label fits inside it (the frame's line height of 0 used to squash it to 6 px).
    const button = altButton(el)!;
    expect(button.getBoundingClientRect().height, 'the button as tall as its text').to.be.at.least(parseFloat(getComputedStyle(button).fontSize));
    expect(button.scrollHeight).to.be.at.most(button.clientHeight + 1);
    expect(altButton(el)!.getAttribute('aria-expanded')).to.equal('false');
    await sendKeys({ press: 'Enter' });
    await until(() => el.shadowRoot!.activeElement === altField(el) && altField(el) !== null, 'the field focused');
    expect(altField(el)!.placeholder).to.equal('Describe this image');
    expect(altButton(el)!.getAttribute('aria-expanded')).to.equal('true');
    expect(await axeViolations(el), 'with the field open').to.deep.equal([]);
    await sendKeys({ type: 'A red kite over the hill' });
    expect(imageAttrs(el), 'nothing kept while typing').to.not.have.property('alt');
    await sendKeys({ press: 'Enter' });
    expect(imageAttrs(el)).to.include({ alt: 'A red kite over the hill' });
    expect(image(el).alt).to.equal('A red kite over the hill');
    expect(altField(el), 'the field closed').to.equal(null);
    expect(el.shadowRoot!.activeElement, 'back in the text').to.equal(content(el));
    expect((el.editorView!.state.selection as NodeSelection).node?.type.name, 'the image selected').to.equal('image');
    await pressWith('z', 'Control');
    expect(imageAttrs(el), 'undone as one step').to.not.have.property('alt');
  });

  it('opens the field holding the current text on a click; Escape drops what was typed, leaving the field keeps it', async () => {
    const el = await mountImage(' alt="Old caption"');
    let escapesOutside = 0;
    const count = (event: KeyboardEvent) => (escapesOutside += event.key === 'Escape' ? 1 : 0);
    document.addEventListener('keydown', count);
    try {
      await selectImage(el);
      await sendMouse({ type: 'click', position: centre(altButton(el)!) });
      await until(() => el.shadowRoot!.activeElement === altField(el) && altField(el) !== null, 'the field focused');
      expect(altField(el)!.value).to.equal('Old caption');
      // The text is selected: typing replaces it.
      await sendKeys({ type: 'Kite' });
      expect(altField(el)!.value).to.equal('Kite');
      await sendKeys({ press: 'Escape' });
      expect(altField(el)).to.equal(null);
      expect(imageAttrs(el)).to.include({ alt: 'Old caption' });
      expect(escapesOutside, 'a dialog around the editor does not see that Escape').to.equal(0);
      expect(el.shadowRoot!.activeElement).to.equal(content(el));

      await sendMouse({ type: 'click', position: centre(altButton(el)!) });
      await until(() => altField(el) !== null && el.shadowRoot!.activeElement === altField(el), 'the field open again');
      await sendKeys({ type: 'Kite at dusk' });
      await sendMouse({ type: 'click', position: centre(content(el).querySelector('p')!) });
      await until(() => altField(el) === null, 'the field closed as focus left it');
      expect(imageAttrs(el)).to.include({ alt: 'Kite at dusk' });
      expect(el.getHTML()).to.contain('alt="Kite at dusk"');
    } finally {
      document.removeEventListener('keydown', count);
    }
  });

  it('keeps the text typed into the alternative\'s field when a change around the image draws it anew', async () => {
    const el = await mountImage('');
    await selectImage(el);
    await sendMouse({ type: 'click', position: centre(altButton(el)!) });
    await until(() => altField(el) !== null && el.shadowRoot!.activeElement === altField(el), 'the field focused');
    await sendKeys({ type: 'A kite' });
    // A colleague's change (here: the image put in a quote) draws the image's view anew.
    const view = el.editorView!;
    let at = -1;
    view.state.doc.forEach((node, offset) => {
      if (node.type.name === 'image') at = offset;
    });
    const range = view.state.doc.resolve(at).blockRange(view.state.doc.resolve(at + 1))!;
    view.dispatch(view.state.tr.wrap(range, [{ type: view.state.schema.nodes.blockquote }]));
    expect(altField(el), 'the field went with its view').to.equal(null);
    await until(() => imageAttrs(el).alt, 'the text kept on the image', { saw: () => el.getHTML() });
    expect(imageAttrs(el).alt).to.equal('A kite');
    expect(el.getHTML()).to.match(/^<p>Before<\/p><blockquote><img [^>]*alt="A kite"/);
  });

  it('does not go under 100 px from the keyboard either', async () => {
    const el = await mountImage(' width="105px" height="140px"');
    await selectImage(el);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(imageAttrs(el)).to.include({ width: '100px', height: '133px', style: 'width: 100px; height: 133px;' });
  });

  it('has no resize handle in read-only mode, even when the image is clicked', async () => {
    const el = await mountImage('', { readonly: true });
    expect(handle(el)).to.equal(null);
    await selectImage(el);
    expect(handle(el)).to.equal(null);
    expect(altButton(el), 'nor a text alternative button').to.equal(null);
    expect(imageAttrs(el)).to.include({ width: '35%', style: 'width: 35%; height: auto;' });
  });

  it('removes the handle when the editor turns read-only and brings it back after', async () => {
    const el = await mountImage('');
    expect(handle(el)).to.not.equal(null);
    el.readonly = true;
    await el.updateComplete;
    expect(handle(el)).to.equal(null);
    expect(altButton(el)).to.equal(null);
    el.readonly = false;
    await el.updateComplete;
    expect(handle(el)).to.not.equal(null);
    expect(altButton(el)).to.not.equal(null);
  });

  it('passes an axe check with the image selected, in the light and the dark theme', async () => {
    const el = await mountImage('');
    await selectImage(el);
    for (const theme of ['light', 'dark']) {
      el.setAttribute('theme', theme);
      await el.updateComplete;
      expect(await axeViolations(el), theme).to.deep.equal([]);
    }
  });
});
