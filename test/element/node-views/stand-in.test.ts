import { expect } from '@open-wc/testing';
import { EditorState, TextSelection } from 'prosemirror-state';
import { DecorationSet, EditorView, type NodeView } from 'prosemirror-view';
import type { Node as PMNode } from 'prosemirror-model';
import { parseHTML } from '../../../src/core/index.js';
import { redrawPlugin, visibilityEvents } from '../../../src/element/node-views/redraw.js';
import { DRAW_REACH, onlyWhenIdle } from '../../../src/element/node-views/ahead.js';
import { laterView, schemaDrawing } from '../../../src/element/node-views/stand-in.js';
import { codeHighlightKey, codeHighlightPlugin, highlightAlong } from '../../../src/element/node-views/highlight.js';
import { nextFrame, nextTask } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';
import { heldIdleTime } from '../../helpers/held-idle.js';

/** An implementation of the code block's view that says it is one. */
function realCodeBlock(node: PMNode): NodeView {
  const dom = document.createElement('pre');
  dom.dataset.real = '';
  const contentDOM = dom.appendChild(document.createElement('code'));
  return { dom, contentDOM, update: (updated) => updated.type === node.type };
}

/** What a redraw plugin keeps. */
const redrawState = (plugin: ReturnType<typeof redrawPlugin>, state: EditorState) => plugin.getState(state) as { now: DecorationSet; waiting: ReadonlySet<PMNode> };
/** The marks a redraw plugin has on the view now. */
const marks = (plugin: ReturnType<typeof redrawPlugin>, state: EditorState) => redrawState(plugin, state).now.find();

