import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import '../../../src/element/drag-handle/drag-handle.js';
import type { RichEditor } from '../../../src/element/index.js';
import {
  AUTO_SCROLL_BOTTOM_ZONE,
  AUTO_SCROLL_INTERVAL,
  AUTO_SCROLL_STEP,
  AUTO_SCROLL_TOP_ZONE,
  autoScrollStep,
  DRAG_HANDLE_WIDTH,
} from '../../../src/element/drag-handle/drag-handle.component.js';
import { nextFrame, pressWith } from '../../helpers/editor.js';
import { itIn } from '../../helpers/engine.js';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { until } from '../../helpers/until.js';
import { block, centre, content, dragBlockByScript, handle, handleBeside, hover, shown } from './helpers.js';

/** Why the tests that drag with the real mouse need the engines they name. */
const REAL_DRAG = "WebDriver's drags are not a user's: Firefox's end without a drop and put each dragover at the centre of the element under the pointer, WebKit's never start a drop";

const THREE = '<p>One</p><p>Two</p><p>Three</p>';

/** Presses the handle of `from`, drags to the end of `to`'s text and releases, in steps as a hand would. */
async function dragBlock(el: RichEditor, from: HTMLElement, to: HTMLElement): Promise<void> {
  await hover(from);
  const [hx, hy] = centre(await handleBeside(el, from));
  await sendMouse({ type: 'move', position: [hx, hy] });
  await sendMouse({ type: 'down' });
  // A first small move inside the handle, as a hand makes: headless Chromium starts a drag
  // only when the first move after the press is still over the draggable element.
  await sendMouse({ type: 'move', position: [hx + 4, hy + 4] });
  const target = to.getBoundingClientRect();
  const tx = Math.round(target.left + 40);
  const ty = Math.round(target.top + target.height / 2);
  for (let i = 1; i <= 5; i++) {
    await sendMouse({ type: 'move', position: [Math.round(hx + ((tx - hx) * i) / 5), Math.round(hy + ((ty - hy) * i) / 5)] });
  }
  await sendMouse({ type: 'up' });
  await nextFrame();
}

/**
 * Moves a drag to (x, y) until the page has heard a `dragover` there: headless Chromium
 * reports a drag's position to the page late (when a later move arrives), so the pointer
 * jiggles by a pixel, a frame apart (Chromium hands input to the page at frames), until the
 * page sees it.
 */
async function dragTo(x: number, y: number): Promise<void> {
  let seen = false;
  const listener = (event: DragEvent) => {
    if (Math.abs(event.clientY - y) <= 2) seen = true;
  };
  window.addEventListener('dragover', listener, true);
  try {
    for (let i = 0; i < 20 && !seen; i++) {
      await sendMouse({ type: 'move', position: [x + (i % 2), y + (i % 2)] });
      await nextFrame();
    }
  } finally {
    window.removeEventListener('dragover', listener, true);
  }
  if (!seen) throw new Error(`the drag never reached ${x}, ${y}`);
}

/** Keeps a drag at (x, y) for a few frames, the pointer trembling by a pixel as a hand's does (each move a `dragover`). */
async function tremble(x: number, y: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await sendMouse({ type: 'move', position: [x + (i % 2), y] });
    await nextFrame();
  }
}

