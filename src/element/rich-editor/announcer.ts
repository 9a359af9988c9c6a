import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { EditorState, Transaction } from 'prosemirror-state';
import { announcementOf } from '../../core/announce.js';

/**
 * The element's polite live region: it says what the user's edit did where the edit shows it
 * only visually ("Bold on" after Mod-B or the toolbar's Bold, "Bold off" when it is undone,
 * "Block moved up"), from the words a command put on its transaction or the marks a change
 * turned on or off (core/announce.ts). The region is there from the first
 * render (a region added with its text is not read), hidden from sight, and emptied by the
 * next change to the text, so reading the page later does not come upon stale words.
 */
export class Announcer {
  private said = '';
  /** Flips at each announcement: the same words twice in a row differ by a no-break space, so they are read again. */
  private again = false;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** Takes what a transaction the view applied to `before` says, if anything. */
  take(tr: Transaction, before: EditorState): void {
    const text = announcementOf(tr, before);
    if (text) {
      this.again = !this.again;
      this.said = this.again ? text : `${text}\u00a0`;
    } else if (this.said && tr.docChanged) {
      this.said = '';
    } else return;
    this.host.requestUpdate();
  }

  /** The live region. */
  region(): TemplateResult {
    return html`<div class="announcer" role="status">${this.said}</div>`;
  }
}
