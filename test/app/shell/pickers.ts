// Finding the property pickers (src/app/ui/pickers) and their open lists in the app's tests.
import { focusReturnsTo } from '../../helpers/until.js';
import { until } from './render.js';

/** The property button named `name` (its hidden label; "Name:" in a row or card), once it is there. */
export const property = (root: ParentNode, name: string) =>
  until(
    () =>
      [...root.querySelectorAll<HTMLButtonElement>('.app-picker-button')].find(
        (candidate) => document.getElementById(candidate.getAttribute('aria-labelledby')!.split(' ')[0]!)?.textContent?.trim().replace(/:$/, '') === name,
      ),
    `the ${name} button`,
  );
/** A picker button's accessible name, from the parts its aria-labelledby names ("Assignees: Ada, Grace"). */
export const nameOf = (button: Element) =>
  button
    .getAttribute('aria-labelledby')!
    .split(' ')
    .map((id) => textOf(document.getElementById(id)!))
    .join(' ');
/** An element's text without what is hidden from assistive technology (aria-hidden). */
function textOf(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') text += textOf(node);
  }
  return text.trim().replace(/\s+/g, ' ');
}
/** The open picker's listbox. */
export const listbox = () => until(() => document.querySelector<HTMLElement>('.app-picker-popup [role="listbox"]'), 'the list');
/** The options of a listbox. */
export const options = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[role="option"]')];
/** The option of a listbox whose text holds `name`. */
export const option = (list: HTMLElement, name: string) => options(list).find((candidate) => candidate.textContent?.includes(name)) ?? null;
/** What a property button shows (its value, without its hidden name). */
export const shown = (element: HTMLElement) => element.querySelector('.app-picker-value')?.textContent;
/**
 * Waits for every picker popup to close and, given the picker's button, for focus to be back on
 * it: Radix gives it back a task or more after the popup is gone, and a step taken in between
 * (focusing the next button) would have its focus taken away.
 */
export async function closed(trigger?: HTMLElement, name = 'the picker'): Promise<void> {
  await until(() => !document.querySelector('.app-picker-popup'), 'the popup closed');
  if (trigger) await focusReturnsTo(trigger, name);
}
