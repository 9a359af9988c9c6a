import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { VirtualElement } from '@floating-ui/dom';
import type { Command } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { removeLink, setLink } from '../../core/plugins/link.js';
import { toolbarState, type BlockMenuEntry, type ToolbarItem, type ToolbarState } from '../../core/toolbar-state.js';
import { BUILTIN_BLOCK_MENU, blockMenuOf, menusOf, toolbarItemsOf } from '../../core/extensions/setup.js';
import { arrange } from '../../core/menus.js';
import { ICONS, iconById } from '../icons.js';
import { wordsFor } from '../words.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { PopupController, dismissOn, rangeReference } from '../popup.js';
import { BLOCK_MENU_ID, BlockMenu } from './block-menu.js';
import { ContentWatchController } from './content-watch.js';
import { LINK_PANEL_ID, LinkField } from './link-field.js';
import { ThrottleController } from './throttle.js';
import { CHEVRON_ICON, MARK_BUTTONS, blockTypeLabel, icon, keyShortcut } from './toolbar-items.js';
import { toolbarStyles } from './toolbar.styles.js';

/** Spec 9: "Toolbar update delay is 250 ms". */
export const TOOLBAR_UPDATE_DELAY = 250;

/** What the toolbar last took from the editor: core's toolbar state and the range it sits above. */
interface Snapshot extends ToolbarState {
  readonly from: number;
  readonly to: number;
}

/** The two dropdowns; at most one is open (spec 4: they "are mutually exclusive"). */
type Panel = 'block' | 'link';

/**
 * One button of the toolbar: the block-type dropdown, a built-in mark, a host's item or
 * the link button. Buttons of one group sit together; a divider separates groups.
 */
type Button =
  | { readonly id: 'block'; readonly group: 'block' }
  | { readonly id: string; readonly group: 'marks'; readonly mark: (typeof MARK_BUTTONS)[number] }
  | { readonly id: string; readonly group: 'marks'; readonly item: ToolbarItem }
  | { readonly id: 'link'; readonly group: 'link' };

/**
 * `<rich-editor-toolbar>`: the floating formatting toolbar. It renders core's
 * `toolbarState` (when it shows, which marks are on, the block type, the link) above
 * the selection and runs core's commands; it decides none of those rules itself.
 * What it adds is timing: it hides while a mouse selection is being dragged out and
 * refreshes at most once per 250 ms, always ending on the latest state.
 *
 * Keyboard: Alt+F10 in the editor moves focus to the toolbar; Left/Right (and
 * Home/End) move between its buttons; Escape returns to the editor. The block-type
 * button opens a listbox (arrows, Enter, Escape); the link button opens a URL field
 * (Enter applies a valid http(s) URL, anything else leaves it open and marked invalid).
 *
 * @csspart toolbar - the toolbar surface, its dropdown and its link field
 * @cssprop --rich-editor-surface - the toolbar background
 * @cssprop --rich-editor-surface-hover - hovered and pressed buttons
 * @cssprop --rich-editor-border - the toolbar border and dividers
 * @cssprop --rich-editor-accent - focus rings and the pressed marker
 * @cssprop --rich-editor-danger - the border of a rejected URL
 */
export class RichEditorToolbar extends LitElement {
  static override styles = toolbarStyles;

  static override properties = {
    hub: { attribute: false },
    snapshot: { state: true },
    dragging: { state: true },
    panel: { state: true },
    focusIndex: { state: true },
    focused: { state: true },
    panelVersion: { state: true },
  };

