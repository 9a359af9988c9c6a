import { html, nothing } from 'lit';
import type { Command } from 'prosemirror-state';
import { menusOf, toolbarItemsOf } from '../../core/extensions/setup-menus.js';
import { arrange } from '../../core/menus.js';
import type { ToolbarItem, ToolbarState } from '../../core/toolbar-state.js';
import type { EditorHub } from '../editor-controller.js';
import { ICONS, iconById } from '../icons.js';
import { wordsFor } from '../words.js';
import { BLOCK_MENU_ID, blockMenuEntries } from './block-menu.js';
import { LINK_PANEL_ID } from './link-field.js';
import { CHEVRON_ICON, LINK_SHORTCUT, MARK_BUTTONS, blockTypeLabel, icon, keyShortcut } from './toolbar-items.js';

/** What the toolbar last took from the editor: core's toolbar state and the range it sits above. */
export interface Snapshot extends ToolbarState {
  readonly from: number;
  readonly to: number;
}

/** The two dropdowns; at most one is open (spec 4: they "are mutually exclusive"). */
export type Panel = 'block' | 'link';

/**
 * One button of the toolbar: the block-type dropdown, a built-in mark, a host's item or
 * the link button. Buttons of one group sit together; a divider separates groups.
 */
type Button =
  | { readonly id: 'block'; readonly group: 'block' }
  | { readonly id: string; readonly group: 'marks'; readonly mark: (typeof MARK_BUTTONS)[number] }
  | { readonly id: string; readonly group: 'marks'; readonly item: ToolbarItem }
  | { readonly id: 'link'; readonly group: 'link' };

/** The toolbar the buttons sit in: its editor and its shadow root. */
export interface ButtonsToolbar {
  /** The editor the toolbar belongs to. */
  readonly hub: EditorHub | null;
  /** Where the buttons are rendered. */
  readonly renderRoot: ParentNode;
}

/** What the buttons do in the toolbar. */
export interface ToolbarActions {
  /** Runs a command from a button. */
  run(command: Command): void;
  /** Opens or closes the block-type dropdown (its button's click). */
  readonly toggleBlockMenu: () => void;
  /** Opens or closes the link field (its button's click). */
  readonly toggleLinkPanel: () => void;
  /** Opens the block-type dropdown on its current entry or its last. */
  openBlockMenu(from: 'current' | 'last'): void;
}

/**
 * The toolbar's row of buttons: which there are and in what order (the built-in ones,
 * the extensions' after the marks, arranged by the host's `menus.toolbar`), how each
 * shows the snapshot, and the roving tabindex that lets Tab reach one of them.
 */
export class ToolbarButtons {
  /** The buttons' ids in the order last rendered, for the roving tabindex. */
  order: readonly string[] = [];

  constructor(
    private readonly toolbar: ButtonsToolbar,
    private readonly actions: ToolbarActions,
  ) {}