// A node view whose implementation arrives later (a chunk of the embed bundle): stand-ins draw
// its nodes until then, and when it arrives only those nodes are drawn again.
describe('a node view that arrives later', () => {
  let view: EditorView | null = null;
  /** Gives the page its own idle time back, when a test held it (`heldIdleTime`). */
  let restoreIdle: (() => void) | null = null;
  afterEach(() => {
    restoreIdle?.();
    restoreIdle = null;
    view?.dom.remove();
    view?.destroy();
    view = null;
  });

  it('draws stand-ins until it arrives, then only those nodes again, and drops the marks with the next change, in no transaction of their own', async () => {
    let asked = 0;
    const later = laterView(schemaDrawing, () => asked++);
    // One of them inside a quote: a node decoration there sits in a child set of the marks.
    const doc = parseHTML('<p>one</p><pre><code>a</code></pre><p>two</p><blockquote><pre><code>b</code></pre></blockquote>');
    let dispatched = 0;
    view = new EditorView(document.body.appendChild(document.createElement('div')), {
      state: EditorState.create({ doc }),
      nodeViews: { code_block: later.view },
      dispatchTransaction: (tr) => {
        dispatched++;
        view!.updateState(view!.state.apply(tr));
      },
    });
    expect(asked, 'the first stand-in drawn asks for the implementation').to.be.greaterThan(0);
    const paragraphs = [...view.dom.querySelectorAll('p')];
    expect(view.dom.querySelectorAll('pre[data-real]')).to.have.length(0);

    later.provide(realCodeBlock);
    const redraw = redrawPlugin('test-redraw', (node) => node.type.name === 'code_block');
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, redraw] }));
    // Both are drawn now (nothing here is skipped by content-visibility): redrawn before the next frame.
    await until(() => view!.dom.querySelectorAll('pre[data-real]').length === 2, 'the code blocks drawn by the implementation');
    expect([...view.dom.querySelectorAll('p')], 'the paragraphs keep their DOM').to.deep.equal(paragraphs);
    const drawn = [...view.dom.querySelectorAll('pre')];
    // Drawn: the marks wait for the next change rather than cost a transaction that looks
    // through every top-level block to take them away. The one transaction: the blocks near the
    // viewport marked, where the browser tells which are skipped; elsewhere every node is
    // marked as the plugin joins, and that many marks go at once.
    await nextFrame();
    await nextFrame();
    expect(dispatched, 'no transaction to drop the marks').to.equal(1);
    expect(marks(redraw, view.state), 'the marks, drawn, kept until then').to.have.length(visibilityEvents ? 2 : 0);
    view.dispatch(view.state.tr.insertText('!', 1));
    expect(marks(redraw, view.state), 'the marks go with the next change').to.have.length(0);
    expect([...view.dom.querySelectorAll('pre')], 'dropping the marks draws nothing again').to.deep.equal(drawn);
    expect(view.dom.querySelector('p')!.textContent).to.equal('!one');
  });

  it('colours the code blocks it draws again in the same update, once the highlighter is here', async () => {
    const later = laterView(schemaDrawing);
    const doc = parseHTML('<p>one</p><pre data-language="typescript"><code>const a = 1;</code></pre>');
    let dispatched = 0;
    view = new EditorView(document.body.appendChild(document.createElement('div')), {
      state: EditorState.create({ doc, plugins: [codeHighlightPlugin()] }),
      nodeViews: { code_block: later.view },
      dispatchTransaction: (tr) => {
        dispatched++;
        view!.updateState(view!.state.apply(tr));
      },
    });
    // The highlighter is here (a stand-in for it: the first word is a keyword).
    const highlighter = { highlight: (_language: string, code: string) => [{ from: 0, to: code.indexOf(' '), className: 'token keyword' }] };
    view.dispatch(view.state.tr.setMeta(codeHighlightKey, { highlighter }));
    dispatched = 0;

    later.provide(realCodeBlock);
    const redraw = redrawPlugin('test-redraw', (node) => node.type.name === 'code_block', highlightAlong);
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, redraw] }));
    await until(() => !!view!.dom.querySelector('pre[data-real]'), 'the code block drawn by the implementation');
    expect(view.dom.querySelector('pre[data-real] .token.keyword')?.textContent, 'coloured as it is drawn').to.equal('const');
    expect(dispatched, 'in one update').to.equal(1);
  });

  // A long document: the blocks far from the viewport are skipped by content-visibility, as in the element.
  it('draws again at once the nodes near the viewport; once scrolled, a stretch around them when idle; the others as they come near or take the caret', async () => {
    const later = laterView(schemaDrawing);
    // Code blocks near the top, a little further down, a stretch beyond that, and two reaches
    // and more away; the last one inside a quote. Blocks are 20px tall, the scroller 300px.
    const middle = 120;
    const ahead = middle + DRAW_REACH - 20;
    const far = [3 * DRAW_REACH, 5 * DRAW_REACH];
    const count = 6 * DRAW_REACH;
    const blocks = Array.from({ length: count }, (_, i) =>
      i === 3 || i === middle || i === ahead || far.includes(i) ? `<pre><code>code ${i}</code></pre>` : i === count - 2 ? `<blockquote><p>quote</p><pre><code>code ${i}</code></pre></blockquote>` : `<p>paragraph ${i}</p>`,
    );
    const box = skippingScroller();
    const real = () => [...view!.dom.querySelectorAll('pre[data-real]')].map((pre) => pre.textContent);
    // What each update has left drawn by the implementation.
    const updates: string[][] = [];
    view = new EditorView(box, {
      state: EditorState.create({ doc: parseHTML(blocks.join('')) }),
      nodeViews: { code_block: later.view },
      attributes: { class: 'far-test' },
      dispatchTransaction: (tr) => {
        view!.updateState(view!.state.apply(tr));
        updates.push(real());
      },
    });
    // The implementation arrives after the document's first frames (a chunk's load): the browser has said which blocks it skips.
    await nextFrame();
    await nextFrame();
    later.provide(realCodeBlock);
    const redraw = redrawPlugin('test-redraw', (node) => node.type.name === 'code_block');
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, redraw] }));
    await until(() => real().includes('code 3'), 'the first code block, in view, drawn by the implementation');
    if (!visibilityEvents) {
      // A browser that does not tell which blocks are skipped: all of them at once.
      await until(() => real().length === 6, 'every code block drawn by the implementation');
      return;
    }
    // The one near the viewport at once; nothing ahead of scrolling before anything scrolls (a
    // new document's first frames are left alone).
    await idle();
    expect(updates, 'the one near the viewport').to.deep.equal([['code 3']]);

    // Scrolled down to the next one: it is drawn as it comes near, and the one a stretch ahead
    // (screens away, still skipped: drawing it costs no layout) once the browser is idle; the far
    // ones keep their stand-ins.
    box.scrollTop = (middle - 5) * 20;
    await until(() => real().includes(`code ${ahead}`), 'the code block a stretch ahead drawn once the browser is idle');
    expect(updates, 'an update for each').to.deep.equal([['code 3'], ['code 3', `code ${middle}`], ['code 3', `code ${middle}`, `code ${ahead}`]]);

    // Scrolling on to the one drawn ahead: nothing left to draw near it, so no update.
    const reported = new Promise((resolve) => view!.dom.children[ahead]!.addEventListener('contentvisibilityautostatechange', resolve, { once: true }));
    box.scrollTop = (ahead - 5) * 20;
    await reported;
    await nextTask();
    await idle();
    expect(updates.length, 'no update for blocks drawn ahead').to.equal(3);

    // Typing in a block that waits for nothing leaves the waiting blocks as they were: nothing
    // about them is worked out again per key.
    const waiting = redrawState(redraw, view.state).waiting;
    expect(waiting.size, 'the blocks holding far code blocks').to.equal(3);
    view.dispatch(view.state.tr.insertText('typed ', positionOf(view.state.doc, `paragraph ${2 * DRAW_REACH}`)));
    expect(redrawState(redraw, view.state).waiting).to.equal(waiting);
    expect(marks(redraw, view.state), 'the marks of those drawn go with the change').to.have.length(0);
    // Typing in the quote that holds the last code block: the quote is a new node, and its code
    // block, whose view ProseMirror keeps, still waits.
    view.dispatch(view.state.tr.insertText('typed ', positionOf(view.state.doc, `quotecode ${count - 2}`) + 1));
    expect(redrawState(redraw, view.state).waiting).to.not.equal(waiting);
    expect(redrawState(redraw, view.state).waiting.size).to.equal(waiting.size);

    // The caret put in a far one without scrolling there (a host's setSelection): drawn too.
    const pos = positionOf(view.state.doc, `code ${far[0]}`);
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, pos)));
    await until(() => real().includes(`code ${far[0]}`), 'the code block with the caret drawn by the implementation');
    expect(real()).to.not.include(`code ${far[1]}`);

    // Scrolled to the end: the last one comes near, and the one a stretch before it is drawn after it.
    box.scrollTop = box.scrollHeight;
    await until(() => real().includes(`code ${count - 2}`), 'the last code block drawn as it came near');
    await until(() => real().includes(`code ${far[1]}`), 'the code block a stretch before it drawn once the browser is idle');
    box.remove();
  });

  // The browser's idle time is the page's to give: here the test gives it, through
  // requestIdleCallback, so what happens while the page is busy does not hang on how busy it is.
  it('asks for the work ahead in idle time with no timeout, and draws the stretch only once given it, however long that takes', async () => {
    if (!visibilityEvents) return;
    const { box, drawn, ahead, idle } = await scrolledToTheMiddle();
    expect(idle.asked(), 'idle time asked for, with no timeout').to.deep.equal([undefined]);
    await nextFrame();
    await nextFrame();
    expect(drawn(), 'nothing drawn ahead before the browser is idle').to.not.include(`code ${ahead}`);
    idle.give();
    expect(drawn(), 'drawn in the idle time given').to.include(`code ${ahead}`);
    box.remove();
  });

  it('puts the work ahead off when the document changes before the browser is idle (typing), until blocks next come near', async () => {
    if (!visibilityEvents) return;
    const { box, drawn, ahead, middle, idle } = await scrolledToTheMiddle();
    // A key typed near the caret before the browser is idle.
    view!.dispatch(view!.state.tr.insertText('typed ', positionOf(view!.state.doc, `paragraph ${middle + 1}`)));
    idle.give();
    expect(drawn(), 'nothing drawn ahead in the idle time: the typing put it off').to.not.include(`code ${ahead}`);
    idle.restore();
    // Scrolling on a little brings blocks near again, and the work ahead with them.
    box.scrollTop += 60;
    await until(() => drawn().includes(`code ${ahead}`), 'the code block a stretch ahead drawn once the browser is idle after the next scroll');
    box.remove();
  });

  it('draws the stretch when blocks come near after the typing, even while the work asked for before it still waits', async () => {
    if (!visibilityEvents) return;
    const { box, drawn, ahead, middle, idle } = await scrolledToTheMiddle();
    view!.dispatch(view!.state.tr.insertText('typed ', positionOf(view!.state.doc, `paragraph ${middle + 1}`)));
    // Scrolled on a little before the browser is idle: blocks come near after the key, while the first ask still waits.
    const near = new Promise<void>((resolve) => {
      const listener = (event: Event) => {
        if ((event as ContentVisibilityAutoStateChangeEvent).skipped) return;
        view!.dom.removeEventListener('contentvisibilityautostatechange', listener, true);
        resolve();
      };
      view!.dom.addEventListener('contentvisibilityautostatechange', listener, true);
    });
    box.scrollTop += 60;
    await near;
    await nextTask();
    expect(idle.asked(), 'still the one ask').to.have.length(1);
    idle.give();
    expect(drawn(), 'drawn in the idle time').to.include(`code ${ahead}`);
    box.remove();
  });

  /**
   * A document of 450 blocks with code blocks at 3, `middle` and `ahead` (a stretch beyond it) in
   * a scroller that skips far blocks, the view's implementation arrived and the first drawn; then,
   * with the page's idle time held by the test (`idle`, given back after the test), scrolled to
   * `middle`, drawn as it came near, and the work ahead asked for.
   */
  async function scrolledToTheMiddle() {
    const later = laterView(schemaDrawing);
    const middle = 120;
    const ahead = middle + DRAW_REACH - 20;
    const blocks = Array.from({ length: 3 * DRAW_REACH }, (_, i) => ([3, middle, ahead].includes(i) ? `<pre><code>code ${i}</code></pre>` : `<p>paragraph ${i}</p>`));
    const box = skippingScroller();
    const drawn = () => [...view!.dom.querySelectorAll('pre[data-real]')].map((pre) => pre.textContent);
    view = new EditorView(box, { state: EditorState.create({ doc: parseHTML(blocks.join('')) }), nodeViews: { code_block: later.view }, attributes: { class: 'far-test' } });
    await nextFrame();
    await nextFrame();
    later.provide(realCodeBlock);
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, redrawPlugin('test-redraw', (node) => node.type.name === 'code_block')] }));
    await until(() => drawn().includes('code 3'), 'the first code block, in view, drawn by the implementation');
    const idle = heldIdleTime();
    restoreIdle = idle.restore;
    box.scrollTop = (middle - 5) * 20;
    await until(() => drawn().includes(`code ${middle}`) && idle.asked().length, 'the code block scrolled to drawn as it came near, and the work ahead asked for');
    return { box, drawn, ahead, middle, idle };
  }
});

/**
 * A scroller 300px tall whose editor (class `far-test`) has each top-level block skipped by
 * content-visibility while far from view, 20px tall, as the element's are.
 */
function skippingScroller(): HTMLElement {
  const box = document.body.appendChild(document.createElement('div'));
  box.style.cssText = 'height: 300px; overflow: auto';
  box.appendChild(document.createElement('style')).textContent = '.far-test > * { content-visibility: auto; contain-intrinsic-size: auto 20px; margin: 0; }';
  return box;
}

/** Resolves once the browser is idle, after the work the editor left for then (idle callbacks run in order). */
function idle(): Promise<void> {
  return new Promise((resolve) => onlyWhenIdle(resolve));
}

/** The position inside the block whose text is `text`. */
function positionOf(doc: PMNode, text: string): number {
  let found = -1;
  doc.forEach((node, offset) => {
    if (node.textContent === text) found = offset + 1;
  });
  return found;
}
