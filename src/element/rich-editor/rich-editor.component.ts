import { LitElement, html, type PropertyValues } from 'lit';
import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { parseHTML, serializeHTML } from '../../core/serialize/html.js';
import { serializeJSON, type JSONNode } from '../../core/serialize/json.js';
import { lazyChangeDetail, RichEditorEvents } from '../events.js';
import { richEditorStyles } from './rich-editor.styles.js';

/**
 * `<rich-editor>`: a rich-text editor any page can embed with one tag.
 *
 * @fires rich-editor-change - after every document change; `detail.json` and `detail.html` are computed on first read
 * @fires rich-editor-focus - when the content gains focus
 * @fires rich-editor-blur - when the content loses focus
 * @csspart content - the editable content
 * @cssprop --rich-editor-text - text colour
 * @cssprop --rich-editor-background - background colour
 * @cssprop --rich-editor-font - the content font
 */
export class RichEditor extends LitElement {
  static override styles = richEditorStyles;

  static override properties = {
    value: { type: String },
    readonly: { type: Boolean, reflect: true },
    placeholder: { type: String },
  };

  /** Initial content as HTML; setting it later replaces the document (no-op when equal). */
  value = '';
  /** A read-only viewer when set. */
  readonly = false;
  /** Text shown in an empty editor. */
  placeholder = "Press '/' for commands...";

  private view: EditorView | null = null;

  /** The ProseMirror view, for hosts and plugins that need it (null until connected). */
  get editorView(): EditorView | null {
    return this.view;
  }

  override render() {
    return html`<div class="content" part="content"></div>`;
  }

  protected override firstUpdated(): void {
    this.createView();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Re-adding an element that was removed builds a fresh view.
    if (this.hasUpdated && !this.view) this.createView();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.view?.destroy();
    this.view = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!this.view) return;
    if (changed.has('readonly')) this.view.setProps({ editable: () => !this.readonly });
    if (changed.has('value') && this.value !== this.getHTML()) this.setValue(this.value);
  }

  private createView(): void {
    const mount = this.renderRoot.querySelector('.content') as HTMLElement;
    mount.replaceChildren();
    this.view = new EditorView(mount, {
      state: this.createState(parseHTML(this.value)),
      editable: () => !this.readonly,
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': this.getAttribute('aria-label') ?? 'Rich text editor' },
      dispatchTransaction: (tr) => this.dispatch(tr),
      handleDOMEvents: {
        focus: () => this.emit(RichEditorEvents.focus, undefined),
        blur: () => this.emit(RichEditorEvents.blur, undefined),
      },
    });
  }

  private createState(doc: PMNode): EditorState {
    return EditorState.create({
      doc,
      plugins: [history(), keymap({ 'Mod-z': undo, 'Shift-Mod-z': redo, 'Mod-y': redo }), keymap(baseKeymap)],
    });
  }

  private dispatch(tr: Transaction): void {
    const view = this.view;
    if (!view) return;
    view.updateState(view.state.apply(tr));
    if (tr.docChanged) {
      const doc = view.state.doc;
      this.emit(RichEditorEvents.change, lazyChangeDetail(() => serializeJSON(doc), () => serializeHTML(doc)));
    }
  }

  private emit<T>(name: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** Replaces the document with the given HTML. */
  setValue(htmlValue: string): void {
    if (!this.view) {
      this.value = htmlValue;
      return;
    }
    const doc = parseHTML(htmlValue);
    const { state } = this.view;
    this.view.dispatch(state.tr.replaceWith(0, state.doc.content.size, doc.content));
  }

  /** Empties the document. */
  clear(): void {
    this.setValue('');
  }

  /**
   * The document as HTML, leading and trailing empty paragraphs trimmed. (This
   * replaces `Element.getHTML()`, which would serialise the element's own DOM.)
   */
  override getHTML(): string {
    return this.view ? serializeHTML(this.view.state.doc) : this.value;
  }

  /** The document as ProseMirror JSON. */
  getJSON(): JSONNode {
    return serializeJSON(this.view ? this.view.state.doc : parseHTML(this.value));
  }
}
