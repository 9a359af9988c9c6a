import { expect, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { RichEditor } from '../../../src/element/index.js';
import { TOOLBAR_UPDATE_DELAY } from '../../../src/element/toolbar/toolbar.component.js';
import { SETTLE_MS, bar, clickAt, mount, pressed, sleep, textPoint, toolbarRoot, toolbarVisible } from './helpers.js';

/** One change of what the user sees, with when it was first seen. */
interface Seen {
  at: number;
  look: string;
}

/**
 * Records each change of what the toolbar looks like (shown, where, which marks are
 * pressed) at the moment the page changes it: a mutation observer on the toolbar's
 * shadow tree runs right after each change, so the timings are not a sampler's.
 */
function watch(el: RichEditor): { stop(): Seen[] } {
  const seen: Seen[] = [];
  const look = () => {
    const surface = bar(el);
    if (!surface || !toolbarVisible(el)) return 'hidden';
    const rect = surface.getBoundingClientRect();
    return `${Math.round(rect.left)},${Math.round(rect.top)} bold=${pressed(el, 'Bold')}`;
  };
  const record = () => {
    const now = look();
    if (seen[seen.length - 1]?.look !== now) seen.push({ at: performance.now(), look: now });
  };
  record();
  const observer = new MutationObserver(record);
  observer.observe(toolbarRoot(el)!, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    stop() {
      observer.disconnect();
      record();
      return seen;
    },
  };
}

/**
 * How long after an update's first change its later changes may come: one update renders the
 * toolbar and then places it (Floating UI resolves a moment later, on a loaded machine tens of
 * milliseconds later). Well under the 200 ms the gaps are held to: updates that followed every
 * key press (~35 ms apart) fold into groups about 150 ms apart, and fail.
 */
const ONE_UPDATE_MS = 120;

/** Groups the changes of one update, each group timed by its first change. */
function updates(seen: Seen[]): Seen[] {
  const grouped: Seen[] = [];
  for (const change of seen) {
    const last = grouped[grouped.length - 1];
    if (last && change.at - last.at < ONE_UPDATE_MS) last.look = change.look;
    else grouped.push({ ...change });
  }
  return grouped;
}

/** Longer than a zero-delay timer takes to come round on an idle page (browsers clamp nested ones to 4 ms). */
const TIMER_TICK_MS = 25;

/**
 * Records when the page was free to run a zero-delay timer, so the test can tell the time a
 * change came late because the page did not run (a busy machine's scheduler leaves a browser
 * without the CPU for tens, at times hundreds, of milliseconds) from the time the toolbar chose.
 */
function heartbeat(): { stop(): void; stalled(from: number, to: number): number } {
  const ticks: number[] = [performance.now()];
  let timer: ReturnType<typeof setTimeout> | null = setTimeout(function tick() {
    ticks.push(performance.now());
    timer = setTimeout(tick, 0);
  }, 0);
  return {
    stop() {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      ticks.push(performance.now());
    },
    /** How long, between `from` and `to`, the page ran no timer beyond the usual few milliseconds. */
    stalled(from, to) {
      let total = 0;
      for (let i = 1; i < ticks.length; i++) {
        const start = Math.max(ticks[i - 1], from);
        const end = Math.min(ticks[i], to);
        if (end > start && ticks[i] - ticks[i - 1] > TIMER_TICK_MS) total += end - start;
      }
      return total;
    },
  };
}

describe('<rich-editor-toolbar>: update delay', () => {
  let pulse: ReturnType<typeof heartbeat> | null = null;

  afterEach(async () => {
    pulse?.stop();
    pulse = null;
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('is the spec\'s 250 ms', () => {
    expect(TOOLBAR_UPDATE_DELAY).to.equal(250);
  });

  it('shows quick selection changes at most once per 250 ms and ends on the final selection', async () => {
    const el = await mount(html`<rich-editor value="<p>alpha <strong>beta</strong> gamma delta epsilon zeta eta theta</p>"></rich-editor>`);
    await clickAt(textPoint(el, 'alpha', 0));
    await sleep(SETTLE_MS);
    let selectionChanges = 0;
    const unsubscribe = el.hub.subscribe((view, previous) => {
      if (previous && !previous.selection.eq(view.state.selection)) selectionChanges++;
    });
    const watcher = watch(el);
    pulse = heartbeat();
    const started = performance.now();
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 14; i++) {
      await sendKeys({ press: 'ArrowRight' });
      // A short pause, so the browser reports every step (it coalesces selection changes that come too fast).
      await sleep(25);
    }
    await sendKeys({ up: 'Shift' });
    const typingTook = performance.now() - started;
    await sleep(SETTLE_MS + 100);
    const raw = watcher.stop();
    pulse.stop();
    const stalled = pulse.stalled;
    const seen = updates(raw).slice(1);
    const timeline = JSON.stringify(raw.map((r) => [Math.round(r.at - started), r.look]));
    unsubscribe();

    // The selection changed many times, spread over more than one window, but the toolbar followed in few steps…
    expect(typingTook).to.be.above(TOOLBAR_UPDATE_DELAY);
    expect(selectionChanges).to.be.at.least(10);
    expect(seen.length, timeline).to.be.at.least(2);
    expect(seen.length, timeline).to.be.below(selectionChanges);
    expect(seen.length, timeline).to.be.at.most(Math.ceil(typingTook / TOOLBAR_UPDATE_DELAY) + 1);
    // …never two within one 250 ms window. Updates start exactly 250 ms apart, but one reaches the screen later
    // than the next when the page was held up in between (building the toolbar the first time, or a busy
    // machine not running the browser): a gap is held to 200 ms less the time the page stood still in the
    // window before its first update (on an idle page under 25 ms). Without the throttle the gaps are
    // about 150 ms (checked: they fail here, as do the counts above).
    for (let i = 1; i < seen.length; i++) {
      const still = stalled(seen[i - 1].at - TOOLBAR_UPDATE_DELAY, seen[i - 1].at);
      const gap = `${timeline}; the page stood still ${Math.round(still)} ms before the update at ${Math.round(seen[i - 1].at - started)}`;
      expect(seen[i].at - seen[i - 1].at, gap).to.be.at.least(TOOLBAR_UPDATE_DELAY * 0.8 - still);
    }
    // …and the last one shows the final selection ("alpha beta gam", bold inside it), centred above it.
    const view = el.editorView!;
    const { from, to } = view.state.selection;
    expect(view.state.doc.textBetween(from, to)).to.equal('alpha beta gam');
    expect(pressed(el, 'Bold')).to.equal('true');
    const start = view.coordsAtPos(from);
    const end = view.coordsAtPos(to, -1);
    const rect = bar(el)!.getBoundingClientRect();
    expect(Math.abs((rect.left + rect.right) / 2 - (start.left + end.right) / 2)).to.be.below(2);
    expect(seen[seen.length - 1].look).to.equal(`${Math.round(rect.left)},${Math.round(rect.top)} bold=true`);
  });

  it('shows the first change at once rather than after the delay', async () => {
    const el = await mount(html`<rich-editor value="<p>quick response</p>"></rich-editor>`);
    await clickAt(textPoint(el, 'quick', 0));
    await sleep(SETTLE_MS);
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    const pressedAt = performance.now();
    await sendKeys({ up: 'Shift' });
    while (!toolbarVisible(el) && performance.now() - pressedAt < 1000) await sleep(4);
    expect(performance.now() - pressedAt).to.be.below(TOOLBAR_UPDATE_DELAY - 50);
  });
});
