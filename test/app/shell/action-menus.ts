// Using the app's action menus (src/app/ui/action-menu.tsx) in its tests, as a user does.
import { click } from './input.js';
import { button, until } from './render.js';

/** The open menu (Radix renders it in a portal on the page's body). */
export const openMenu = () => until(() => document.querySelector<HTMLElement>('[role="menu"]'), 'the open menu');

/** The entries of the open menu, by their words. */
export const menuEntries = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].map((item) => item.textContent?.trim());

/** Opens the menu of the button named `menuName` in `root` with the mouse, and returns the menu. */
export async function openActionMenu(root: ParentNode, menuName: string): Promise<HTMLElement> {
  await click(await until(() => button(root, menuName), `the "${menuName}" button`));
  return openMenu();
}

/** Opens the menu named `menuName` and chooses `entry` in it with the mouse; waits for the menu to close. */
export async function chooseFromMenu(root: ParentNode, menuName: string, entry: string): Promise<void> {
  const menu = await openActionMenu(root, menuName);
  await click(() => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent?.trim() === entry) ?? null);
  await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
}
