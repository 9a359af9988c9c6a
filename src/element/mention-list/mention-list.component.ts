import { LitElement, html, nothing, render, type PropertyValues } from 'lit';
import type { Command } from 'prosemirror-state';
import { closeMention, mentionKey, selectMention, setMentionHighlight, type MentionEntry, type MentionState } from '../../core/plugins/mention.js';
import { safeImageSrc } from '../../core/url.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { ListboxPopupController } from '../listbox/listbox-popup.js';
import { PointerMoves } from '../listbox/pointer-moves.js';
import { wordsFor } from '../words.js';
import { mentionListStyles } from './mention-list.styles.js';

/** The person's picture when the host gave a web address, else their initial (both decorative: the label names the option). */
function avatar(item: MentionEntry) {
  const src = safeImageSrc(item.avatar);
  if (src) return html`<img slot="icon" class="avatar" src=${src} alt="" width="24" height="24" loading="lazy" />`;
  const initial = Array.from(item.label.trim())[0]?.toUpperCase() ?? '?';
  return html`<span slot="icon" class="avatar" aria-hidden="true">${initial}</span>`;
}

/** Keeps focus (and so the open list) in the editor when the list is pressed. */
function keepFocus(event: Event): void {
  event.preventDefault();
}

/**
 * `<rich-editor-mention-list>`: renders the core mention picker (`mentionKey`) under
 * the typed `@query`: "Loading..." while the host's answer is awaited, "No results"
 * when it found nobody, otherwise the people with their avatars (and a quieter second
 * line when the host gave a description). The core handles the
 * keys while the editor has focus; this piece follows the mouse and inserts a clicked
 * person with the core's `selectMention`.
 *
 * Accessibility: as in the slash menu, the `role="listbox"` and its options live in this
 * element's light DOM (the editor's shadow tree), so the content's `aria-activedescendant`
 * names the highlighted person; "Loading..." and "No results" are spoken from a status region.
 * The listbox takes `tabindex="-1"` for the same reasons as the slash menu's.
 *
 * @csspart mention-list - the popup surface
 * @cssprop --rich-editor-surface - the popup background
 * @cssprop --rich-editor-surface-hover - the highlighted person's background
 * @cssprop --rich-editor-border - the popup border
 * @cssprop --rich-editor-muted - the loading and empty messages
 * @cssprop --rich-editor-mention-background - the initial's background when there is no avatar
 * @cssprop --rich-editor-mention-text - the initial's colour
 */
export class RichEditorMentionList extends LitElement {
  static override styles = mentionListStyles;

  static override properties = {
    hub: { attribute: false },
  };

  /** The editor this list belongs to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;

  private readonly editor = new EditorStateController(this);
  private readonly listbox = new ListboxPopupController(this, { idPrefix: 'rich-editor-mention-list', close: closeMention });
  private readonly pointer = new PointerMoves();
  private picker: MentionState | null = null;

  /** The picker as the editor holds it now (null without an editable view). */
  private current(): MentionState | null {
    const view = this.hub?.view;
    return view && view.editable ? (mentionKey.getState(view.state) ?? null) : null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // The controller asks for a render on every editor update; only a new picker state (plugin state is immutable) changes anything.
    return changed.size > 0 || this.current() !== this.picker;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub') && this.isConnected) this.editor.reconnect();
    this.picker = this.current();
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    render(this.renderListbox(), this, { host: this });
  }

  protected override updated(): void {
    const picker = this.picker;
    const popup = this.renderRoot.querySelector<HTMLElement>('.popup');
    this.listbox.sync(this.hub?.view ?? null, picker?.open ? { ...picker, count: picker.items.length } : null, popup);
  }

  override render() {
    const picker = this.picker;
    if (!picker?.open) return nothing;
    const words = wordsFor(this.hub);
    const status = picker.loading ? words['mention.loading'] : picker.items.length ? '' : words['mention.empty'];
    return html`<div class="popup" part="mention-list" @mousedown=${keepFocus}>
      <div class="status" role="status">${status}</div>
      <slot></slot>
    </div>`;
  }

  /** The listbox, in the light DOM so the editor content can reference its options by id. */
  private renderListbox() {
    const picker = this.picker;
    if (!picker?.open || !picker.items.length) return nothing;
    return html`<div role="listbox" id=${this.listbox.listboxId} aria-label=${wordsFor(this.hub)['mention.label']} tabindex="-1">
      ${picker.items.map(
        (item, index) =>
          html`<rich-editor-listbox-option
            role="option"
            id=${this.listbox.optionId(index)}
            aria-selected=${index === picker.highlighted ? 'true' : 'false'}
            .label=${item.label}
            .description=${item.description ?? ''}
            @pointermove=${(event: PointerEvent) => this.highlight(index, event)}
            @click=${() => this.run(selectMention(index))}
            >${avatar(item)}</rich-editor-listbox-option
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
    if (this.picker?.highlighted !== index) this.run(setMentionHighlight(index), false);
  }

  private run(command: Command, refocus = true): void {
    const view = this.hub?.view;
    if (!view) return;
    command(view.state, view.dispatch, view);
    if (refocus && !view.hasFocus()) view.focus();
  }
}
