import { LitElement, html, nothing } from 'lit';
import { listboxOptionStyles } from './listbox-option.styles.js';

/**
 * One option of the slash menu or the mention list. The menus render it in their
 * light DOM with `role="option"`, an `id` and `aria-selected`, so the options share a
 * tree with the editor's content and its `aria-activedescendant` can point at them; the
 * option draws its label and description in its own shadow root, which also gives it
 * its accessible name (name from content).
 *
 * @slot icon - an icon or avatar before the text (decorative: give it `aria-hidden` or `alt=""`)
 */
export class RichEditorListboxOption extends LitElement {
  static override styles = listboxOptionStyles;

  static override properties = {
    label: { type: String },
    description: { type: String },
  };

  /** The option's main text. */
  label = '';
  /** A second, quieter line under the label (none when empty). */
  description = '';

  override render() {
    return html`<slot name="icon"></slot>
      <span class="text">
        <span class="label">${this.label}</span>
        ${this.description ? html`<span class="description">${this.description}</span>` : nothing}
      </span>`;
  }
}
