import { expect } from '@open-wc/testing';
import { scrollToHeading } from '../../../src/core/plugins/scroll-to-heading.js';
import { tableOfContents } from '../../../src/core/plugins/toc.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, nextFrame, type TestEditor } from '../../helpers/editor.js';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';

describe('table of contents', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  it('lists headings with their level, text and sequence per level', () => {
    const doc = parseHTML('<h1>A</h1><p>x</p><h2>B</h2><h2>C</h2><blockquote><h3>D</h3></blockquote><h1>E</h1>');
    expect(tableOfContents(doc).map(({ level, text, sequence }) => [level, text, sequence])).to.deep.equal([
      [1, 'A', 1],
      [2, 'B', 1],
      [2, 'C', 2],
      [3, 'D', 1],
      [1, 'E', 2],
    ]);
  });

  it('scrolls smoothly to the Nth heading of a level', async () => {
    const filler = '<p>filler</p>'.repeat(200);
    editor = mountEditor(`<h2>First</h2>${filler}<h2>Second</h2>${filler}`, { caret: 1 });
    const scroller = document.scrollingElement!;
    scroller.scrollTop = 0;
    const target = editor.view.dom.querySelectorAll('h2')[1];
    expect(scrollToHeading(2, 2)(editor.view.state, undefined, editor.view)).to.equal(true);
    // Smooth scrolling takes several frames.
    for (let i = 0; i < 120 && Math.abs(target.getBoundingClientRect().top) > 2; i++) await nextFrame();
    expect(Math.abs(target.getBoundingClientRect().top)).to.be.below(3);
    expect(scrollToHeading(2, 3)(editor.view.state, undefined, editor.view)).to.equal(false);
    expect(scrollToHeading(4, 1)(editor.view.state, undefined, editor.view)).to.equal(false);
  });

  /**
   * The page scrolled to `top` (instantly) the reader's way, and the scroll then over: at its
   * `scrollend` where the engine has the event, else once the editor's clock (`clock`, the
   * fake one the test put in place there) has let a still moment pass.
   */
  async function readerScrollsTo(top: number, clock: FakeClock | null): Promise<void> {
    const ended = clock ? null : new Promise((resolve) => document.addEventListener('scrollend', resolve, { once: true }));
    document.scrollingElement!.scrollTop = top;
    if (ended) return void (await ended);
    await nextFrame();
    await nextFrame();
    clock!.tick(1_000);
  }

  describe('leaves the reader\'s own scroll alone', () => {
    let clock: FakeClock | null = null;
    beforeEach(() => {
      clock = 'onscrollend' in window ? null : installFakeClock();
    });
    afterEach(() => {
      clock?.uninstall();
      document.scrollingElement!.scrollTop = 0;
    });

    const mountHeadings = () => mountEditor(`<h2>First</h2>${'<p>filler</p>'.repeat(200)}<h2>Second</h2>${'<p>filler</p>'.repeat(200)}`, { caret: 1 });

    it('after asking for a heading already at the top', async () => {
      editor = mountHeadings();
      const scroller = document.scrollingElement!;
      scroller.scrollTop += editor.view.dom.querySelectorAll('h2')[1].getBoundingClientRect().top;
      await nextFrame();
      expect(scrollToHeading(2, 2)(editor.view.state, undefined, editor.view)).to.equal(true);
      await readerScrollsTo(0, clock);
      expect(scroller.scrollTop).to.equal(0);
    });

    it('when the reader scrolls while it scrolls to the heading', async () => {
      editor = mountHeadings();
      const scroller = document.scrollingElement!;
      scroller.scrollTop = 0;
      await nextFrame();
      expect(scrollToHeading(2, 2)(editor.view.state, undefined, editor.view)).to.equal(true);
      // The reader's wheel, as it reaches the window, then where it took the page.
      window.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true }));
      await readerScrollsTo(10, clock);
      expect(scroller.scrollTop).to.equal(10);
    });
  });
});
