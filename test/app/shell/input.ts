// Real input for the app's tests: mouse clicks at an element's centre and typed keys.
import { sendKeys, sendMouse } from '@web/test-runner-commands';

/** Clicks the middle of `element` with the real mouse (scrolled into view first). */
export async function click(element: Element | null): Promise<void> {
  if (!element) throw new Error('Nothing to click');
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
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
