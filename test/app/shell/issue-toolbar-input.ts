// The issue list toolbar as a user works it: the Filter menu and the Display popover.
import { click } from './input.js';
import { button, until } from './render.js';

/** The Display popover when it is open (it is drawn in a portal, outside the app's container). */
export const displayPopup = () => document.querySelector<HTMLElement>('.app-display-popup');

/** Chooses `name` in the toolbar's Filter menu (its values' list then opens). */
export async function addFilter(root: HTMLElement, name: string): Promise<void> {
  await click(button(root, 'Filter'));
  const menu = await until(() => document.querySelector<HTMLElement>('[role="menu"]'), 'the Filter menu');
  await click(await until(() => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === name) ?? null, `the ${name} item`));
  await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
}

/** Opens the toolbar's Display popover (unless it is open) and returns it. */
export async function openDisplay(root: HTMLElement): Promise<HTMLElement> {
  if (!displayPopup()) await click(button(root, 'Display'));
  return until(() => displayPopup(), 'the display options');
}
