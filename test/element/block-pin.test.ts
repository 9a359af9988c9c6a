import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { ACTIVE_SERIAL_ATTRIBUTE, LEFT_BLOCK_CLASS, PINNED_ATTRIBUTE } from '../../src/element/rich-editor/active-block.js';
import { focusSettled } from '../helpers/editor.js';
import { content, lastCharRect } from '../helpers/element-ui.js';
import { itIn } from '../helpers/engine.js';
import { until } from '../helpers/until.js';

// The block being edited has its height pinned so a keystroke lays out that block alone.
// What a user must never see from it: text spilling over the next block, a gap under
// the block, or a block that stays tall after its lines are deleted.

const WORDS = 'the same words in both paragraphs, long enough to wrap';

function block(el: RichEditor, index: number): HTMLElement {
  return content(el).children[index] as HTMLElement;
}

const height = (element: Element): number => element.getBoundingClientRect().height;

/** Whether the block's height is pinned: only then does it have size containment. */
const pinned = (element: Element): boolean => getComputedStyle(element).contain.includes('size');

/** The bottom of the last line of text in `element`. */
const textBottom = (element: Element): number => lastCharRect(element).bottom;

/** Where the last click was: the tests' new editors stand at the same place, so their clicks often fall on one spot. */
let lastClick: [number, number] | null = null;

/** How near a second click soon after the first counts as a double click: ProseMirror's 10 px, more than GTK's 5 px. */
const DOUBLE_CLICK_PX = 10;

/**
 * Clicks just after the last character of top-level block `index`, as a single click: one on
 * the spot clicked just before would be a double click (WebKit selects the word), so a click
 * on the page below the editor comes first, as a hand that moved away and back would make.
 */
async function clickEnd(el: RichEditor, index: number): Promise<void> {
  const rect = lastCharRect(block(el, index));
  const point: [number, number] = [Math.round(rect.right - 1), Math.round(rect.top + rect.height / 2)];
  if (lastClick && Math.abs(point[0] - lastClick[0]) <= DOUBLE_CLICK_PX && Math.abs(point[1] - lastClick[1]) <= DOUBLE_CLICK_PX) {
    const below = el.getBoundingClientRect().bottom;
    await sendMouse({ type: 'click', position: [point[0], Math.round(Math.min(window.innerHeight - 2, below + 40))] });
  }
  lastClick = point;
  await sendMouse({ type: 'click', position: point });
}

/** Three frames: the one that lays out a change, the one the block is re-measured in, and one to read it in. */
const frames = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

async function twoParagraphs(width = 320): Promise<RichEditor> {
  const el = await fixture<RichEditor>(
    html`<rich-editor style="width: ${width}px" value="<p>${WORDS}</p><p>${WORDS}</p><p>after</p>"></rich-editor>`,
  );
  await clickEnd(el, 0);
  // The block the caret came to is measured once the frame that shows it has painted.
  await until(() => pinned(block(el, 0)), 'the clicked block pinned');
  return el;
}

