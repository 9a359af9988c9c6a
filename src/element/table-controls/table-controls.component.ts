import { computePosition, offset, shift, type Placement, type VirtualElement } from '@floating-ui/dom';
import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import type { EditorState } from 'prosemirror-state';
import { cellAround } from 'prosemirror-tables';
import type { EditorView } from 'prosemirror-view';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { PopupController, dismissOn, follow } from '../popup.js';
import { wordsFor } from '../words.js';
import { TABLE_MENU_ID, moveInMenu, menuItems, tableMenuTemplate } from './table-menu-view.js';
import { cellContext, cellPosOf, entryStates, runEntry, tableMenu, type TableAxis, type TableMenuEntry } from './table-menu.js';
import { TABLE_HANDLE_THICKNESS, tableControlsStyles } from './table-controls.styles.js';

/**
 * The hovered cell's DOM. Its row and table are looked up from it whenever they are measured:
 * ProseMirror draws a row or table whose attributes change (a row colour, a header row) as a
 * new element and moves the cells into it, so an element held from before is no longer shown.
 */
interface HoveredCell {
  readonly cell: HTMLElement;
}

/** The open menu: which handle, and the cell it was opened for. */
interface OpenMenu {
  readonly axis: TableAxis;
  readonly cellPos: number;
}

function rect(left: number, top: number, width: number, height: number): DOMRect {
  return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}

const GRIP_ROW = svg`<circle cx="4" cy="3" r="1.25" /><circle cx="8" cy="3" r="1.25" /><circle cx="4" cy="8" r="1.25" /><circle cx="8" cy="8" r="1.25" /><circle cx="4" cy="13" r="1.25" /><circle cx="8" cy="13" r="1.25" />`;
const GRIP_COLUMN = svg`<circle cx="3" cy="4" r="1.25" /><circle cx="3" cy="8" r="1.25" /><circle cx="8" cy="4" r="1.25" /><circle cx="8" cy="8" r="1.25" /><circle cx="13" cy="4" r="1.25" /><circle cx="13" cy="8" r="1.25" />`;

/**
 * `<rich-editor-table-controls>`: the row and column handles of the hovered table cell
 * (spec: "Hover controls show the row and column handles for the hovered cell only").
 * The row handle straddles the left edge of the cell's row, the column handle the top
 * edge of the table above the cell's column. Each is a menu button: its menu runs the
 * core table commands on that row or column (insert, delete, header, palette colour)
 * or deletes the table. Column resizing is prosemirror-tables' own, in core.
 *
 * Keyboard: Alt+F10 with the caret in a cell (and no selection toolbar to take it) shows
 * that cell's handles and focuses the row handle; Left and Right Arrow move between the two,
 * Escape returns to the text. A focused handle opens its menu with Enter, Space or the arrows;
 * the arrows, Home and End move through the items, Enter or Space runs one, Escape closes
 * the menu and returns focus to the handle.
 *
 * @csspart table-controls - each of the two handles (also `row-handle` / `column-handle`, not exported by `<rich-editor>`)
 * @csspart table-menu - the open row or column menu
 * @cssprop --rich-editor-surface - handle and menu background
 * @cssprop --rich-editor-surface-hover - hovered and focused items
 * @cssprop --rich-editor-border - handle and menu borders
 * @cssprop --rich-editor-accent - focus rings
 * @cssprop --rich-editor-danger - destructive items
 */
export class RichEditorTableControls extends LitElement {
  static override styles = tableControlsStyles;

  static override properties = {
    hub: { attribute: false },
    hover: { state: true },
    menu: { state: true },
    editable: { state: true },
  };

