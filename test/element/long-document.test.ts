import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { ACTIVE_BLOCK_CLASS, LEFT_BLOCK_CLASS, LEFT_BLOCKS_REST_MS, SECOND_BLOCK_CLASS } from '../../src/element/rich-editor/active-block.js';
import { installFakeClock } from '../helpers/fake-clock.js';
import { focusSettled } from '../helpers/editor.js';
import { content, lastCharRect } from '../helpers/element-ui.js';
import { until } from '../helpers/until.js';

/** The texts of the top-level blocks marked as holding the caret. */
function active(el: RichEditor): string[] {
  return [...content(el).children].filter((block) => block.classList.contains(ACTIVE_BLOCK_CLASS)).map((block) => block.textContent ?? '');
}

/** Clicks just after the last character of top-level block `index` (on its text, away from the drag handle). */
async function clickText(el: RichEditor, index: number): Promise<void> {
  content(el).children[index].scrollIntoView({ block: 'center' });
  // A block scrolled into view stops being skipped by content-visibility at the next
  // rendering update; until then WebKit gives its text an empty box.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const rect = lastCharRect(content(el).children[index]);
  await sendMouse({ type: 'click', position: [Math.round(rect.right - 1), Math.round(rect.top + rect.height / 2)] });
}

/** Presses `key` with Control held. */
async function withControl(key: string): Promise<void> {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Control' });
}

