/** Helpers for the toolbar tests: a real `<rich-editor>`, real keys and a real mouse. */
import { fixture } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
// axe-core is a UMD script: in the browser it installs `window.axe` rather than an ES default export.
import 'axe-core';
import type Axe from 'axe-core';
import type { TemplateResult } from 'lit';
import '../../../src/element/index.js';
import '../../../src/element/toolbar/toolbar.js';
import type { RichEditor } from '../../../src/element/index.js';
import { pressWith } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';
export { until };

/** Longer than the toolbar's 250 ms update window, so a pending update has landed. */
export const SETTLE_MS = 320;

/**
 * Mounts a real element and waits for its first render. It gets room above and to
 * the left, so the toolbar sits above the selection without being flipped or shifted
 * over the text the tests click next.
 */
export async function mount(template: TemplateResult): Promise<RichEditor> {
  const el = await fixture<RichEditor>(template);
  el.style.margin = '160px 40px 0 320px';
  await el.updateComplete;
  await sleep(SETTLE_MS);
  return el;
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
  await clickAt(centre(element));
}

/** Clicks at a viewport point with the real mouse. */
export async function clickAt(position: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'up' });
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
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
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
  const point = textPoint(el, clickBefore ?? text, 0);
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
function selectedText(el: RichEditor): string {
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

/** The axe violations inside `root`, as readable lines (empty when it passes). */
export async function axeViolations(root: Element): Promise<string[]> {
  const { axe } = window as unknown as { axe: typeof Axe };
  const result = await axe.run(root);
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