  /** The editor these controls belong to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;

  private hover: HoveredCell | null = null;
  private menu: OpenMenu | null = null;
  private editable = false;
  private readonly editor = new EditorStateController(this, (view, previous) => this.editorUpdated(view, previous));
  private readonly rowMenuPopup = new PopupController(this, { placement: 'right-start', gap: 6, fitHeight: true });
  private readonly columnMenuPopup = new PopupController(this, { placement: 'bottom-start', gap: 6, fitHeight: true });
  private bound: { view: EditorView; unbind: () => void } | null = null;
  private following: { hover: HoveredCell; stop: () => void } | null = null;
  private stopDismiss: (() => void) | null = null;
  private focusOnOpen: 'first' | 'last' | null = null;
  /** Whether the handles were last reached by keys (Alt+F10, keys on a handle or in its menu) rather than a click. */
  private keyboardLed = false;

  override connectedCallback(): void {
    super.connectedCallback();
    // The element may have attached its view before these controls subscribed.
    const view = this.hub?.view;
    if (view) this.editorUpdated(view, null);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.bind(null);
    this.stopFollowing();
    this.stopDismiss?.();
    this.stopDismiss = null;
    this.hover = null;
    this.menu = null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // Every editor update asks for a render; only an open menu shows editor state (checked colours, enabled items).
    return changed.size > 0 || this.menu !== null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub') && this.isConnected) {
      this.editor.reconnect();
      const view = this.hub?.view ?? null;
      if (view) this.editorUpdated(view, null);
      else this.bind(null);
    }
  }

  override render() {
    const hover = this.hover;
    if (!this.editable || !hover) return nothing;
    const open = this.menu?.axis ?? null;
    return html`${this.handleTemplate('row', open === 'row')}${this.handleTemplate('column', open === 'column')}${this.menuTemplate()}`;
  }

  private handleTemplate(axis: TableAxis, expanded: boolean) {
    return html`<button
      type="button"
      class="handle ${axis}"
      part="table-controls ${axis}-handle"
      data-axis=${axis}
      aria-label=${wordsFor(this.hub)[axis === 'row' ? 'table.rowOptions' : 'table.columnOptions']}
      aria-haspopup="menu"
      aria-expanded=${expanded ? 'true' : 'false'}
      aria-controls=${expanded ? TABLE_MENU_ID : nothing}
      @click=${() => this.toggleMenu(axis, 'first')}
      @keydown=${(event: KeyboardEvent) => this.onHandleKey(axis, event)}
      @pointerdown=${() => (this.keyboardLed = false)}
      @mouseleave=${this.onControlsLeave}
    >
      <svg viewBox=${axis === 'row' ? '0 0 12 16' : '0 0 16 12'} aria-hidden="true" focusable="false">${axis === 'row' ? GRIP_ROW : GRIP_COLUMN}</svg>
    </button>`;
  }

  private menuTemplate() {
    const view = this.hub?.view;
    const menu = this.menu;
    if (!view || !menu) return nothing;
    const model = tableMenu(menu.axis, wordsFor(this.hub));
    const states = entryStates(view.state, menu.cellPos, menu.axis, [...model.actions, ...model.colours, ...model.end]);
    return tableMenuTemplate({
      model,
      states,
      activate: (entry) => this.activate(entry),
      onKeyDown: (event) => this.onMenuKey(event),
    });
  }

  protected override updated(): void {
    this.followHover();
    const menuEl = this.renderRoot.querySelector<HTMLElement>(`#${TABLE_MENU_ID}`);
    const menu = this.menu;
    const anchor = menu ? this.handleButton(menu.axis) : null;
    if (!menu || !menuEl || !anchor) {
      this.rowMenuPopup.hide();
      this.columnMenuPopup.hide();
      return;
    }
    const popup = menu.axis === 'row' ? this.rowMenuPopup : this.columnMenuPopup;
    if (menuEl.dataset.anchoredTo !== menu.axis) {
      (menu.axis === 'row' ? this.columnMenuPopup : this.rowMenuPopup).hide();
      popup.show(anchor, menuEl);
      menuEl.dataset.anchoredTo = menu.axis;
    }
    if (this.focusOnOpen) {
      const items = menuItems(menuEl);
      items[this.focusOnOpen === 'first' ? 0 : items.length - 1]?.focus();
      this.focusOnOpen = null;
    }
  }

  private handleButton(axis: TableAxis): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.handle[data-axis="${axis}"]`);
  }

  // ------------------------------------------------------------ editor and hover

  private editorUpdated(view: EditorView, _previous: EditorState | null): void {
    this.bind(view);
    this.editable = view.editable;
    const hover = this.hover;
    // The hovered cell went away (a row or the table deleted, the document replaced).
    if (hover && !view.dom.contains(hover.cell)) {
      this.closeMenu(false);
      this.hover = null;
    } else if (this.menu && !cellContext(view.state.doc, this.menu.cellPos)) {
      this.closeMenu(false);
    }
  }

  private bind(view: EditorView | null): void {
    if (this.bound?.view === view) return;
    this.bound?.unbind();
    this.bound = null;
    if (!view) return;
    const dom = view.dom;
    const onMove = (event: MouseEvent) => this.onContentMove(view, event);
    // Heard as it leaves the content: the selection toolbar's Alt+F10 (text selected) goes first.
    const root = view.root;
    const onKey = (event: Event) => this.onContentKey(view, event as KeyboardEvent);
    const onLeave = (event: MouseEvent) => {
      const to = event.relatedTarget as Node | null;
      // Onto a handle: the content sees this element's host as the related target.
      if (to && (to === this || this.contains(to))) return;
      if (!this.held()) this.hover = null;
    };
    dom.addEventListener('mousemove', onMove);
    dom.addEventListener('mouseleave', onLeave);
    root.addEventListener('keydown', onKey);
    this.bound = {
      view,
      unbind: () => {
        dom.removeEventListener('mousemove', onMove);
        dom.removeEventListener('mouseleave', onLeave);
        root.removeEventListener('keydown', onKey);
      },
    };
  }

  /** Alt+F10 in a table cell: its handles, the row handle focused. */
  private onContentKey(view: EditorView, event: KeyboardEvent): void {
    if (event.defaultPrevented || event.key !== 'F10' || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!view.editable || !view.dom.contains(event.target as Node)) return;
    const $cell = cellAround(view.state.selection.$from);
    const cell = $cell ? view.nodeDOM($cell.pos) : null;
    if (!(cell instanceof HTMLElement)) return;
    event.preventDefault();
    this.closeMenu(false);
    this.hover = { cell };
    this.keyboardLed = true;
    void this.updateComplete.then(() => this.handleButton('row')?.focus());
  }

  /**
   * Whether the handles stay on their cell whatever the mouse does: an open menu must not run
   * away from its handle, nor a handle from the keyboard user on it (a pointer resting on the
   * page meets other cells, or leaves the content, as the layout moves beneath it). A handle
   * focused by a click lets the mouse lead.
   */
  private held(): boolean {
    const focused = (this.renderRoot as ShadowRoot).activeElement;
    return this.menu !== null || (this.keyboardLed && !!focused?.classList.contains('handle'));
  }

  private onContentMove(view: EditorView, event: MouseEvent): void {
    if (this.held() || !view.editable) return;
    const target = event.target instanceof Element ? event.target : null;
    const cell = target?.closest<HTMLElement>('td, th') ?? null;
    if (!cell || !cell.closest('table') || !view.dom.contains(cell)) {
      this.hover = null;
      return;
    }
    if (this.hover?.cell !== cell) this.hover = { cell };
  }

  private readonly onControlsLeave = (event: MouseEvent): void => {
    const to = event.relatedTarget as Node | null;
    const view = this.hub?.view;
    // Back into the content (its mousemove decides) or onto the other handle: keep them.
    if (this.held() || (to && (view?.dom.contains(to) || this.renderRoot.contains(to)))) return;
    this.hover = null;
  };

  /** Keeps the two handles on the hovered cell's row and column while it is shown (scroll, resize, typing). */
  private followHover(): void {
    const hover = this.hover;
    if (this.following?.hover === hover) return;
    this.stopFollowing();
    const rowHandle = this.handleButton('row');
    const columnHandle = this.handleButton('column');
    if (!hover || !rowHandle || !columnHandle) return;
    const { cell } = hover;
    const tableOf = () => cell.closest<HTMLElement>('table') ?? cell;
    const rowRef: VirtualElement = {
      getBoundingClientRect: () => {
        const r = (cell.parentElement ?? cell).getBoundingClientRect();
        // The row handle sits on the visible left edge (a wide table scrolls inside its wrapper).
        const table = tableOf();
        const left = Math.max(table.getBoundingClientRect().left, (table.parentElement ?? table).getBoundingClientRect().left);
        return rect(left, r.top, 0, r.height);
      },
      contextElement: cell,
    };
    const columnRef: VirtualElement = {
      getBoundingClientRect: () => {
        const c = cell.getBoundingClientRect();
        return rect(c.left, tableOf().getBoundingClientRect().top, c.width, 0);
      },
      contextElement: cell,
    };
    const stops = [this.place(rowRef, rowHandle, 'left'), this.place(columnRef, columnHandle, 'top')];
    this.following = { hover, stop: () => stops.forEach((stop) => stop()) };
  }

  private place(reference: VirtualElement, handle: HTMLElement, placement: Placement): () => void {
    const update = () =>
      void computePosition(reference, handle, {
        strategy: 'fixed',
        placement,
        // Straddle the edge: half the handle over the table, so the mouse reaches it without leaving the cell.
        middleware: [offset(-TABLE_HANDLE_THICKNESS / 2), shift({ padding: 0 })],
      }).then(({ x, y }) => {
        handle.style.left = `${x}px`;
        handle.style.top = `${y}px`;
      });
    return follow(reference, handle, update);
  }

  private stopFollowing(): void {
    this.following?.stop();
    this.following = null;
  }

  // ------------------------------------------------------------ menus

  private cellPos(): number | null {
    const view = this.hub?.view;
    return view && this.hover ? cellPosOf(view, this.hover.cell) : null;
  }

  private toggleMenu(axis: TableAxis, focus: 'first' | 'last'): void {
    if (this.menu?.axis === axis) {
      this.closeMenu(true);
      return;
    }
    this.openMenu(axis, focus);
  }

  private openMenu(axis: TableAxis, focus: 'first' | 'last'): void {
    const cellPos = this.cellPos();
    if (cellPos === null) return;
    this.menu = { axis, cellPos };
    this.focusOnOpen = focus;
    this.stopDismiss ??= dismissOn(
      () => [this],
      () => this.closeMenu(true),
    );
  }

  /** Closes the menu; focus goes back to its handle when it was in the menu (or `refocus` says so). */
  private closeMenu(refocus: boolean): void {
    const menu = this.menu;
    this.stopDismiss?.();
    this.stopDismiss = null;
    if (!menu) return;
    const root = this.renderRoot as ShadowRoot;
    const focusInMenu = !!root.activeElement?.closest(`#${TABLE_MENU_ID}`);
    this.menu = null;
    this.focusOnOpen = null;
    if (refocus && focusInMenu) this.handleButton(menu.axis)?.focus();
  }

  private onHandleKey(axis: TableAxis, event: KeyboardEvent): void {
    this.keyboardLed = true;
    // Enter and Space click the button themselves; the arrows open the menu at either end.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (this.menu?.axis !== axis) this.openMenu(axis, event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // The two handles are one group, as a toolbar's buttons are.
      event.preventDefault();
      this.handleButton(axis === 'row' ? 'column' : 'row')?.focus();
    } else if (event.key === 'Escape' && !this.menu) {
      event.preventDefault();
      this.hover = null;
      this.hub?.view?.focus();
    }
  }

  private onMenuKey(event: KeyboardEvent): void {
    this.keyboardLed = true;
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      this.closeMenu(true);
      return;
    }
    const menuEl = this.renderRoot.querySelector(`#${TABLE_MENU_ID}`);
    if (moveInMenu(menuEl, event)) event.preventDefault();
  }

  private activate(entry: TableMenuEntry): void {
    const view = this.hub?.view;
    const menu = this.menu;
    if (!view || !menu) return;
    this.closeMenu(false);
    runEntry(view, menu.cellPos, menu.axis, entry);
    view.focus();
  }
}