describe('active block', () => {
  it('exempts only the top-level block being edited from content-visibility, following the caret at the next input', async () => {
    // The SDK's clock held: the editor never rests here (on a loaded machine a second can pass
    // between a move and its check, and the rest would bring the mark), so only keys and input move it.
    const clock = installFakeClock();
    try {
      const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><ul><li><p>two</p></li></ul><p>three</p>"></rich-editor>`);
      await clickText(el, 0);
      await sendKeys({ type: '1' });
      expect(active(el)).to.deep.equal(['one1']);
      expect(getComputedStyle(content(el).children[0]).contentVisibility).to.equal('visible');
      expect(getComputedStyle(content(el).children[2]).contentVisibility).to.equal('auto');

      // A move alone leaves the mark (two blocks' classes, and a frame of Chromium's checks, a key); the first key typed brings it.
      await sendKeys({ press: 'ArrowDown' });
      expect(active(el)).to.deep.equal(['one1']);
      await sendKeys({ type: '2' });
      expect(active(el), 'a list holding the caret in its item').to.have.length(1);
      expect(content(el).children[1].classList.contains(ACTIVE_BLOCK_CLASS)).to.equal(true);
      expect(content(el).children[1].textContent).to.contain('2');
      // Any key but one that moves the caret brings it, typing or not.
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      expect(active(el)).to.deep.equal(['three']);
      expect(getComputedStyle(content(el).children[2]).contentVisibility).to.equal('visible');
    } finally {
      clock.uninstall();
    }
  });

  it('comes with a caret placed by a click or by the host at once, before any key', async () => {
    // The SDK's clock held: the editor never rests here, so only the click or the call can bring the mark.
    const clock = installFakeClock();
    try {
      const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><p>two</p><p>three</p>"></rich-editor>`);
      await clickText(el, 1);
      await until(() => active(el)[0] === 'two', 'the mark on the block clicked', { saw: () => active(el) });
      el.focusAt('end');
      await until(() => active(el)[0] === 'three', 'the mark where the host put the caret', { saw: () => active(el) });
      expect(el.getHTML()).to.equal('<p>one</p><p>two</p><p>three</p>');
    } finally {
      clock.uninstall();
    }
  });

  it('marks a fresh paragraph at once, so text typed into it keeps its order', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>first</p><p>second</p>"></rich-editor>`);
    await clickText(el, 1);
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    expect(active(el)).to.deep.equal(['']);
    await sendKeys({ type: 'third line' });
    expect(active(el)).to.deep.equal(['third line']);
    expect(el.getHTML()).to.equal('<p>first</p><p>second</p><p>third line</p>');
  });

  it('brings the mark before the first character typed right after keys moved the caret into a block under content-visibility, which keeps its order', async () => {
    // The SDK's clock held: the editor never rests here (on a loaded machine a second can pass
    // between a move and its check, and the rest would bring the mark), so only keys and input move it.
    const clock = installFakeClock();
    try {
      const el = await fixture<RichEditor>(html`<rich-editor .value=${`<p>start</p>${Array.from({ length: 40 }, (_, i) => `<p>block ${i}</p>`).join('')}`}></rich-editor>`);
      const target = content(el).children[30];
      await clickText(el, 29);
      await until(() => active(el)[0] === 'block 28', 'the mark on the block clicked');
      await sendKeys({ press: 'ArrowDown' });
      await until(() => el.editorView!.state.selection.$head.parent.textContent === 'block 29', 'the move read');
      expect(active(el), 'the mark stays behind a move by key').to.deep.equal(['block 28']);
      expect(getComputedStyle(target).contentVisibility).to.equal('auto');
      // What reached the block first: the mark, or the text.
      const order: string[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && target.classList.contains(ACTIVE_BLOCK_CLASS)) order.push('mark');
          if (record.type !== 'attributes') order.push('text');
        }
      });
      observer.observe(target, { attributes: true, attributeFilter: ['class'], childList: true, characterData: true, subtree: true });
      // As a host's end-to-end test types: no pause after the move.
      await sendKeys({ type: 'abc' });
      observer.disconnect();
      expect(order[0], 'the mark before the first character').to.equal('mark');
      expect(target.textContent).to.equal('block 29abc');
      expect(active(el)).to.deep.equal(['block 29abc']);
      expect(getComputedStyle(target).contentVisibility).to.equal('visible');
    } finally {
      clock.uninstall();
    }
  });

  it('brings the mark on input that comes with no key: beforeinput (dictation, a spelling fix) and composition', async () => {
    // The SDK's clock held: the editor never rests here (on a loaded machine a second can pass
    // between a move and its check, and the rest would bring the mark), so only keys and input move it.
    const clock = installFakeClock();
    try {
      const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><p>two</p><p>three</p>"></rich-editor>`);
      await clickText(el, 0);
      await sendKeys({ type: '1' });
      expect(active(el)).to.deep.equal(['one1']);
      await sendKeys({ press: 'ArrowDown' });
      await until(() => el.editorView!.state.selection.$head.parent.textContent === 'two', 'the move read');
      expect(active(el)).to.deep.equal(['one1']);
      content(el).dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertReplacementText', bubbles: true, cancelable: true }));
      expect(active(el)).to.deep.equal(['two']);
      await sendKeys({ press: 'ArrowDown' });
      await until(() => el.editorView!.state.selection.$head.parent.textContent === 'three', 'the move read');
      expect(active(el)).to.deep.equal(['two']);
      content(el).dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
      content(el).dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '' }));
      expect(active(el)).to.deep.equal(['three']);
    } finally {
      clock.uninstall();
    }
  });

  it('moving the caret changes no document: no change event, nothing to undo', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><p>two</p>"></rich-editor>`);
    let changes = 0;
    el.addEventListener('rich-editor-change', () => changes++);
    await clickText(el, 0);
    // ArrowUp brings the caret back to where the click put it when the editor took focus.
    await focusSettled();
    // A key that types nothing brings the mark to the caret's block: the editor has read the move then, and a change would have come with it.
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Escape' });
    await until(() => active(el)[0] === 'two', 'the caret in "two"', { saw: () => active(el) });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Escape' });
    await until(() => active(el)[0] === 'one', 'the caret back in "one"', { saw: () => active(el) });
    expect(changes).to.equal(0);
    expect(el.getHTML()).to.equal('<p>one</p><p>two</p>');
    expect(active(el)).to.deep.equal(['one']);
  });

  it('keeps the blocks the mark left out of content-visibility until the editor rests, then all but the last, and brings the mark to the caret then', async () => {
    const clock = installFakeClock();
    try {
      const el = await fixture<RichEditor>(html`<rich-editor value="<p>a</p><p>b</p><p>c</p><p>d</p><p>e</p><p>f</p><p>g</p>"></rich-editor>`);
      let changes = 0;
      el.addEventListener('rich-editor-change', () => changes++);
      const left = (): string[] => [...content(el).children].filter((block) => block.classList.contains(LEFT_BLOCK_CLASS)).map((block) => block.textContent ?? '');
      const visibility = (text: string): string => getComputedStyle([...content(el).children].find((block) => block.textContent === text)!).contentVisibility;
      // Escape types nothing, and like any key but a moving one brings the mark to the caret's block.
      await clickText(el, 2);
      await focusSettled();
      await sendKeys({ press: 'Escape' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      await until(() => active(el)[0] === 'e', 'the caret in "e"', { saw: () => active(el) });
      // The caret was in "a" before the click.
      expect(left()).to.deep.equal(['a', 'c', 'd']);
      expect([visibility('c'), visibility('d'), visibility('e')], 'left and active').to.deep.equal(['visible', 'visible', 'visible']);
      expect([visibility('f'), visibility('g')]).to.deep.equal(['auto', 'auto']);

      // Each update starts the wait again.
      clock.tick(LEFT_BLOCKS_REST_MS - 100);
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Escape' });
      await until(() => active(el)[0] === 'f', 'the caret in "f"', { saw: () => active(el) });
      clock.tick(LEFT_BLOCKS_REST_MS - 1);
      expect(left()).to.deep.equal(['a', 'c', 'd', 'e']);
      clock.tick(1);
      expect(left(), 'the last block left keeps its exemption').to.deep.equal(['e']);
      expect([visibility('a'), visibility('c'), visibility('d'), visibility('e'), visibility('f')]).to.deep.equal(['auto', 'auto', 'auto', 'visible', 'visible']);

      // A move with no input after it: the mark stays until the editor rests, then comes to the caret.
      expect(clock.pending).to.equal(0);
      await sendKeys({ press: 'ArrowDown' });
      await until(() => el.editorView!.state.selection.$head.parent.textContent === 'g', 'the move read', { saw: () => el.editorView!.state.selection.head });
      expect(active(el)).to.deep.equal(['f']);
      expect(visibility('g')).to.equal('auto');
      clock.tick(LEFT_BLOCKS_REST_MS);
      expect(active(el)).to.deep.equal(['g']);
      expect(left(), 'the block the mark left, alone').to.deep.equal(['f']);
      expect([visibility('e'), visibility('f'), visibility('g')]).to.deep.equal(['auto', 'visible', 'visible']);
      expect(changes, 'no document change').to.equal(0);
      expect(el.getHTML()).to.equal('<p>a</p><p>b</p><p>c</p><p>d</p><p>e</p><p>f</p><p>g</p>');
      expect(clock.pending, 'nothing more to wait for').to.equal(0);
    } finally {
      clock.uninstall();
    }
  });

  it('keeps the document\'s second block out of content-visibility as blocks come and go before it', async () => {
    // The shape WebKitGTK's web process crashed laying out with the paragraph under content-visibility.
    const el = await fixture<RichEditor>(html`<rich-editor value="<h2>T</h2><p>x</p><p>y</p><p>z</p><p>w</p>"></rich-editor>`);
    const second = (): string[] => [...content(el).children].filter((block) => block.classList.contains(SECOND_BLOCK_CLASS)).map((block) => block.textContent ?? '');
    await clickText(el, 3);
    await focusSettled();
    expect(second()).to.deep.equal(['x']);
    expect(getComputedStyle(content(el).children[1]).contentVisibility, 'neither edited nor just left').to.equal('visible');
    expect(getComputedStyle(content(el).children[2]).contentVisibility).to.equal('auto');

    // A block put before the first one: the heading is second now, and the paragraph is not.
    await withControl('Home');
    // Enter at the heading's start puts an empty block before it and leaves the caret in it.
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Escape' });
    await until(() => active(el)[0] === 'y', 'the caret in "y"', { saw: () => [...active(el), el.getHTML()] });
    expect([...content(el).children].map((block) => block.textContent)).to.deep.equal(['', 'T', 'x', 'y', 'z', 'w']);
    expect(second()).to.deep.equal(['T']);
    expect(getComputedStyle(content(el).children[1]).contentVisibility).to.equal('visible');
    expect(getComputedStyle(content(el).children[5]).contentVisibility, 'a block the caret never visited').to.equal('auto');
    expect(content(el).children[2].classList.contains(LEFT_BLOCK_CLASS), 'the former second block waits for the editor to rest').to.equal(true);

    // And taken away again.
    await withControl('Home');
    await sendKeys({ press: 'Delete' });
    await until(() => second()[0] === 'x', 'the paragraph second again', { saw: second });
    expect(el.getHTML()).to.equal('<h2>T</h2><p>x</p><p>y</p><p>z</p><p>w</p>');
  });

  it('styles the top-level blocks by no sibling or position, which a block inserted or removed would restyle all of', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p>"></rich-editor>`);
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList): void => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(...rule.selectorText.split(','));
        else if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    const root = el.shadowRoot!;
    for (const sheet of [...root.adoptedStyleSheets, ...[...root.querySelectorAll('style')].map((style) => style.sheet!)]) collect(sheet.cssRules);
    expect(selectors.length, 'the element\'s rules were read').to.be.above(50);
    // `.content > :first-child` alone is fine: an insertion restyles only the old and new first child.
    const positional = selectors.filter((selector) => /\.content\s*>\s*\S*(:nth-|:first-child\s*[+~]|\s[+~]\s)/.test(selector));
    expect(positional).to.deep.equal([]);
  });

  it('keeps the mark on a block whose element is redrawn', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><p>two</p>"></rich-editor>`);
    await clickText(el, 1);
    // Turning the paragraph into a heading replaces its element.
    await sendKeys({ press: 'Home' });
    await sendKeys({ type: '# ' });
    expect(el.getHTML()).to.equal('<p>one</p><h1>two</h1>');
    expect(active(el)).to.deep.equal(['two']);
    expect(content(el).children[1].tagName).to.equal('H1');
  });
});