  /** The editor this toolbar belongs to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;

  private snapshot: Snapshot | null = null;
  private dragging = false;
  private panel: Panel | null = null;
  /** The button that takes Tab focus (roving tabindex). */
  private focusIndex = 0;
  /** The buttons' ids in the order last rendered, for the roving tabindex. */
  private order: readonly string[] = [];
  /** Bumped when the open dropdown's own state changes (its highlight, the field's validity), to render it. */
  private panelVersion = 0;
  /** Whether focus is in the editor content or in this toolbar (the toolbar hides when the user works elsewhere). */
  private focused = false;
  private focusTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly editor = new EditorStateController(this, (view) => this.heard(view));
  private readonly throttle = new ThrottleController(this, TOOLBAR_UPDATE_DELAY, () => this.refresh());
  private readonly content = new ContentWatchController(this, {
    press: () => {
      this.dragging = true;
    },
    release: () => {
      this.dragging = false;
      this.throttle.flush();
    },
    focusToolbar: () => this.focusToolbar(),
    focusChanged: () => this.checkFocusSoon(),
  });
  private readonly blockMenu = new BlockMenu({
    label: () => wordsFor(this.hub)['blockMenu.label'],
    entries: () => this.blockEntries(),
    enabled: () => this.blockEnabled(),
    choose: (index) => this.chooseBlockType(index),
    close: (returnFocus) => {
      this.panel = null;
      if (returnFocus) this.itemButton(this.order.indexOf('block'))?.focus();
    },
    changed: () => this.panelVersion++,
  });
  private readonly linkField = new LinkField({
    // Spec 5: only a valid URL is accepted; core's setLink refuses anything else and the field stays open.
    apply: (value) => {
      const view = this.hub?.view;
      if (!view || !setLink(value)(view.state)) return false;
      this.runAndReturn(setLink(value));
      return true;
    },
    remove: () => this.runAndReturn(removeLink),
    changed: () => this.panelVersion++,
    words: () => {
      const words = wordsFor(this.hub);
      return { url: words['toolbar.linkUrl'], remove: words['toolbar.removeLink'] };
    },
  });
  private readonly position = new PopupController(this, { placement: 'top', gap: 8 });
  private readonly panelPosition = new PopupController(this, { placement: 'bottom-start', gap: 6, fitHeight: true });
  private positioned: { root: HTMLElement; snapshot: Snapshot } | null = null;
  private panelShown: HTMLElement | null = null;
  private stopDismiss: (() => void) | null = null;
  /** What to focus once the next render is on screen. */
  private focusAfterRender: 'menu' | 'link' | null = null;

