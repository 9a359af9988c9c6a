import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { EntryState, TableMenuEntry, TableMenuModel } from './table-menu.js';

/** The id of the open menu inside the controls' shadow root (one menu is open at a time). */
export const TABLE_MENU_ID = 'table-menu';

/** What the menu template needs from the controls. */
export interface TableMenuViewOptions {
  readonly model: TableMenuModel;
  readonly states: ReadonlyMap<string, EntryState>;
  readonly activate: (entry: TableMenuEntry) => void;
  readonly onKeyDown: (event: KeyboardEvent) => void;
}

function entryTemplate(entry: TableMenuEntry, state: EntryState | undefined, options: TableMenuViewOptions): TemplateResult {
  const enabled = state?.enabled ?? false;
  const checked = entry.role === 'menuitem' ? nothing : state?.checked ? 'true' : 'false';
  return html`<div
    class=${entry.danger ? 'item danger' : 'item'}
    role=${entry.role}
    tabindex="-1"
    data-key=${entry.key}
    aria-checked=${checked}
    aria-disabled=${enabled ? nothing : 'true'}
    @click=${() => enabled && options.activate(entry)}
    @pointermove=${(event: PointerEvent) => {
      // The item under the mouse takes focus, so the mouse and the arrows share one highlight.
      const item = event.currentTarget as HTMLElement;
      if (!item.matches(':focus')) item.focus();
    }}
  >
    ${entry.role === 'menuitemradio'
      ? html`<span
          class=${entry.swatch ? 'swatch' : 'swatch none'}
          style=${styleMap(entry.swatch ? { background: entry.swatch } : {})}
          aria-hidden="true"
        ></span>`
      : nothing}
    <span class="label">${entry.label}</span>
    ${entry.role === 'menuitemcheckbox' ? html`<span class="check" aria-hidden="true">${state?.checked ? '✓' : ''}</span>` : nothing}
  </div>`;
}

/**
 * A table menu: `role="menu"` with its commands, the palette as a labelled group of
 * radio items (swatch and name), and "Delete table". Items take focus themselves
 * (roving focus), the pattern of a menu button.
 */
export function tableMenuTemplate(options: TableMenuViewOptions): TemplateResult {
  const { model, states } = options;
  return html`<div class="menu" id=${TABLE_MENU_ID} part="table-menu" role="menu" aria-label=${model.label} @keydown=${options.onKeyDown}>
    ${model.actions.map((entry) => entryTemplate(entry, states.get(entry.key), options))}
    <div class="separator" role="separator"></div>
    <div class="group" role="group" aria-labelledby="table-menu-colour">
      <div class="group-label" id="table-menu-colour">${model.colourLabel}</div>
      ${model.colours.map((entry) => entryTemplate(entry, states.get(entry.key), options))}
    </div>
    <div class="separator" role="separator"></div>
    ${model.end.map((entry) => entryTemplate(entry, states.get(entry.key), options))}
  </div>`;
}

/** The menu's items in order (what the arrow keys move through). */
export function menuItems(menu: Element | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
}

/**
 * Arrow keys, Home and End move focus through the items with wrap-around; Enter and
 * Space run the focused item. Returns whether the key was handled (Escape and Tab are
 * the caller's: they close the menu).
 */
export function moveInMenu(menu: Element | null, event: KeyboardEvent): boolean {
  const items = menuItems(menu);
  if (!items.length) return false;
  const root = menu?.getRootNode() as ShadowRoot | Document;
  const current = items.indexOf(root.activeElement as HTMLElement);
  let next = -1;
  switch (event.key) {
    case 'ArrowDown':
      next = current < 0 ? 0 : (current + 1) % items.length;
      break;
    case 'ArrowUp':
      next = current < 0 ? items.length - 1 : (current - 1 + items.length) % items.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = items.length - 1;
      break;
    case 'Enter':
    case ' ':
      if (current >= 0) items[current].click();
      return true;
    default:
      return false;
  }
  items[next].focus();
  return true;
}
