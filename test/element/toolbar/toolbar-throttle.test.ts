import { expect, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { RichEditor } from '../../../src/element/index.js';
import { TOOLBAR_UPDATE_DELAY } from '../../../src/element/toolbar/toolbar.component.js';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { clickAt, mount, placedToolbar, pressed, selectedText, settle, textPoint, toolbarRoot, toolbarVisible, until } from './helpers.js';

// The toolbar's update window runs on a fake clock, which moves only when a test ticks it. Top-level
// hooks run after @open-wc/testing's fixture cleanup (registered when it is imported), so the
// elements leave the page while their timers are still on this clock.
let clock: FakeClock;
beforeEach(() => {
  clock = installFakeClock();
});
afterEach(async () => {
  clock.uninstall();
  await sendMouse({ type: 'move', position: [0, 0] });
});

/** The marks the toolbar shows pressed ("none" when no mark is), or "hidden": each update below shows a different set. */
function look(el: RichEditor): string {
  if (!toolbarVisible(el)) return 'hidden';
  const on = ['Bold', 'Italic', 'Strikethrough', 'Underline'].filter((name) => pressed(el, name) === 'true');
  return on.length ? on.join('+') : 'none';
}

/**
 * Records each change of what the toolbar shows, as the page makes it: a mutation observer on the
 * toolbar's shadow tree hears every render, so a render the test did not stop to look at still counts.
 */
function watch(el: RichEditor): { shown(): string[]; stop(): void } {
  const seen: string[] = [look(el)];
  const record = () => {
    const now = look(el);
    if (seen[seen.length - 1] !== now) seen.push(now);
  };
  const observer = new MutationObserver(record);
  observer.observe(toolbarRoot(el)!, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    shown() {
      observer.takeRecords();
      record();
      return [...seen];
    },
    stop: () => observer.disconnect(),
  };
}

/**
 * Presses a key of the user's selection and waits for the editor to take the selection it makes,
 * then for the toolbar's render of that change, if the toolbar makes one now.
 */
async function step(el: RichEditor, key: 'ArrowRight' | 'ArrowLeft', selected: string): Promise<void> {
  await sendKeys({ press: key });
  await until(() => selectedText(el) === selected, `"${selected}" selected`, { saw: () => selectedText(el) });
  await el.shadowRoot!.querySelector('rich-editor-toolbar')!.updateComplete;
}

/** Moves the fake clock on and waits for the toolbar's render, if the toolbar makes one now. */
async function tick(el: RichEditor, ms: number): Promise<void> {
  clock.tick(ms);
  await el.shadowRoot!.querySelector('rich-editor-toolbar')!.updateComplete;
}

describe('<rich-editor-toolbar>: update delay', () => {
  it('is the spec\'s 250 ms', () => {
    expect(TOOLBAR_UPDATE_DELAY).to.equal(250);
  });

  it('shows quick selection changes at most once per 250 ms and ends on the final selection', async () => {
    // Each letter has one mark fewer than the one before, and a mark shows pressed only when all the
    // selected text has it, so each step the toolbar shows is a different set of pressed marks.
    const el = await mount(
      html`<rich-editor
        value="<p><strong><em><s><u>x</u></s></em></strong><strong><em><s>b</s></em></strong><strong><em>i</em></strong><strong>s</strong>u tail</p>"
      ></rich-editor>`,
      clock,
    );
    await clickAt(textPoint(el, 'x', 0));
    await sendKeys({ down: 'Shift' });
    try {
      await step(el, 'ArrowRight', 'x');
      await settle(el, clock);
      expect(look(el), 'the toolbar over "x", before the window opens').to.equal('Bold+Italic+Strikethrough+Underline');
      const toolbar = watch(el);
      const started = clock.now();

      // Leading: the first change shows at once, with no time gone by, and opens a 250 ms window.
      await step(el, 'ArrowRight', 'xb');
      expect(toolbar.shown()).to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough']);
      expect(clock.now()).to.equal(started);
      // Inside the window, changes wait…
      await step(el, 'ArrowRight', 'xbi');
      await step(el, 'ArrowRight', 'xbis');
      await tick(el, TOOLBAR_UPDATE_DELAY - 1);
      expect(toolbar.shown(), '1 ms before the window ends').to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough']);
      // …and fold into one update when it ends, showing the latest selection (the one in between never shows).
      await tick(el, 1);
      expect(toolbar.shown(), 'when the window ends').to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough', 'Bold']);

      // That update opened the next window: a change in it waits for its end.
      await step(el, 'ArrowRight', 'xbisu');
      await tick(el, TOOLBAR_UPDATE_DELAY - 1);
      expect(toolbar.shown(), 'inside the second window').to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough', 'Bold']);
      await tick(el, 1);
      expect(toolbar.shown(), 'when the second window ends').to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough', 'Bold', 'none']);

      // A window with no change in it ends with no update; the next change after it shows at once again.
      await tick(el, TOOLBAR_UPDATE_DELAY);
      expect(toolbar.shown(), 'after a quiet window').to.have.length(4);
      await step(el, 'ArrowLeft', 'xbis');
      expect(toolbar.shown(), 'after a quiet window, at once').to.deep.equal(['Bold+Italic+Strikethrough+Underline', 'Bold+Italic+Strikethrough', 'Bold', 'none', 'Bold']);
      toolbar.stop();
    } finally {
      await sendKeys({ up: 'Shift' });
    }
    // The last state is the one shown, placed above the final selection.
    await settle(el, clock);
    expect(selectedText(el)).to.equal('xbis');
    expect(look(el)).to.equal('Bold');
    await placedToolbar(el, 'the toolbar placed above "xbis"');
  });

  /** A new editor clicked before "quick", its click's own update window over: what follows is the first change in a new one. */
  async function clickedAndSettled(): Promise<RichEditor> {
    const el = await mount(html`<rich-editor value="<p>quick response</p>"></rich-editor>`, clock);
    await clickAt(textPoint(el, 'quick', 0));
    await until(() => el.editorView!.hasFocus(), 'the editor focused by the click');
    await settle(el, clock);
    return el;
  }

  /** Shift+ArrowRight over "q", then whether the toolbar shows with no time gone by on the clock. */
  async function selectsAtOnce(el: RichEditor): Promise<void> {
    const started = clock.now();
    await sendKeys({ down: 'Shift' });
    try {
      await step(el, 'ArrowRight', 'q');
    } finally {
      await sendKeys({ up: 'Shift' });
    }
    expect(clock.now(), 'no time has gone by').to.equal(started);
    expect(toolbarVisible(el), 'the selection shown at once').to.equal(true);
  }

  it('shows the first change at once rather than after the delay', async () => {
    const el = await clickedAndSettled();
    expect(toolbarVisible(el)).to.equal(false);
    await selectsAtOnce(el);
  });

  it('opens no window for an update that changes neither the document nor the selection (a plugin\'s own transaction)', async () => {
    const el = await clickedAndSettled();
    // What the block pin does once the caret's frame has painted: a transaction of its own.
    el.editorView!.dispatch(el.editorView!.state.tr.setMeta('plugin-own', true));
    await selectsAtOnce(el);
  });
});
