// Finding the property pickers (src/app/ui/pickers) and their open lists in the app's tests.
import { focusReturnsTo } from '../../helpers/until.js';
import { until } from './render.js';

/** The property button of the side panel named `name` (its hidden label), once it is there. */
export const property = (root: ParentNode, name: string) =>
  until(
    () =>
      [...root.querySelectorAll<HTMLButtonElement>('.app-picker-button')].find(
        (candidate) => document.getElementById(candidate.getAttribute('aria-labelledby')!.split(' ')[0]!)?.textContent === name,
      ),
    `the ${name} button`,
  );
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