async function mount(value: string, dragDrop = false): Promise<RichEditor> {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div style="padding: 40px 0 0 60px; width: 500px">
      <rich-editor value=${value} ?drag-drop=${dragDrop}></rich-editor>
    </div>`,
  );
  const el = wrapper.querySelector('rich-editor')!;
  await el.updateComplete;
  return el;
}

describe('<rich-editor-drag-handle>', () => {
  // Wider than the 600 px at which the handle is hidden (spec), whatever size the page was given.
  const viewport = { width: 800, height: 600 };

  before(async () => {
    await setViewport(viewport);
  });

  afterEach(async () => {
    await resetMouse();
    await setViewport(viewport);
    window.scrollTo(0, 0);
  });

  describe('showing and hiding', () => {
    it('stands beside the hovered block, 24 px wide, with an accessible name', async () => {
      const el = await mount(THREE);
      expect(shown(el)).to.equal(false);
      await hover(block(el, 1));
      const rect = await handleBeside(el, block(el, 1));
      expect(rect.width).to.equal(DRAG_HANDLE_WIDTH);
      expect(rect.width).to.equal(24);
      expect(handle(el)!.getAttribute('aria-label')).to.equal('Drag to move block');
      expect(handle(el)!.getAttribute('role')).to.equal('button');
    });

    it('stays out of the way of the text when the page leaves no room to the left of the editor', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div style="position: fixed; left: 4px; top: 40px; width: 400px">
        <rich-editor value="<p>alpha</p><p>bravo charlie</p>"></rich-editor>
      </div>`);
      const el = wrapper.querySelector('rich-editor')!;
      await el.updateComplete;
      const text = block(el, 1).firstChild as Text;
      const range = document.createRange();
      range.setStart(text, 1);
      range.setEnd(text, 2);
      const rect = range.getBoundingClientRect();
      const point: [number, number] = [Math.round(rect.left + 1), Math.round(rect.top + rect.height / 2)];
      await sendMouse({ type: 'move', position: [point[0] + 20, point[1]] });
      await sendMouse({ type: 'move', position: point });
      await nextFrame();
      await nextFrame();
      expect(handle(el)!.checkVisibility({ visibilityProperty: true }), 'no room for the grip: not shown').to.equal(false);
      // A click on the text puts the caret there; it does not select the block through the grip.
      await sendMouse({ type: 'click', position: point });
      await sendKeys({ type: 'X' });
      expect(el.getHTML()).to.equal('<p>alpha</p><p>bXravo charlie</p>');
    });

    it('lets the host style it through ::part(drag-handle)', async () => {
      const style = document.createElement('style');
      style.textContent = 'rich-editor::part(drag-handle) { color: rgb(1, 2, 3); }';
      document.head.appendChild(style);
      try {
        const el = await mount(THREE);
        await hover(block(el, 0));
        await handleBeside(el, block(el, 0));
        expect(getComputedStyle(handle(el)!).color).to.equal('rgb(1, 2, 3)');
      } finally {
        style.remove();
      }
    });

    it('takes the look every handle shares from the theme: muted at rest, the text colour on the hover surface under the pointer', async () => {
      const el = await mount(THREE);
      el.style.setProperty('--rich-editor-muted', 'rgb(1, 2, 3)');
      el.style.setProperty('--rich-editor-text', 'rgb(4, 5, 6)');
      el.style.setProperty('--rich-editor-surface-hover', 'rgb(7, 8, 9)');
      await hover(block(el, 1));
      await handleBeside(el, block(el, 1));
      expect(getComputedStyle(handle(el)!).color).to.equal('rgb(1, 2, 3)');
      await hover(handle(el)!);
      const look = getComputedStyle(handle(el)!);
      expect([look.color, look.backgroundColor]).to.deep.equal(['rgb(4, 5, 6)', 'rgb(7, 8, 9)']);
    });

    it('follows the mouse to another block and to a list item', async () => {
      const el = await mount('<p>One</p><ul><li><p>Apple</p></li><li><p>Pear</p></li></ul>');
      await hover(block(el, 0));
      await handleBeside(el, block(el, 0));
      const pear = content(el).querySelectorAll('li')[1];
      await hover(pear.querySelector('p')!);
      await handleBeside(el, pear);
    });

    it('hides when the user types', async () => {
      const el = await mount(THREE);
      content(el).focus();
      await hover(block(el, 0));
      await handleBeside(el, block(el, 0));
      await sendKeys({ press: 'ArrowRight' });
      await until(() => !shown(el), 'hidden after a key press');
      await hover(block(el, 2));
      await handleBeside(el, block(el, 2));
      await sendKeys({ type: 'x' });
      await until(() => !shown(el), 'hidden after typing');
    });

    it('hides when the page scrolls', async () => {
      const el = await mount(THREE);
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      el.parentElement!.after(spacer);
      let last: MouseEvent | null = null;
      content(el).addEventListener('mousemove', (event) => (last = event));
      await hover(block(el, 0));
      await handleBeside(el, block(el, 0));
      window.scrollBy(0, 5);
      await until(() => !shown(el), 'hidden after scrolling');
      // The move a browser sends after a scroll, the pointer at rest where it was (Chromium after
      // every wheel step, to update hover), brings nothing back: the handle stays hidden.
      const rest = last!;
      content(el).dispatchEvent(new MouseEvent('mousemove', { bubbles: true, composed: true, screenX: rest.screenX, screenY: rest.screenY, clientX: rest.clientX, clientY: rest.clientY }));
      await nextFrame();
      await nextFrame();
      expect(shown(el), 'hidden while the pointer rests').to.equal(false);
      // The user moving the pointer does.
      await hover(block(el, 1));
      await handleBeside(el, block(el, 1));
      spacer.remove();
    });

    it('stays while the mouse moves onto it and hides when the mouse leaves the content', async () => {
      const el = await mount(THREE);
      await hover(block(el, 0));
      const rect = await handleBeside(el, block(el, 0));
      await sendMouse({ type: 'move', position: centre(rect) });
      await nextFrame();
      expect(shown(el)).to.equal(true);
      const below = el.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(below.left + 20), Math.round(below.bottom + 80)] });
      await until(() => !shown(el), 'hidden once no block is hovered');
    });

    it('is hidden on screens 600 px wide or narrower', async () => {
      const el = await mount(THREE);
      await setViewport({ width: 600, height: 600 });
      await hover(block(el, 0));
      await until(() => handle(el)?.hasAttribute('hidden') === false, 'a block is hovered');
      await nextFrame();
      expect(getComputedStyle(handle(el)!).display).to.equal('none');
      expect(shown(el)).to.equal(false);
      await setViewport({ width: 601, height: 600 });
      await hover(block(el, 1));
      await handleBeside(el, block(el, 1));
    });

    it('is not rendered in read-only mode', async () => {
      const el = await mount(THREE);
      el.readonly = true;
      await el.updateComplete;
      await hover(block(el, 0));
      await nextFrame();
      expect(handle(el)).to.equal(null);
    });
  });

  describe('dragging', () => {
    itIn(['chromium'], REAL_DRAG, 'moves a block below another with drag-drop set, in one undo step', async () => {
      const el = await mount(THREE, true);
      expect(el.shadowRoot!.querySelector('rich-editor-drag-handle')!.hasAttribute('drag-drop')).to.equal(true);
      await dragBlock(el, block(el, 0), block(el, 2));
      await until(() => el.getHTML() === '<p>Two</p><p>Three</p><p>One</p>', `moved: ${el.getHTML()}`);
      expect(shown(el)).to.equal(false);
      content(el).focus();
      await pressWith('z', 'Control');
      expect(el.getHTML()).to.equal(THREE);
    });

    itIn(['chromium'], REAL_DRAG, 'moves a list item within its list', async () => {
      const el = await mount('<ul><li><p>A</p></li><li><p>B</p></li><li><p>C</p></li></ul>', true);
      const items = content(el).querySelectorAll('li');
      await dragBlock(el, items[0], items[2].querySelector('p')!);
      await until(() => el.getHTML() === '<ul><li><p>B</p></li><li><p>C</p></li><li><p>A</p></li></ul>', `moved: ${el.getHTML()}`);
    });

    it('moves a block with the drag events a drop is made of, in one undo step', async () => {
      const el = await mount(THREE, true);
      await dragBlockByScript(el, block(el, 0), block(el, 2));
      expect(el.getHTML()).to.equal('<p>Two</p><p>Three</p><p>One</p>');
      expect(shown(el)).to.equal(false);
      content(el).focus();
      await pressWith('z', 'Control');
      expect(el.getHTML()).to.equal(THREE);
    });

    it('moves a list item within its list with the drag events a drop is made of', async () => {
      const el = await mount('<ul><li><p>A</p></li><li><p>B</p></li><li><p>C</p></li></ul>', true);
      const items = content(el).querySelectorAll('li');
      await dragBlockByScript(el, items[0], items[2].querySelector('p')!);
      expect(el.getHTML()).to.equal('<ul><li><p>B</p></li><li><p>C</p></li><li><p>A</p></li></ul>');
    });

    it('does nothing without drag-drop', async () => {
      const el = await mount(THREE);
      await hover(block(el, 0));
      await handleBeside(el, block(el, 0));
      expect(handle(el)!.getAttribute('draggable')).to.equal('false');
      let started = false;
      el.shadowRoot!.addEventListener('dragstart', () => (started = true), true);
      await dragBlock(el, block(el, 0), block(el, 2));
      await nextFrame();
      expect(started).to.equal(false);
      expect(el.getHTML()).to.equal(THREE);
    });
  });

  describe('auto-scroll', () => {
    // The steps' pace is the SDK clock's: time moves only as a test moves it.
    let clock: FakeClock;
    beforeEach(() => {
      clock = installFakeClock();
    });
    afterEach(() => {
      clock.uninstall();
    });

    it('steps 70 px up within 300 px of the top and down within 100 px of the bottom', () => {
      expect([AUTO_SCROLL_TOP_ZONE, AUTO_SCROLL_BOTTOM_ZONE, AUTO_SCROLL_STEP]).to.deep.equal([300, 100, 70]);
      expect(autoScrollStep(0, 1000)).to.equal(-70);
      expect(autoScrollStep(299, 1000)).to.equal(-70);
      expect(autoScrollStep(300, 1000)).to.equal(0);
      expect(autoScrollStep(900, 1000)).to.equal(0);
      expect(autoScrollStep(901, 1000)).to.equal(70);
      expect(autoScrollStep(1000, 1000)).to.equal(70);
    });

    /** Mounts a long document with drag-drop and starts dragging its first block's handle. */
    async function startLongDrag(): Promise<{ el: RichEditor; x: number }> {
      await setViewport({ width: 1000, height: 800 });
      const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('');
      const el = await mount(paragraphs, true);
      const first = block(el, 0);
      await hover(first);
      const [hx, hy] = centre(await handleBeside(el, first));
      await sendMouse({ type: 'move', position: [hx, hy] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [hx + 4, hy + 4] });
      await dragTo(hx + 60, 450);
      // The press was in the top zone, with nothing above to scroll to: the step due next finds
      // the pointer in the middle and stops.
      clock.tick(AUTO_SCROLL_INTERVAL);
      expect(window.scrollY).to.equal(0);
      return { el, x: hx + 80 };
    }

    itIn(['chromium'], REAL_DRAG, 'scrolls a long document in 70 px steps while a drag is near the bottom, and stops when the drag ends', async () => {
      const { el, x } = await startLongDrag();
      // Into the bottom 100 px of the 800 px viewport: a step at once, then one each interval.
      await dragTo(x, 760);
      expect(window.scrollY, 'the first step').to.equal(AUTO_SCROLL_STEP);
      clock.tick(AUTO_SCROLL_INTERVAL);
      expect(window.scrollY).to.equal(2 * AUTO_SCROLL_STEP);
      clock.tick(AUTO_SCROLL_INTERVAL);
      expect(window.scrollY).to.equal(3 * AUTO_SCROLL_STEP);
      await sendMouse({ type: 'up' });
      // The block was dropped where the drag ended, far down the document.
      await until(() => el.getHTML().startsWith('<p>Paragraph 2</p>'), 'the block dropped far down', { saw: () => el.getHTML().slice(0, 80) });
      // The drop itself may shift the page (the moved block leaves the top: scroll anchoring,
      // at the next layout); then nothing more, however long the pointer rests.
      await nextFrame();
      const dropped = window.scrollY;
      clock.tick(10 * AUTO_SCROLL_INTERVAL);
      await nextFrame();
      expect(window.scrollY).to.equal(dropped);
    });

    it('scrolls in 70 px steps while the drag events a drag is made of stay near the bottom, and stops at the drag\'s end', async () => {
      await setViewport({ width: 1000, height: 800 });
      const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('');
      const el = await mount(paragraphs, true);
      await hover(block(el, 0));
      const grip = handle(el)!;
      const [hx, hy] = centre(await handleBeside(el, block(el, 0)));
      const dataTransfer = new DataTransfer();
      const fire = (target: Element, type: string, y: number): boolean =>
        target.dispatchEvent(new DragEvent(type, { bubbles: true, composed: true, cancelable: true, dataTransfer, clientX: hx + 60, clientY: y }));
      expect(fire(grip, 'dragstart', hy), 'the drag starts').to.equal(true);
      fire(content(el), 'dragover', 450);
      clock.tick(3 * AUTO_SCROLL_INTERVAL);
      expect(window.scrollY, 'no scrolling in the middle of the viewport').to.equal(0);
      // Into the bottom 100 px of the 800 px viewport, once: the editor keeps stepping while the pointer stays.
      fire(content(el), 'dragover', 760);
      expect(window.scrollY, 'a step at once').to.equal(AUTO_SCROLL_STEP);
      clock.tick(AUTO_SCROLL_INTERVAL - 1);
      expect(window.scrollY, 'none before the interval').to.equal(AUTO_SCROLL_STEP);
      clock.tick(1);
      expect(window.scrollY, 'the next at the interval').to.equal(2 * AUTO_SCROLL_STEP);
      clock.tick(AUTO_SCROLL_INTERVAL);
      expect(window.scrollY).to.equal(3 * AUTO_SCROLL_STEP);
      fire(grip, 'dragend', 760);
      clock.tick(10 * AUTO_SCROLL_INTERVAL);
      expect(window.scrollY, 'no step after the drag ended').to.equal(3 * AUTO_SCROLL_STEP);
    });

    itIn(['chromium'], REAL_DRAG, 'stops scrolling when the drag leaves the bottom zone', async () => {
      const { x } = await startLongDrag();
      await dragTo(x, 760);
      clock.tick(AUTO_SCROLL_INTERVAL);
      expect(window.scrollY, 'two steps down').to.equal(2 * AUTO_SCROLL_STEP);
      // Back to the middle (between 300 px from the top and 100 px from the bottom): the next
      // step finds the pointer out of the zones and stops, and the drag's further dragover
      // events there start none.
      await dragTo(x, 500);
      clock.tick(AUTO_SCROLL_INTERVAL);
      await tremble(x, 500);
      clock.tick(10 * AUTO_SCROLL_INTERVAL);
      await tremble(x, 500);
      clock.tick(10 * AUTO_SCROLL_INTERVAL);
      expect(window.scrollY).to.equal(2 * AUTO_SCROLL_STEP);
      await sendMouse({ type: 'up' });
    });
  });
});
