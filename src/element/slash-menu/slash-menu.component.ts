import { LitElement, html, nothing, render, type PropertyValues } from 'lit';
import type { Command } from 'prosemirror-state';
import { closeSlashMenu, runSlashItem, setSlashHighlight, slashMenuKey, type SlashMenuState } from '../../core/plugins/slash-menu.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { ListboxPopupController } from '../listbox/listbox-popup.js';
import { PointerMoves } from '../listbox/pointer-moves.js';
import { iconById } from '../icons.js';
import { wordsFor } from '../words.js';
import { slashMenuStyles } from './slash-menu.styles.js';

function icon(id: string | undefined) {
  return html`<svg
    slot="icon"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >${iconById(id)}</svg>`;
}

/** Keeps focus (and so the open menu) in the editor when the menu is pressed. */
function keepFocus(event: Event): void {
  event.preventDefault();
}

/**
 * `<rich-editor-slash-menu>`: renders the core slash menu (`slashMenuKey`) under the
 * typed `/query`. The core handles the keys while the editor has focus (arrows with
 * wrap-around, Enter, Escape); this piece draws the entries, follows the mouse and
 * runs a clicked entry with the core's commands.
 *
 * Accessibility: the `role="listbox"` and its options are rendered in this element's
 * light DOM, the editor's shadow tree, so the content's `aria-controls` and
 * `aria-activedescendant` resolve and a screen reader announces the highlighted entry
 * (title and description) while focus stays in the text. A filter that matches
 * nothing shows a quiet "No matching commands" in a status region instead of a listbox.
 * The listbox takes `tabindex="-1"`: focusable, as ARIA's listbox widget is, yet out of
 * the Tab order, because focus must stay in the editor (leaving it closes the menu) and
 * the keyboard route through the list is the editor's arrows; it also tells checkers
 * such as axe that the scrolling surface has keyboard-reachable content.
 *
 * @csspart slash-menu - the popup surface
 * @cssprop --rich-editor-surface - the popup background
 * @cssprop --rich-editor-surface-hover - the highlighted entry's background
 * @cssprop --rich-editor-border - the popup border and icon frames
 * @cssprop --rich-editor-muted - descriptions and the empty message
 * @cssprop --rich-editor-accent - the highlighted entry's edge
 */
export class RichEditorSlashMenu extends LitElement {
  static override styles = slashMenuStyles;

  static override properties = {
    hub: { attribute: false },
  };

  /** The editor this menu belongs to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;

  private readonly editor = new EditorStateController(this);
  private readonly listbox = new ListboxPopupController(this, { idPrefix: 'rich-editor-slash-menu', close: closeSlashMenu });
  private readonly pointer = new PointerMoves();
  private menu: SlashMenuState | null = null;

  /** The menu as the editor holds it now (null without an editable view). */
  private current(): SlashMenuState | null {
    const view = this.hub?.view;
    return view && view.editable ? (slashMenuKey.getState(view.state) ?? null) : null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // The controller asks for a render on every editor update; only a new menu state (plugin state is immutable) changes anything.
    return changed.size > 0 || this.current() !== this.menu;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub') && this.isConnected) this.editor.reconnect();
    this.menu = this.current();
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    render(this.renderListbox(), this, { host: this });
  }

  protected override updated(): void {
    const menu = this.menu;
    const popup = this.renderRoot.querySelector<HTMLElement>('.popup');
    this.listbox.sync(this.hub?.view ?? null, menu?.open ? { ...menu, count: menu.items.length } : null, popup);
  }

  override render() {
    const menu = this.menu;
    if (!menu?.open) return nothing;
    return html`<div class="popup" part="slash-menu" @mousedown=${keepFocus}>
      <slot></slot>
      <div class="status" role="status">${menu.items.length ? '' : wordsFor(this.hub)['slash.empty']}</div>
    </div>`;
  }

  /** The listbox, in the light DOM so the editor content can reference its options by id. */
  private renderListbox() {
    const menu = this.menu;
    if (!menu?.open || !menu.items.length) return nothing;
    return html`<div role="listbox" id=${this.listbox.listboxId} aria-label=${wordsFor(this.hub)['slash.label']} tabindex="-1">
      ${menu.items.map(
        (item, index) =>
          html`<rich-editor-listbox-option
            role="option"
            id=${this.listbox.optionId(index)}
            data-id=${item.id ?? nothing}
            aria-selected=${index === menu.highlighted ? 'true' : 'false'}
            .label=${item.title}
            .description=${item.description}
            @pointermove=${(event: PointerEvent) => this.highlight(index, event)}
            @click=${() => this.run(runSlashItem(index))}
            >${icon(item.icon ?? item.id)}</rich-editor-listbox-option
          >`,
      )}
    </div>`;
  }

  /**
   * Hover highlights. It listens to `pointermove`, not `mouseover`: when the arrows
   * scroll the list under a resting mouse, `mouseover` fires on whatever slid beneath
   * it and would steal the keyboard's highlight (and WebKit fires `pointermove` too,
   * which `pointer` tells from a real move).
   */
  private highlight(index: number, event: PointerEvent): void {
    if (!this.pointer.moved(event)) return;
    if (this.menu?.highlighted !== index) this.run(setSlashHighlight(index), false);
  }

  private run(command: Command, refocus = true): void {
    const view = this.hub?.view;
    if (!view) return;
    command(view.state, view.dispatch, view);
    if (refocus && !view.hasFocus()) view.focus();
  }
}
