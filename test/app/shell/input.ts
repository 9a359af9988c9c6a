// Real input for the app's tests: mouse clicks at an element's centre and typed keys.
import { sendKeys, sendMouse } from '@web/test-runner-commands';

import { nextFrame } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';

/** The innermost element at a point of the viewport, looking inside open shadow roots. */
function deepElementAt(x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Whether `node` is `element` or inside it, across shadow boundaries. */
function isWithin(node: Node | null, element: Element): boolean {
  for (let current = node; current; current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null)) {
    if (current === element) return true;
  }
  return false;
}

const describe = (element: Element) =>
  `<${element.localName}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}>`;

/** A point of a box where a click should land. */
type Aim = (box: DOMRect) => [number, number];
const centre: Aim = (box) => [box.left + box.width / 2, box.top + box.height / 2];

/**
 * Where a real click on `element` lands: `aim`'s point of its box (by default the centre), once it
 * is laid out, has held still for a frame (no layout shift under the pointer) and is what the
 * pointer would hit there (not covered by an overlay, not made inert by a closing dialog). A user
 * waits for the same.
 *
 * "Held still" is measured after the frame's resize observers, not in its animation-frame
 * callback, which runs before them: a popover placed by Floating UI moves from its resize
 * observer, so a popover above its button that shrank (the date filter switched to one date)
 * moved down a row after the check, and the click meant for its date field chose "Range".
 */
async function clickablePoint(element: Element, aim: Aim = centre, timeout = 5_000): Promise<[number, number]> {
  const started = performance.now();
  let problem = '';
  for (;;) {
    if (!element.isConnected) throw new Error(`${describe(element)} left the page before it could be clicked`);
    element.scrollIntoView({ block: 'center' });
    const box = element.getBoundingClientRect();
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve));
    const after = element.getBoundingClientRect();
    const [x, y] = aim(after).map(Math.round) as [number, number];
    if (!after.width || !after.height) problem = 'it has no size';
    else if (box.left !== after.left || box.top !== after.top || box.width !== after.width || box.height !== after.height) problem = 'it is moving';
    else {
      const hit = deepElementAt(x, y);
      if (hit && isWithin(hit, element)) return [x, y];
      problem = `${hit ? describe(hit) : 'nothing'} is at its centre`;
    }
    // Another round at the next frame: a box that comes to rest, or an overlay that leaves, announces no event.
    if (performance.now() - started > timeout) throw new Error(`${describe(element)} could not be clicked: ${problem}`);
  }
}

/**
 * Clicks the middle of `element` with the real mouse (scrolled into view, once it can take the
 * click). Given a function, finds the element with it, and again if the one found leaves the page
 * before it can be clicked (a list drawn again as it opens), as a user clicks what is there.
 */
export async function click(element: Element | null | (() => Element | null)): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const target = typeof element === 'function' ? element() : element;
    if (!target) throw new Error('Nothing to click');
    try {
      await sendMouse({ type: 'click', position: await clickablePoint(target) });
      return;
    } catch (error) {
      if (typeof element !== 'function' || target.isConnected || attempt === 3) throw error;
    }
  }
}

/** Focuses `element` and types `text` into it. */
export async function typeInto(element: HTMLElement, text: string): Promise<void> {
  element.focus();
  await sendKeys({ type: text });
}

/** Presses one key (e.g. "Enter", "Escape", "ArrowDown"). */
export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

/**
 * Types an en-US date ("MM/DD/YYYY") into a date field from its month part, clicked with the real
 * mouse near the field's left edge, as a user changing a date does, and returns once the field
 * reads that date. Focusing the field is not enough once it has been edited: WebKit puts the caret
 * back in the part last edited (the year), where the typed digits would all go.
 *
 * WebKit also reads digits typed into a part as one number only while each comes within a second
 * of the one before: on a loaded machine a key can come later, and "2025" ends as year 5
 * ("0005-06-01", reproduced with a 1.2 s pause between keys). A user who sees a wrong date types
 * it again; so does this, three times at most, and then fails naming what the field reads.
 */
export async function typeDate(input: HTMLInputElement, date: string): Promise<void> {
  const [month, day, year] = date.split('/');
  const wanted = `${year}-${month}-${day}`;
  const style = getComputedStyle(input);
  const inset = parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + 6;
  const monthPart: Aim = (box) => [box.left + inset, box.top + box.height / 2];
  for (let attempt = 1; ; attempt++) {
    await sendMouse({ type: 'click', position: await clickablePoint(input, monthPart) });
    // A click that landed elsewhere did something else (chose another option…): say so, never type on.
    if (document.activeElement !== input) throw new Error(`The click meant for the date field left focus on ${document.activeElement ? describe(document.activeElement) : 'nothing'}`);
    await sendKeys({ type: date });
    await nextFrame();
    if (input.value === wanted) return;
    if (attempt === 3) throw new Error(`The date field reads "${input.value}" after ${date} was typed three times`);
  }
}

/** The date field a picker focuses as it opens. */
export const focusedDateField = (): Promise<HTMLInputElement> =>
  until(() => (document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'date' ? document.activeElement : null), 'the date input');

/** The open menu's item named `name` (menus are drawn in a portal, outside the app's container). */
export const menuItem = (name: string): Promise<HTMLElement> =>
  until(() => [...document.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')].find((item) => item.textContent === name) ?? null, `the menu item ${name}`);

/** Opens the "…" menu named `menuLabel` inside `root` and returns its item `name`. */
export async function openMenuItem(root: ParentNode, menuLabel: string, name: string): Promise<HTMLElement> {
  const trigger = await until(() => root.querySelector<HTMLElement>(`button[aria-label="${menuLabel}"]`), `the ${menuLabel} button`);
  await click(trigger);
  return menuItem(name);
}

/** Chooses `name` in the "…" menu named `menuLabel` inside `root`. */
export async function chooseMenuItem(root: ParentNode, menuLabel: string, name: string): Promise<void> {
  await click(await openMenuItem(root, menuLabel, name));
}
