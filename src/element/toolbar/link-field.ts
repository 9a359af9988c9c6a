import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { REMOVE_ICON, icon } from './toolbar-items.js';

/** The id of the link panel (unique within the toolbar's shadow root). */
export const LINK_PANEL_ID = 'link-panel';

/** What the link field asks of the toolbar. */
export interface LinkFieldHost {
  /** Links the selection to `value`; false (nothing changed) when core refuses the URL. */
  apply(value: string): boolean;
  /** Removes the link under the selection. */
  remove(): void;
  /** The field's state changed: render again. */
  changed(): void;
  /** The words for the field's name and the remove action. */
  words(): { url: string; remove: string };
}

/**
 * The toolbar's link field (spec 5: "The toolbar link input accepts only a valid URL;
 * an invalid or empty value is ignored and the input stays open. Enter applies the
 * link."). A refused value marks the field `aria-invalid` until it is edited; the
 * spec allows no error text in the editor besides the upload alerts.
 */
export class LinkField {
  private value = '';
  private invalid = false;

  constructor(private readonly link: LinkFieldHost) {}

  /** Starts over with the selection's current address (empty outside a link). */
  reset(href: string): void {
    this.value = href;
    this.invalid = false;
    this.link.changed();
  }

  /** The field, and a remove action when the selection is in a link. */
  render(hasLink: boolean) {
    const words = this.link.words();
    return html`<div class="panel link-panel" id=${LINK_PANEL_ID}>
      <input
        class="link-input"
        type="url"
        aria-label=${words.url}
        placeholder="https://"
        autocomplete="off"
        spellcheck="false"
        aria-invalid=${this.invalid ? 'true' : 'false'}
        .value=${live(this.value)}
        @input=${this.onInput}
        @keydown=${this.onKey}
      />
      ${hasLink ? html`<button type="button" class="remove" @click=${() => this.link.remove()}>${icon(REMOVE_ICON)}${words.remove}</button>` : nothing}
    </div>`;
  }

  private readonly onInput = (event: Event): void => {
    this.value = (event.target as HTMLInputElement).value;
    if (this.invalid) {
      this.invalid = false;
      this.link.changed();
    }
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    this.value = (event.target as HTMLInputElement).value;
    if (!this.link.apply(this.value)) {
      this.invalid = true;
      this.link.changed();
    }
  };
}