  /** Up and Down on the block-type button open its dropdown (Up on its last entry), as a listbox button's do. */
  private readonly onBlockButtonKey = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    this.actions.openBlockMenu(event.key === 'ArrowUp' ? 'last' : 'current');
  };

  /** The buttons, with a divider between groups. */
  render(snap: Snapshot, panel: Panel | null, focusIndex: number) {
    const buttons = this.buttons();
    // A host's layout can leave fewer buttons than the last focused position.
    const tabbable = Math.min(focusIndex, this.order.length - 1);
    return buttons.map((button, i, all) => [
      i > 0 && all[i - 1].group !== button.group ? html`<span class="divider" aria-hidden="true"></span>` : nothing,
      this.renderButton(button, i === tabbable ? '0' : '-1', snap, panel),
    ]);
  }

  /** The rendered button at a position of the order (null past its end). */
  button(index: number): HTMLButtonElement | null {
    const id = this.order[index];
    return id === undefined ? null : this.toolbar.renderRoot.querySelector<HTMLButtonElement>(`[data-item="${CSS.escape(id)}"]`);
  }

  /** Whether the toolbar, as the host arranged it, has the button `id`. */
  has(id: string): boolean {
    return this.buttons().some((button) => button.id === id);
  }

  /** The position in the order of the button an event came from (-1 for none). */
  indexOf(target: EventTarget | null): number {
    const item = target instanceof HTMLElement ? target.dataset.item : undefined;
    return item ? this.order.indexOf(item) : -1;
  }

  /** Where a roving-focus key moves from a button (Left and Right wrap around, Home, End); undefined for other keys or no button. */
  move(key: string, from: number): number | undefined {
    if (from < 0) return undefined;
    const last = this.order.length - 1;
    const moves: Record<string, number> = { ArrowRight: from === last ? 0 : from + 1, ArrowLeft: from === 0 ? last : from - 1, Home: 0, End: last };
    return moves[key];
  }

  /** The toolbar's buttons in order: the built-in ones, the extensions' after the marks, arranged by the host's `menus.toolbar`. */
  private buttons(): readonly Button[] {
    const view = this.toolbar.hub?.view;
    const items = view ? toolbarItemsOf(view.state) : [];
    const all: Button[] = [
      { id: 'block', group: 'block' },
      ...MARK_BUTTONS.map((mark) => ({ id: mark.mark, group: 'marks' as const, mark })),
      ...items.map((item) => ({ id: item.id, group: 'marks' as const, item })),
      { id: 'link', group: 'link' },
    ];
    const arranged = arrange(all, view ? menusOf(view.state).toolbar : undefined, (button) => button.id);
    this.order = arranged.map((button) => button.id);
    return arranged;
  }

  /** One button; `tabindex` is `0` for the one Tab reaches (roving tabindex). */
  private renderButton(button: Button, tabindex: string, snap: Snapshot, panel: Panel | null) {
    if (button.id === 'block') return this.renderBlockButton(tabindex, snap, panel);
    if (button.id === 'link') return this.renderLinkButton(tabindex, snap, panel);
    const words = wordsFor(this.toolbar.hub);
    const mark = 'mark' in button ? button.mark : null;
    const item = 'item' in button ? button.item : null;
    const label = words[`toolbar.${button.id}`] ?? item?.label ?? button.id;
    const shortcut = mark ? keyShortcut(mark.shortcut) : item?.shortcut ? keyShortcut(item.shortcut) : null;
    const pressed = mark ? snap.marks[mark.mark] : item?.active ? !!snap.pressed[item.id] : null;
    return html`<button
      type="button"
      class="icon"
      data-item=${button.id}
      tabindex=${tabindex}
      aria-label=${label}
      aria-pressed=${pressed === null ? nothing : pressed ? 'true' : 'false'}
      aria-keyshortcuts=${shortcut ? shortcut.aria : nothing}
      title=${shortcut ? `${label} (${shortcut.shown})` : label}
      @click=${() => this.actions.run(mark ? mark.command : item!.command)}
    >
      ${icon(mark ? ICONS[mark.mark] : iconById(item?.icon ?? item?.id))}
    </button>`;
  }

  private renderLinkButton(tabindex: string, snap: Snapshot, panel: Panel | null) {
    const words = wordsFor(this.toolbar.hub);
    const label = snap.link ? words['toolbar.editLink'] : words['toolbar.link'];
    const linkShortcut = keyShortcut(LINK_SHORTCUT);
    return html`<button
      type="button"
      class=${snap.link ? 'icon active' : 'icon'}
      data-item="link"
      tabindex=${tabindex}
      aria-label=${label}
      title=${`${label} (${linkShortcut.shown})`}
      aria-keyshortcuts=${linkShortcut.aria}
      aria-expanded=${panel === 'link' ? 'true' : 'false'}
      aria-controls=${panel === 'link' ? LINK_PANEL_ID : nothing}
      @click=${this.actions.toggleLinkPanel}
    >
      ${icon(ICONS.link)}
    </button>`;
  }

  private renderBlockButton(tabindex: string, snap: Snapshot, panel: Panel | null) {
    const label = blockTypeLabel(blockMenuEntries(this.toolbar.hub), snap.blockType, wordsFor(this.toolbar.hub)['blockMenu.multiple']);
    const open = panel === 'block';
    return html`<button
      type="button"
      class="block"
      data-item="block"
      tabindex=${tabindex}
      aria-label=${`${wordsFor(this.toolbar.hub)['blockMenu.label']}: ${label}`}
      aria-haspopup="listbox"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? BLOCK_MENU_ID : nothing}
      @click=${this.actions.toggleBlockMenu}
      @keydown=${this.onBlockButtonKey}
    >
      <span class="label">${label}</span>${icon(CHEVRON_ICON)}
    </button>`;
  }
}