describe('document edges in a long document', () => {
  const long = `<h1>Welcome</h1>${Array.from({ length: 300 }, (_, i) => `<p>paragraph ${i} with enough words to fill a line</p>`).join('')}<p>the end</p>`;

  async function mountLong(): Promise<RichEditor> {
    const el = await fixture<RichEditor>(html`<rich-editor .value=${long}></rich-editor>`);
    await clickText(el, 1);
    return el;
  }

  it('Ctrl+End reaches the very end of the last block, past blocks not yet laid out, and shows it', async () => {
    const el = await mountLong();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ type: '!' });
    expect(el.getHTML().endsWith('<p>the end!</p>')).to.equal(true);
    const last = content(el).lastElementChild!.getBoundingClientRect();
    expect(last.bottom, 'the last block is scrolled into view').to.be.at.most(innerHeight);
    expect(last.top).to.be.at.least(0);
  });

  it('Ctrl+Home returns to the start, and Shift extends the selection to an edge', async () => {
    const el = await mountLong();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Home' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ type: 'Hi ' });
    expect(el.getHTML().startsWith('<h1>Hi Welcome</h1>')).to.equal(true);
    expect(content(el).firstElementChild!.getBoundingClientRect().top, 'the first block is scrolled into view').to.be.at.least(0);
    await sendKeys({ down: 'Shift' });
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ press: 'Delete' });
    expect(el.getHTML()).to.equal('<h1>Hi </h1>');
  });
});
