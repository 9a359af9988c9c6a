/** Helpers for the toolbar tests: a real `<rich-editor>`, real keys and a real mouse. */
import { fixture } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import '../../../src/element/toolbar/toolbar.js';
import type { RichEditor } from '../../../src/element/index.js';
import type { RichEditorToolbar } from '../../../src/element/toolbar/toolbar.js';
import { pressWith } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';
import type { FakeClock } from '../../helpers/fake-clock.js';
export { axeViolations } from '../../helpers/element-ui.js';
export { until };

/**
 * Mounts a real element and waits for its first render. It gets room above and to
 * the left, so the toolbar sits above the selection without being flipped or shifted
 * over the text the tests click next. With a fake clock, the toolbar's first update
 * window is run out, so the next selection change shows at once.
 */
export async function mount(template: TemplateResult, clock?: FakeClock): Promise<RichEditor> {
  const el = await fixture<RichEditor>(template);
  el.style.margin = '160px 40px 0 320px';
  await el.updateComplete;
  if (clock) await settle(el, clock);
  else await toolbarOf(el)?.updateComplete;
  return el;
}

/** The element's toolbar (null when it renders none, as in read-only mode). */
function toolbarOf(el: RichEditor): RichEditorToolbar | null {
  return el.shadowRoot!.querySelector('rich-editor-toolbar');
}

/**
 * Ends the toolbar's update window on the fake clock, so an update it holds back lands, and
 * waits for the toolbar's render. (Floating UI places the toolbar a moment later: wait with
 * `placedToolbar` where the place matters.)
 */
export async function settle(el: RichEditor, clock: FakeClock): Promise<void> {
  clock.runAll();
  await toolbarOf(el)?.updateComplete;
}

/** The element's editable content. */
export function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

/** The toolbar's shadow root (null when the element renders no toolbar, as in read-only mode). */
export function toolbarRoot(el: RichEditor): ShadowRoot | null {
  return el.shadowRoot!.querySelector('rich-editor-toolbar')?.shadowRoot ?? null;
}

/** The `role="toolbar"` surface, when shown. */
export function bar(el: RichEditor): HTMLElement | null {
  return toolbarRoot(el)?.querySelector<HTMLElement>('[role="toolbar"]') ?? null;
}

/** Whether the user sees the toolbar: rendered, with a size, inside the viewport. */
export function toolbarVisible(el: RichEditor): boolean {
  const surface = bar(el);
  if (!surface || !surface.checkVisibility()) return false;
  const rect = surface.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
}

/** The selection's box as the editor draws it (the box the toolbar is placed against). */
export function selectionBox(el: RichEditor): { left: number; right: number; top: number; bottom: number } {
  const view = el.editorView!;
  const { from, to } = view.state.selection;
  const start = view.coordsAtPos(from);
  const end = view.coordsAtPos(to, -1);
  return { left: Math.min(start.left, end.left), right: Math.max(start.right, end.right), top: Math.min(start.top, end.top), bottom: Math.max(start.bottom, end.bottom) };
}

/** The toolbar's gap to the selection, which is also the room it keeps from the viewport's edges. */
const GAP = 8;

/**
 * Whether the user sees the toolbar placed next to the selection: 8 px above it (or below,
 * flipped for want of room), centred on it (or shifted against the viewport's edge). Floating
 * UI places it a moment after each render; until then it sits where it was, or at the corner.
 */
export function toolbarPlaced(el: RichEditor): boolean {
  if (!toolbarVisible(el)) return false;
  const rect = bar(el)!.getBoundingClientRect();
  const box = selectionBox(el);
  const beside = Math.abs(box.top - GAP - rect.bottom) < 1.5 || Math.abs(rect.top - GAP - box.bottom) < 1.5;
  const centred = Math.abs((rect.left + rect.right) / 2 - (box.left + box.right) / 2) < 2;
  const shifted = Math.abs(rect.left - GAP) < 1.5 || Math.abs(innerWidth - GAP - rect.right) < 1.5;
  return beside && (centred || shifted);
}

