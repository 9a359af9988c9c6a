import { LitElement, html, nothing, render, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import type { Command } from 'prosemirror-state';
import { closeSlashMenu, runSlashItem, setSlashHighlight, slashMenuKey, type SlashMenuState } from '../../core/plugins/slash-menu.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { ListboxPopupController } from '../listbox/listbox-popup.js';
import { wordsFor } from '../words.js';
import { slashMenuStyles } from './slash-menu.styles.js';

/**
 * The editor's icon set, by id (24 by 24, stroked in the text colour): the built-in
 * entries' glyphs and a few for hosts' entries (`info`, `warning`, `check`, `star`,
 * `note`, `link`, `calendar`, `user`).
 */
export const SLASH_ICONS: Readonly<Record<string, SVGTemplateResult>> = {
  text: svg`<path d="M6 5h12M12 5v14" />`,
  'heading-1': svg`<path d="M3 6v12M11 6v12M3 12h8M16 10l3-2v10" />`,
  'heading-2': svg`<path d="M3 6v12M11 6v12M3 12h8M15.5 10a2.25 2.25 0 1 1 4.1 1.3L15.5 18h4.5" />`,
  'heading-3': svg`<path d="M3 6v12M11 6v12M3 12h8M15.5 8h4.5l-2.5 3.5a2.75 2.75 0 1 1-2.4 4.6" />`,
  todo: svg`<rect x="4" y="4" width="16" height="16" rx="3" /><path d="M8.5 12.5l2.5 2.5 4.5-5.5" />`,
  'bullet-list': svg`<path d="M10 7h10M10 12h10M10 17h10" /><circle cx="5" cy="7" r="1" /><circle cx="5" cy="12" r="1" /><circle cx="5" cy="17" r="1" />`,
  'numbered-list': svg`<path d="M11 7h9M11 12h9M11 17h9M4 5h1.5v5M3.5 14.5a1.5 1.5 0 1 1 2.6 1L3.5 19h3" />`,
  table: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><path d="M4 9.5h16M4 14.5h16M9.5 4v16M14.5 4v16" />`,
  quote: svg`<path d="M5 7h5v5c0 3-2 5-5 6M14 7h5v5c0 3-2 5-5 6" />`,
  code: svg`<path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />`,
  image: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><circle cx="9" cy="9" r="1.5" /><path d="M20 15l-5-5L5 20" />`,
  divider: svg`<path d="M3 12h18M8 7h8M8 17h8" stroke-opacity="0.45" />`,
  info: svg`<circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.5" />`,
  warning: svg`<path d="M12 4 2.5 20h19z" /><path d="M12 10v4.5M12 17.5v.5" />`,
  check: svg`<circle cx="12" cy="12" r="9" /><path d="m8 12.5 2.8 2.8L16.5 9" />`,
  star: svg`<path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />`,
  note: svg`<path d="M6 3.5h9l3.5 3.5v13.5H6z" /><path d="M9 11h6M9 15h6" />`,
  link: svg`<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />`,
  calendar: svg`<rect x="4" y="5" width="16" height="15" rx="2" /><path d="M4 10h16M9 3v4M15 3v4" />`,
  user: svg`<circle cx="12" cy="8" r="4" /><path d="M4.5 20a7.5 7.5 0 0 1 15 0" />`,
};

/** Entries without a known icon get a neutral plus sign. */
const FALLBACK_ICON = svg`<path d="M12 5v14M5 12h14" />`;

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
  >${(id && Object.hasOwn(SLASH_ICONS, id) && SLASH_ICONS[id]) || FALLBACK_ICON}</svg>`;
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
            aria-selected=${index === menu.highlighted ? 'true' : 'false'}
            .label=${item.title}
            .description=${item.description}
            @pointermove=${() => this.highlight(index)}
            @click=${() => this.run(runSlashItem(index))}
            >${icon(item.icon ?? item.id)}</rich-editor-listbox-option
          >`,
      )}
    </div>`;
  }

  /**
   * Hover highlights. It listens to `pointermove`, not `mouseover`: when the arrows
   * scroll the list under a resting mouse, `mouseover` fires on whatever slid beneath
   * it and would steal the keyboard's highlight.
   */
  private highlight(index: number): void {
    if (this.menu?.highlighted !== index) this.run(setSlashHighlight(index), false);
  }

  private run(command: Command, refocus = true): void {
    const view = this.hub?.view;
    if (!view) return;
    command(view.state, view.dispatch, view);
    if (refocus && !view.hasFocus()) view.focus();
  }
}