  private get shown(): boolean {
    return !!this.snapshot?.visible && !this.dragging && this.focused;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.focusTimer !== null) clearTimeout(this.focusTimer);
    this.focusTimer = null;
    this.stopDismiss?.();
    this.stopDismiss = null;
    this.positioned = null;
    this.panelShown = null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // The controller asks for a render on every editor update; only the throttled snapshot (a property) changes what shows.
    return changed.size > 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub')) {
      if (this.isConnected) this.editor.reconnect();
      this.heard(this.hub?.view ?? null);
    }
    if (!this.shown) this.panel = null;
  }

  override render() {
    const snap = this.snapshot;
    if (!snap || !this.shown) return nothing;
    const words = wordsFor(this.hub);
    return html`<div
      class="toolbar"
      part="toolbar"
      role="toolbar"
      aria-label=${words['toolbar.label']}
      aria-keyshortcuts="Alt+F10"
      @mousedown=${this.keepEditorFocus}
      @keydown=${this.onToolbarKey}
      @focusin=${this.onFocusIn}
      @focusout=${this.checkFocusSoon}
    >
      ${this.buttons().map((button, i, all) => [
        i > 0 && all[i - 1].group !== button.group ? html`<span class="divider" aria-hidden="true"></span>` : nothing,
        this.renderButton(button, i, snap),
      ])}
      ${this.panel === 'block' ? this.blockMenu.render(snap.blockType) : nothing}
      ${this.panel === 'link' ? this.linkField.render(!!snap.link) : nothing}
    </div>`;
  }

  /** The toolbar's buttons in order: the built-in ones, the extensions' after the marks, arranged by the host's `menus.toolbar`. */
  private buttons(): readonly Button[] {
    const view = this.hub?.view;
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

  private renderButton(button: Button, index: number, snap: Snapshot) {
    if (button.id === 'block') return this.renderBlockButton(snap, index);
    if (button.id === 'link') return this.renderLinkButton(snap, index);
    const words = wordsFor(this.hub);
    const mark = 'mark' in button ? button.mark : null;
    const item = 'item' in button ? button.item : null;
    const label = words[`toolbar.${button.id}`] ?? item?.label ?? button.id;
    const shortcut = mark ? keyShortcut(mark.shortcut) : item?.shortcut ? keyShortcut(item.shortcut) : null;
    const pressed = mark ? snap.marks[mark.mark] : item?.active ? !!snap.pressed[item.id] : null;
    return html`<button
      type="button"
      class="icon"
      data-item=${button.id}
      tabindex=${this.tabIndexOf(index)}
      aria-label=${label}
      aria-pressed=${pressed === null ? nothing : pressed ? 'true' : 'false'}
      aria-keyshortcuts=${shortcut ? shortcut.aria : nothing}
      title=${shortcut ? `${label} (${shortcut.shown})` : label}
      @click=${() => this.runAndReturn(mark ? mark.command : item!.command)}
    >
      ${icon(mark ? ICONS[mark.mark] : iconById(item?.icon ?? item?.id))}
    </button>`;
  }

  private renderLinkButton(snap: Snapshot, index: number) {
    const words = wordsFor(this.hub);
    return html`<button
      type="button"
      class=${snap.link ? 'icon active' : 'icon'}
      data-item="link"
      tabindex=${this.tabIndexOf(index)}
      aria-label=${snap.link ? words['toolbar.editLink'] : words['toolbar.link']}
      title=${snap.link ? words['toolbar.editLink'] : words['toolbar.link']}
      aria-expanded=${this.panel === 'link' ? 'true' : 'false'}
      aria-controls=${this.panel === 'link' ? LINK_PANEL_ID : nothing}
      @click=${this.toggleLinkPanel}
    >
      ${icon(ICONS.link)}
    </button>`;
  }

  private renderBlockButton(snap: Snapshot, index: number) {
    const label = blockTypeLabel(this.blockEntries(), snap.blockType, wordsFor(this.hub)['blockMenu.multiple']);
    const open = this.panel === 'block';
    return html`<button
      type="button"
      class="block"
      data-item="block"
      tabindex=${this.tabIndexOf(index)}
      aria-label=${`${wordsFor(this.hub)['blockMenu.label']}: ${label}`}
      aria-haspopup="listbox"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? BLOCK_MENU_ID : nothing}
      @click=${this.toggleBlockMenu}
      @keydown=${this.onBlockButtonKey}
    >
      <span class="label">${label}</span>${icon(CHEVRON_ICON)}
    </button>`;
  }

  protected override updated(): void {
    const view = this.hub?.view ?? null;
    const root = this.renderRoot.querySelector<HTMLElement>('.toolbar');
    const snap = this.snapshot;
    if (!view || !root || !snap) {
      this.position.hide();
      this.positioned = null;
    } else if (this.positioned?.root !== root || this.positioned.snapshot !== snap) {
      this.position.show(this.reference(view, snap), root);
      this.positioned = { root, snapshot: snap };
    }
    this.syncPanel(root);
    const target = this.focusAfterRender;
    this.focusAfterRender = null;
    if (target === 'menu') this.renderRoot.querySelector<HTMLElement>(`#${BLOCK_MENU_ID}`)?.focus();
    if (target === 'link') this.renderRoot.querySelector<HTMLInputElement>('.link-input')?.focus();
  }

  /** Positions the open dropdown under its button and closes it on an outside press or Escape. */
  private syncPanel(root: HTMLElement | null): void {
    const panel = root?.querySelector<HTMLElement>('.panel') ?? null;
    const trigger = root?.querySelector<HTMLElement>(this.panel === 'block' ? '[data-item="block"]' : '[data-item="link"]');
    if (!root || !panel || !trigger) {
      this.panelPosition.hide();
      this.panelShown = null;
      this.stopDismiss?.();
      this.stopDismiss = null;
      return;
    }
    if (panel !== this.panelShown) this.panelPosition.show(trigger, panel);
    this.panelShown = panel;
    this.stopDismiss ??= dismissOn(
      () => [root],
      () => {
        this.panel = null;
      },
    );
  }

  /** The selection box; positions are clamped because the snapshot may trail an edit that shrank the document. */
  private reference(view: EditorView, snap: Snapshot): VirtualElement {
    return {
      getBoundingClientRect: () => {
        const size = view.state.doc.content.size;
        return rangeReference(view, Math.min(snap.from, size), Math.min(snap.to, size)).getBoundingClientRect();
      },
      contextElement: view.dom,
    };
  }

  // ------------------------------------------------------------ editor state

  /** Every editor update: follow the view's content and ask for a (throttled) refresh. */
  private heard(view: EditorView | null): void {
    this.content.attach(view?.dom ?? null);
    this.throttle.request();
  }

  /** Takes a new snapshot of core's toolbar state (runs at most once per 250 ms, see `ThrottleController`). */
  private refresh(): void {
    const hub = this.hub;
    const view = hub?.view;
    if (!hub || !view) {
      this.snapshot = null;
      return;
    }
    const { from, to } = view.state.selection;
    this.snapshot = { ...toolbarState(view.state, { editable: hub.editable, blockMenu: blockMenuOf(view.state), items: toolbarItemsOf(view.state) }), from, to };
    this.focused = this.hasFocus(view);
  }

  private hasFocus(view: EditorView): boolean {
    return view.hasFocus() || !!this.shadowRoot?.activeElement;
  }

  /**
   * Re-reads focus once a focus move has finished: while `focusout` runs, the element
   * that gains focus (the URL field, a toolbar button) does not have it yet.
   */
  private readonly checkFocusSoon = (): void => {
    if (this.focusTimer !== null) clearTimeout(this.focusTimer);
    this.focusTimer = setTimeout(() => {
      this.focusTimer = null;
      const view = this.hub?.view;
      const focused = !!view && this.hasFocus(view);
      if (focused === this.focused) return;
      this.focused = focused;
      // Coming back: show the current selection, not the one from before focus left.
      if (focused) this.throttle.flush();
    }, 0);
  };

  // ------------------------------------------------------------ actions

  /** Runs a core command, returns focus to the editor and shows the result at once. */
  private runAndReturn(command: Command): void {
    const view = this.hub?.view;
    if (!view) return;
    command(view.state, view.dispatch, view);
    this.panel = null;
    view.focus();
    this.throttle.flush();
  }

  private readonly toggleBlockMenu = (): void => {
    if (this.panel === 'block') {
      this.panel = null;
      return;
    }
    this.openBlockMenu('current');
  };

  private openBlockMenu(from: 'current' | 'last'): void {
    this.blockMenu.start(this.snapshot?.blockType, from);
    this.panel = 'block';
    this.focusAfterRender = 'menu';
  }

  private readonly toggleLinkPanel = (): void => {
    if (this.panel === 'link') {
      this.panel = null;
      return;
    }
    const view = this.hub?.view;
    this.linkField.reset(view ? (toolbarState(view.state, { editable: true }).link?.href ?? '') : '');
    this.panel = 'link';
    this.focusAfterRender = 'link';
  };

  /** The block-type menu's entries (the built-in kinds, then those the editor's extensions add), labelled from the strings table. */
  private blockEntries(): readonly BlockMenuEntry[] {
    const view = this.hub?.view;
    const entries = view ? blockMenuOf(view.state) : BUILTIN_BLOCK_MENU;
    const words = wordsFor(this.hub);
    return entries.map((entry) => ({ ...entry, label: words[`blockMenu.${entry.id}`] ?? entry.label }));
  }

  /** Which dropdown entries can apply to the current selection (`command(state)`). */
  private blockEnabled(): boolean[] {
    const view = this.hub?.view;
    return this.blockEntries().map((entry) => !!view && entry.command(view.state));
  }

  private chooseBlockType(index: number): void {
    const view = this.hub?.view;
    const command = this.blockEntries()[index]?.command;
    if (!view || !command || !command(view.state)) return;
    this.runAndReturn(command);
  }

  /** Moves focus into the toolbar (Alt+F10); false when the selection has no toolbar. */
  private focusToolbar(): boolean {
    this.throttle.flush();
    if (!this.shown) return false;
    void this.updateComplete.then(() => this.itemButton(this.focusIndex)?.focus());
    return true;
  }

  private focusEditor(): void {
    this.panel = null;
    this.hub?.view?.focus();
  }

  // ------------------------------------------------------------ keyboard and pointer

  private tabIndexOf(index: number): string {
    // A host's layout can leave fewer buttons than the last focused position.
    return index === Math.min(this.focusIndex, this.order.length - 1) ? '0' : '-1';
  }

  private itemButton(index: number): HTMLButtonElement | null {
    const id = this.order[index];
    return id === undefined ? null : this.renderRoot.querySelector<HTMLButtonElement>(`[data-item="${CSS.escape(id)}"]`);
  }

  private itemIndex(target: EventTarget | null): number {
    const item = target instanceof HTMLElement ? target.dataset.item : undefined;
    return item ? this.order.indexOf(item) : -1;
  }

  /** Buttons keep the editor's focus and selection when pressed; only the URL field takes focus. */
  private readonly keepEditorFocus = (event: MouseEvent): void => {
    if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
  };

  private readonly onFocusIn = (event: FocusEvent): void => {
    const index = this.itemIndex(event.target);
    if (index >= 0) this.focusIndex = index;
  };

  private readonly onToolbarKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.focusEditor();
      return;
    }
    const index = this.itemIndex(event.target);
    if (index < 0) return;
    const last = this.order.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.focusIndex = next;
    this.itemButton(next)?.focus();
  };

  private readonly onBlockButtonKey = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    this.openBlockMenu(event.key === 'ArrowUp' ? 'last' : 'current');
  };
}