/** Waits until the toolbar is placed next to the selection, saying where it was when it gives up. */
export async function placedToolbar(el: RichEditor, what = 'the toolbar placed next to the selection'): Promise<void> {
  await until(() => toolbarPlaced(el), what, {
    saw: () => {
      const rect = bar(el)?.getBoundingClientRect();
      const where = rect ? `toolbar ${Math.round(rect.left)}–${Math.round(rect.right)} × ${Math.round(rect.top)}–${Math.round(rect.bottom)}` : 'no toolbar';
      const box = selectionBox(el);
      return `${where}, visible: ${toolbarVisible(el)}; selection ${describeSelection(el)} at ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`;
    },
  });
}

/** A toolbar button by its accessible name (its `aria-label`). */
export function button(el: RichEditor, name: string | RegExp): HTMLButtonElement {
  const found = Array.from(toolbarRoot(el)?.querySelectorAll('button') ?? []).find((b) => {
    const label = b.getAttribute('aria-label') ?? b.textContent!.trim();
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (!found) throw new Error(`No toolbar button named ${String(name)}`);
  return found;
}

/** A mark button's `aria-pressed`, or null while the toolbar is hidden. */
export function pressed(el: RichEditor, name: string): string | null {
  return toolbarRoot(el)?.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-pressed') ?? null;
}

/** The block-type dropdown button. */
export function blockButton(el: RichEditor): HTMLButtonElement {
  return button(el, /^Block type/);
}

/** The block-type listbox, when open. */
export function listbox(el: RichEditor): HTMLElement | null {
  return toolbarRoot(el)?.querySelector<HTMLElement>('[role="listbox"]') ?? null;
}

/** The link URL field, when open. */
export function linkInput(el: RichEditor): HTMLInputElement | null {
  return toolbarRoot(el)?.querySelector<HTMLInputElement>('input[aria-label="Link URL"]') ?? null;
}

/** The element that has focus, looking through the element's and the toolbar's shadow roots. */
export function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The centre of an element, in viewport pixels (what `sendMouse` takes). */
export function centre(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

/** Clicks an element's centre with the real mouse (moved there first, as a hand would). */
export async function click(element: Element): Promise<void> {
  // A button or an option clicked twice is clicked twice, whatever the browser counts.
  await pressAt(centre(element), false);
  await sendMouse({ type: 'up' });
}

/** Clicks at a viewport point of the text with the real mouse, as a single click (see `pressAt`). */
export async function clickAt(position: [number, number]): Promise<void> {
  await pressAt(position, true);
  await sendMouse({ type: 'up' });
}

/** How near a press soon after the last one counts as a double click: ProseMirror's 10 px, more than GTK's 5 px. */
const DOUBLE_CLICK_PX = 10;

/** Where the mouse was last pressed (the page's, so across tests: each file is one page). */
let lastPress: [number, number] | null = null;

/**
 * Moves the mouse to `position` and presses it there. A press near the last one, soon after, is
 * a double click, which in text selects a word (WebKitGTK does it when a test's first click lands
 * where the last test's did, on the same spot of a new editor). With `single`, instead of waiting
 * out the double-click interval (which the browser measures, and no event marks), a click in the
 * viewport's bottom-left corner first (the page's margin; the toolbar keeps 8 px from the edges)
 * makes it a fresh press, as a hand that moved away and back would.
 */
async function pressAt(position: [number, number], single: boolean): Promise<void> {
  const near = lastPress && Math.abs(position[0] - lastPress[0]) <= DOUBLE_CLICK_PX && Math.abs(position[1] - lastPress[1]) <= DOUBLE_CLICK_PX;
  if (single && near) await sendMouse({ type: 'click', position: [0, innerHeight - 1] });
  lastPress = position;
  await sendMouse({ type: 'move', position });
  await sendMouse({ type: 'down' });
}

/** The viewport point just inside the left edge of character `index` of the first `text` in the content. */
export function textPoint(el: RichEditor, text: string, index: number): [number, number] {
  const walker = document.createTreeWalker(content(el), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    const offset = at + index;
    const end = Math.min(offset + 1, node.textContent!.length);
    range.setStart(node, end === offset ? offset - 1 : offset);
    range.setEnd(node, end);
    const rect = range.getBoundingClientRect();
    const x = end === offset ? rect.right : rect.left + 1;
    return [Math.round(x), Math.round(rect.top + rect.height / 2)];
  }
  throw new Error(`"${text}" is not in the content`);
}

/** Drags the mouse from one point to another, checking `during` while the button is still held. */
export async function drag(from: [number, number], to: [number, number], during?: () => Promise<void>): Promise<void> {
  await pressAt(from, true);
  const middle: [number, number] = [Math.round((from[0] + to[0]) / 2), Math.round((from[1] + to[1]) / 2)];
  await sendMouse({ type: 'move', position: middle });
  await sendMouse({ type: 'move', position: to });
  try {
    await during?.();
  } finally {
    await sendMouse({ type: 'up' });
  }
}

/**
 * Puts the caret before the first `text` with a mouse click, then selects `length`
 * characters with Shift+Right. Links open on click (spec 5), so text inside a link is
 * reached by clicking before `clickBefore` (plain text earlier in the same block) and
 * walking there with the arrow keys.
 */
export async function selectWithKeys(el: RichEditor, text: string, length = text.length, clickBefore?: string): Promise<void> {
  const whole = content(el).textContent!;
  // What the selection starts with (it may go on into the next block, one key step to cross).
  const expected = text.slice(0, length);
  // Where the editor's selection was after each step, read without pausing the keys (as a
  // user types on at once); the editor may not have read the last key's move yet.
  const trace: string[] = [];
  const note = (step: string) => trace.push(`${step}: ${describeSelection(el)}`);
  // Laid out first: a block under `content-visibility: auto` has no boxes until the browser has shown it (WebKit, a frame late).
  const point = await until(() => {
    const at = textPoint(el, clickBefore ?? text, 0);
    return at[1] > 0 ? at : null;
  }, `"${clickBefore ?? text}" laid out`);
  const hit = describeHit(point);
  await clickAt(point);
  note(`a click before "${clickBefore ?? text}" at ${point.join(',')} on ${hit}`);
  if (clickBefore) {
    const steps = whole.indexOf(text) - whole.indexOf(clickBefore);
    for (let i = 0; i < steps; i++) await sendKeys({ press: 'ArrowRight' });
    note(`${steps} × ArrowRight`);
  }
  await sendKeys({ down: 'Shift' });
  for (let i = 0; i < length; i++) await sendKeys({ press: 'ArrowRight' });
  await sendKeys({ up: 'Shift' });
  note(`${length} × Shift+ArrowRight`);
  await until(() => selectedText(el).startsWith(expected), `"${expected}" selected`, 2_000).catch(() => {
    throw new Error(`Selecting from "${expected}" with the keys selected something else: ${trace.join('; ')}; at last ${describeSelection(el)}`);
  });
}

/** What a click at a viewport point lands on, looking into shadow roots (for failure messages). */
function describeHit([x, y]: [number, number]): string {
  let hit: Element | null = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return 'nothing';
  const classes = typeof hit.className === 'string' && hit.className ? `.${hit.className.trim().split(/\s+/).join('.')}` : '';
  return `<${hit.tagName.toLowerCase()}${classes}>`;
}

/** The text the editor's selection covers. */
export function selectedText(el: RichEditor): string {
  const { from, to } = el.editorView!.state.selection;
  return el.editorView!.state.doc.textBetween(from, to);
}

/** The editor's selection: its positions and the text it covers. */
function describeSelection(el: RichEditor): string {
  const { from, to } = el.editorView!.state.selection;
  return `${from}–${to} "${selectedText(el)}"`;
}

/** Moves keyboard focus from the editor to the toolbar (Alt+F10). */
export async function focusToolbar(): Promise<void> {
  await pressWith('F10', 'Alt');
}