describe('the pinned height of the block being edited', () => {
  it('pins the edited block at the height its twin has unpinned', async () => {
    const el = await twoParagraphs();
    expect(pinned(block(el, 0))).to.equal(true);
    expect(pinned(block(el, 1))).to.equal(false);
    expect(height(block(el, 0))).to.be.greaterThan(0);
    expect(height(block(el, 0))).to.be.closeTo(height(block(el, 1)), 0.01);
  });

  it('grows with a new line as it is typed, and shrinks back as it is deleted', async () => {
    const el = await twoParagraphs();
    const start = height(block(el, 0));
    const added = ' and more words until the paragraph needs another line';
    await sendKeys({ type: added });
    expect(el.getHTML()).to.contain(`<p>${WORDS}${added}</p>`);
    expect(height(block(el, 0)), 'taller by at least a line').to.be.greaterThan(start + 10);
    expect(textBottom(block(el, 0)), 'the last line stays inside the block').to.be.at.most(block(el, 0).getBoundingClientRect().bottom + 0.5);
    expect(block(el, 1).getBoundingClientRect().top, 'the next block starts below it').to.be.at.least(textBottom(block(el, 0)));

    for (let i = 0; i < added.length; i++) await sendKeys({ press: 'Backspace' });
    expect(el.getHTML()).to.equal(`<p>${WORDS}</p><p>${WORDS}</p><p>after</p>`);
    expect(height(block(el, 0)), 'no gap left under the shorter block').to.be.closeTo(height(block(el, 1)), 0.01);
  });

  it('watches the width alone: a new line or a new block makes no observer of the editor report', async () => {
    // Every ResizeObserver report lays the page out once more in that frame (in Chromium, with
    // every content-visibility block's intersection checked again), so only a width may report.
    const Native = window.ResizeObserver;
    const later: string[] = [];
    window.ResizeObserver = class extends Native {
      constructor(callback: ResizeObserverCallback) {
        let first = true;
        super((entries, observer) => {
          // The first report of each observer is the size it starts from.
          if (!first) later.push(entries.map((entry) => `${entry.target.className} ${entry.contentRect.width}x${entry.contentRect.height}`).join(', '));
          first = false;
          callback(entries, observer);
        });
      }
    };
    try {
      const el = await twoParagraphs(320);
      const before = height(block(el, 0));
      await sendKeys({ type: ' and more words, enough for a line of their own' });
      await until(() => height(block(el, 0)) > before, 'a new line in the edited block');
      await sendKeys({ press: 'Enter' });
      await until(() => content(el).children.length === 4, 'a new block');
      await sendKeys({ type: 'new' });
      await until(() => pinned(block(el, 1)), 'the new block pinned');
      await frames();
      expect(later).to.deep.equal([]);
    } finally {
      window.ResizeObserver = Native;
    }
  });

  it('follows the new width when the editor is resized', async () => {
    const el = await twoParagraphs(600);
    const wide = height(block(el, 0));
    el.style.width = '200px';
    // Re-measured a frame after the width is observed: a few frames, more on a busy machine
    // (Firefox beside another engine's suite once took longer than three).
    await until(() => height(block(el, 1)) > wide && Math.abs(height(block(el, 0)) - height(block(el, 1))) < 0.01, 'the pin follows the new width', 2_000).catch(() => {});
    expect(height(block(el, 1)), 'the twin rewraps to more lines').to.be.greaterThan(wide);
    expect(height(block(el, 0))).to.be.closeTo(height(block(el, 1)), 0.01);
    expect(pinned(block(el, 0))).to.equal(true);
  });

  it('pins the block once an editor created hidden is shown and focused', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor hidden style="width: 320px" value="<p>${WORDS}</p><p>${WORDS}</p>"></rich-editor>`);
    expect(block(el, 0).classList.contains('re-active'), 'the caret starts in the first block').to.equal(true);
    expect(pinned(block(el, 0)), 'nothing to measure while hidden').to.equal(false);
    el.hidden = false;
    await frames();
    expect(pinned(block(el, 0)), 'nothing measured without focus').to.equal(false);
    el.focus();
    await until(() => pinned(block(el, 0)), 'the block pinned once shown and focused');
    expect(height(block(el, 0))).to.be.closeTo(height(block(el, 1)), 0.01);
  });

  it('measures nothing while the editor has no focus, and pins the block the caret is in when focus comes without a click', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor style="width: 320px" value="<p>${WORDS}</p><p>${WORDS}</p>"></rich-editor>`);
    await frames();
    expect(pinned(block(el, 0)), 'a new editor is laid out with its first paint, not before').to.equal(false);
    el.focus();
    await until(() => pinned(block(el, 0)), 'the block pinned on focus alone, which moves no caret and dispatches nothing');
  });

  it('moves to the next block with the caret and leaves no trace on the last', async () => {
    const el = await twoParagraphs();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    // The mark comes to the caret's block with the next key that is not a move (active-block.ts), typing or not.
    await sendKeys({ press: 'Escape' });
    // The block the caret came to is measured once the frame that shows it has painted.
    await until(() => pinned(block(el, 2)), 'the block the caret came to pinned');
    expect([...content(el).children].map((b) => pinned(b))).to.deep.equal([false, false, true]);
    // ProseMirror takes a decoration's style off property by property: an empty style stays.
    expect(block(el, 0).getAttribute('style') ?? '').to.equal('');
    expect(block(el, 0).hasAttribute(PINNED_ATTRIBUTE)).to.equal(false);
    // Still kept out of content-visibility for having held the caret, until the editor rests (active-block.ts).
    expect(block(el, 0).className).to.equal(LEFT_BLOCK_CLASS);
  });

  it('measures the block the caret comes to after the frame that shows the move, not before it', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor style="width: 320px" value="<p>one</p><p>two</p><p>three</p>"></rich-editor>`);
    el.focus();
    await until(() => pinned(block(el, 0)), 'the first block pinned on focus');
    // Frames counted as they begin; the class and the pin noted with the count at which they came.
    let frame = 0;
    let counting = true;
    const count = (): void => {
      frame++;
      if (counting) requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const seen: { active?: number; pin?: number } = {};
    const observer = new MutationObserver(() => {
      if (seen.active === undefined && block(el, 1).classList.contains('re-active')) seen.active = frame;
      if (seen.pin === undefined && block(el, 1).hasAttribute(PINNED_ATTRIBUTE)) seen.pin = frame;
    });
    observer.observe(block(el, 1), { attributes: true });
    try {
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      await until(() => seen.pin !== undefined, 'the next block pinned');
    } finally {
      counting = false;
      observer.disconnect();
    }
    // Measured in the task of the move, the pin would lay the document out before the move's first paint.
    expect(seen.pin, 'pinned in a later frame than the one the caret arrived in').to.be.greaterThan(seen.active!);
  });

  it('keeps the text typed into a fresh paragraph in order', async () => {
    const el = await twoParagraphs();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'a fresh line' });
    expect(el.getHTML()).to.equal(`<p>${WORDS}</p><p>a fresh line</p><p>${WORDS}</p><p>after</p>`);
    await until(() => pinned(block(el, 1)), 'the fresh paragraph pinned');
    expect(textBottom(block(el, 1))).to.be.at.most(block(el, 1).getBoundingClientRect().bottom + 0.5);
  });

  it('re-pins after a resize by its own decoration alone, keeping the block and its text', async () => {
    const el = await twoParagraphs(600);
    // The click's own aftermath first: when focus comes before the caret moves (Firefox),
    // ProseMirror draws its selection again 20 ms after the focus event.
    await focusSettled();
    const edited = block(el, 0);
    const text = edited.firstChild;
    const doc = el.editorView!.state.doc;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(content(el), { subtree: true, attributes: true, childList: true, characterData: true });
    el.style.width = '200px';
    await until(() => Math.abs(height(edited) - height(block(el, 1))) < 0.01, 'the pin follows the new width', 2_000).catch(() => {});
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    expect(height(edited), 'the pin followed the new width').to.be.closeTo(height(block(el, 1)), 0.01);
    expect(pinned(edited)).to.equal(true);
    const where = (node: Node) => (node === edited ? 'on the block' : node === content(el) ? 'on the editable' : 'elsewhere');
    const written = new Set(mutations.map((m) => `${m.type} ${m.attributeName ?? ''} ${where(m.target)}`));
    // The pinned height, and the editable's own attributes, which ProseMirror sets again with each update.
    expect(written.has('attributes style on the block'), 'the pinned height, which ProseMirror writes').to.equal(true);
    expect([...written].filter((write) => !['attributes style on the block', 'attributes class on the editable'].includes(write)), 'nothing else').to.deep.equal([]);
    expect(el.editorView!.state.doc === doc, 'the document unchanged').to.equal(true);
    expect(block(el, 0) === edited && edited.firstChild === text, 'the block is not redrawn').to.equal(true);
  });

  it('moves with the caret by ProseMirror\'s own decoration changes alone, keeping every block\'s element', async () => {
    const el = await twoParagraphs();
    const blocks = [...content(el).children];
    const texts = blocks.map((b) => b.firstChild);
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(content(el), { subtree: true, attributes: true, childList: true, characterData: true });
    // Each move followed by a key that types nothing, which brings the mark to the caret's block.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp']) await sendKeys({ press: key }).then(() => sendKeys({ press: 'Escape' }));
    await until(() => pinned(block(el, 0)), 'the first block pinned again');
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    expect(mutations.length, 'the active class moved').to.be.greaterThan(0);
    // Only the decorations' attributes, which ProseMirror itself writes.
    const decorated = ['class', 'style', ACTIVE_SERIAL_ATTRIBUTE, PINNED_ATTRIBUTE];
    expect(mutations.filter((m) => m.type !== 'attributes' || !decorated.includes(m.attributeName ?? '')).map((m) => `${m.type} ${m.attributeName ?? ''}`)).to.deep.equal([]);
    const same = [...content(el).children].every((b, i) => b === blocks[i] && b.firstChild === texts[i]);
    expect(same, 'no block redrawn').to.equal(true);
  });

  it('pins, moves and grows without changing the shadow root\'s stylesheets, and keeps its pin when the plugins change', async () => {
    const el = await twoParagraphs();
    await frames();
    expect(pinned(block(el, 0))).to.equal(true);
    const root = el.shadowRoot!;
    const rules = () => root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'));
    const before = rules();
    // Setting a shadow root's sheets, or a rule in them, makes Firefox style every element in it again: counted here.
    let sets = 0;
    const accessor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets')!;
    Object.defineProperty(root, 'adoptedStyleSheets', {
      configurable: true,
      get: () => accessor.get!.call(root),
      set: (sheets: CSSStyleSheet[]) => {
        sets++;
        accessor.set!.call(root, sheets);
      },
    });
    try {
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      await until(() => pinned(block(el, 1)), 'the next block pinned');
      await sendKeys({ type: ' and more words until the paragraph needs another line' });
      await until(() => textBottom(block(el, 1)) <= block(el, 1).getBoundingClientRect().bottom + 0.5, 'the pin grown with the new line');
      // New plugins (as when a part arrives): ProseMirror makes every plugin's view again.
      const view = el.editorView!;
      const pin = block(el, 1).getAttribute('style');
      view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins] }));
      await frames();
      expect(block(el, 1).getAttribute('style'), 'the same pin').to.equal(pin);
      expect(sets, 'the shadow root keeps its sheets').to.equal(0);
      expect(rules(), 'and their rules').to.deep.equal(before);
    } finally {
      delete (root as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    }
  });

  it('leaves a table unpinned: its columns can be resized with no transaction', async () => {
    const el = await fixture<RichEditor>(
      html`<rich-editor value="<table><tbody><tr><td><p>cell</p></td></tr></tbody></table><p>after</p>"></rich-editor>`,
    );
    await clickEnd(el, 0);
    expect(block(el, 0).classList.contains('re-active')).to.equal(true);
    expect(pinned(block(el, 0))).to.equal(false);
  });

  itIn(['chromium'], "print media is emulated through CDP; neither WebDriver (BiDi, WebKit's) emulates media", 'lets the block size itself when the page is printed', async () => {
    const el = await twoParagraphs();
    await emulateMedia({ media: 'print' });
    try {
      expect(getComputedStyle(block(el, 0)).contain).not.to.contain('size');
    } finally {
      await emulateMedia({ media: 'screen' });
    }
    expect(getComputedStyle(block(el, 0)).contain).to.contain('size');
  });
});
