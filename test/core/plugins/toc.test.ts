import { expect } from '@open-wc/testing';
import { scrollToHeading } from '../../../src/core/plugins/scroll-to-heading.js';
import { tableOfContents } from '../../../src/core/plugins/toc.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, nextFrame, type TestEditor } from '../../helpers/editor.js';

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
});
