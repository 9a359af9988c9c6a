import { LitElement, html, nothing, unsafeCSS, type PropertyDeclarations, type PropertyValues } from 'lit';
import { Configuration } from './configuration.js';
import { blockViewStyles } from '../node-views/block-views.styles.js';
import { tableEditingStyles } from '../table-editing.styles.js';
import { gapCursorStyles } from '../gap-cursor.styles.js';
import { EditorDocument } from './editor-document.js';
import { Uploads } from './uploads.js';
import { Announcer } from './announcer.js';
import { FormControl } from './form-control.js';
import { EditorSettings } from './editor-settings.js';
import { pressBelowContent } from './open-end.js';
import { CollaborationController, type Collaboration } from './collaboration.js';
import { loadScrolling, OnDemandPieces } from './on-demand.js';
import type { EditorView } from 'prosemirror-view';
import { schemaStyles } from '../../core/extensions/collect.js';
import type { EditorCommands, ExtensionInput } from '../../core/extensions/types.js';
import type { Menus } from '../../core/menus.js';
import { focusAt, insertAtSavedSelection, type FocusPosition } from '../../core/operations.js';
import { MAX_IMAGE_FILE_SIZE } from '../../core/plugins/image-limit.js';
import { headingEntry } from '../../core/plugins/toc.js';
import { schema } from '../../core/schema/index.js';
import { serializeJSON, type JSONNode } from '../../core/serialize/json.js';
import { serializeMarkdown } from '../../core/serialize/markdown.js';
import { wordsWith } from '../../core/strings.js';
import { EditorHub } from '../editor-controller.js';
import { nodeViewStyles } from '../node-views/index.js';
import { richEditorStyles, themeStyles } from './rich-editor.styles.js';

/**
 * The CSS of what the parts a loading document asks for draw (the block views' controls and
 * syntax colours, table editing's handles and cell selection, the gap cursor): among the
 * element's own styles from the start, though the parts come later, so that their arrival
 * changes none of its sheets (block-views.styles.ts). Server-rendered markup holds none of what
 * they draw, so server-render.ts leaves them out.
 */
export const ARRIVING_PART_STYLES = [blockViewStyles, tableEditingStyles, gapCursorStyles];

/**
 * `<rich-editor>`: a rich-text editor any page can embed with one tag.
 *
 * A native form control: inside a `<form>` it submits its HTML under `name`, is checked
 * for `required` and the host's own error (`setCustomValidity()`), can be `disabled` (or by
 * a disabled `<fieldset>`), resets with its form to `defaultValue` and is restored with the
 * page; `focus()` focuses its content.
 *
 * Keyboard: Tab indents lists and code and moves between table cells, and never moves
 * focus out of an editable editor on its own; Escape, then Tab (or Shift+Tab) within two
 * seconds, moves focus on as the browser would.
 *
 * @tagname rich-editor
 * @fires rich-editor-change - after every document change; `detail.json` and `detail.html` are computed on first read
 * @fires rich-editor-focus - when the content gains focus
 * @fires rich-editor-blur - when the content loses focus
 * @fires rich-editor-mention-click - cancelable; by default the page goes to the mention's `redirect_uri` when it is on the page's own origin (never to another site)
 * @fires rich-editor-upload-error - an image could not be uploaded; `detail.message` is the spec's text
 * @fires rich-editor-collab-status - how a shared document stands: `detail.status` (connecting, synced, offline, unauthorized, incompatible), `detail.unsent`, `detail.readOnly`, `detail.reason`
 * @fires input - native-like (bubbles, composed): once per change the user makes to the document, not for changes the host makes (`value`, `setValue`, `clear`, form reset)
 * @fires change - native-like (bubbles): when focus leaves the element after the user changed the document, once
 * @csspart editor - the wrapper of the content and its UI
 * @csspart content - the editable content
 * @csspart alert - the inline upload error
 * @csspart toolbar - the formatting toolbar
 * @csspart slash-menu - the slash-command menu
 * @csspart mention-list - the mention suggestions
 * @csspart drag-handle - the block drag handle
 * @csspart table-controls - the row and column handles of tables
 * @csspart table-menu - the menus of the table handles
 * @csspart collab-notice - the status line while a shared document cannot be edited yet or here (collaboration)
 * @cssprop --rich-editor-background - background colour
 * @cssprop --rich-editor-text - text colour
 * @cssprop --rich-editor-muted - placeholder and secondary text colour
 * @cssprop --rich-editor-border - borders of tables, menus and the toolbar
 * @cssprop --rich-editor-accent - focus rings and highlights
 * @cssprop --rich-editor-link - link colour
 * @cssprop --rich-editor-surface - menus and toolbar background
 * @cssprop --rich-editor-surface-hover - hovered and highlighted menu entries and buttons
 * @cssprop --rich-editor-code-background - code background
 * @cssprop --rich-editor-quote - the bar beside quotes
 * @cssprop --rich-editor-mention-background - mention background
 * @cssprop --rich-editor-mention-text - mention text colour
 * @cssprop --rich-editor-mention-highlight - highlighted mention background (yellow by default)
 * @cssprop --rich-editor-selection - selected text, cells and blocks
 * @cssprop --rich-editor-cell-text - text colour on a coloured table cell (dark, as the palette's backgrounds are light in both themes)
 * @cssprop --rich-editor-cell-link - link colour on a coloured table cell
 * @cssprop --rich-editor-danger - errors and destructive menu items
 * @cssprop --rich-editor-shadow - the shadow of menus and the toolbar
 * @cssprop --rich-editor-font-family - the content font's family (`Georgia, serif`); system-ui by default
 * @cssprop --rich-editor-font-size - the content font's size (16px by default)
 * @cssprop --rich-editor-font - a `font` shorthand for the content font, size and family together with an optional line height (`15px/1.5 Georgia, serif`); when set it wins over the two above, and a value that is not a whole shorthand (a family alone) is ignored by the browser
 * @cssprop --rich-editor-code-font - the code font
 * @cssprop --rich-editor-radius - corner radius
 * @cssprop --rich-editor-disabled-opacity - the opacity of a disabled editor (0.55)
 * @cssprop --rich-editor-code-keyword - syntax colour of keywords
 * @cssprop --rich-editor-code-string - syntax colour of strings
 * @cssprop --rich-editor-code-number - syntax colour of numbers
 * @cssprop --rich-editor-code-comment - syntax colour of comments
 * @cssprop --rich-editor-code-title - syntax colour of function and class names
 * @cssprop --rich-editor-code-type - syntax colour of types
 * @cssprop --rich-editor-code-attr - syntax colour of attributes
 */
export class RichEditor extends EditorSettings {
  // The built-in nodes' CSS comes from their definitions (src/core/blocks), shared by every editor; an extension's is added per editor.
  static override styles = [themeStyles, richEditorStyles, unsafeCSS(schemaStyles(schema)), nodeViewStyles, ...ARRIVING_PART_STYLES];

  /** `focus()`, a label's click and Tab reach the editable content. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override properties: PropertyDeclarations = {
    readonly: { type: Boolean, reflect: true },
    required: { type: Boolean, reflect: true },
    // The attribute itself, as a native control's: the browser's `formDisabledCallback` follows at once.
    disabled: { type: Boolean, noAccessor: true },
    formDisabled: { state: true, attribute: false },
    placeholder: { type: String },
    theme: { type: String, reflect: true },
    dragDrop: { type: Boolean, attribute: 'drag-drop', reflect: true },
    name: { type: String, reflect: true },
    extensions: { attribute: false },
    menus: { attribute: false },
    maxImageSize: { type: Number, attribute: 'max-image-size' },
    imageTypes: { attribute: false },
    imageWidth: { type: String, attribute: 'image-width' },
    collaboration: { attribute: false },
  };

  /**
   * The content as HTML, as `getHTML()` gives it (computed when read, once per document
   * version). Setting it replaces the document (refused while an image uploads); setting
   * the value it was last given does nothing, so a framework that sets the same starting
   * value on every render keeps the user's typing (`setValue()` always replaces). The
   * `value` attribute is the default value (`defaultValue`), which a form reset restores.
   */
  get value(): string {
    return this.getHTML();
  }

  // `value` is not one of Lit's properties: Lit reads every property at the first update,
  // and reading this one serialises the document. Its attribute is handled here.
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'value', 'aria-label'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'value') this.doc.assignDefault(value ?? '');
    // The editable inside carries the name.
    else if (name === 'aria-label') this.doc.refreshAttributes();
    else super.attributeChangedCallback(name, old, value);
  }

  set value(html: string) {
    this.doc.assign(html);
  }

  /**
   * The value a form reset returns to, as an `<input>`'s: the `value` attribute, or without
   * one the value the editor first rendered. Setting it sets the attribute; the content
   * follows while it has not been changed since it started or was reset (by the user, or
   * through `value`, `setValue()` or `clear()`), so `defaultValue` alone starts the editor
   * with it and the user's typing is never replaced.
   */
  get defaultValue(): string {
    return this.getAttribute('value') ?? this.doc.firstValue;
  }

  set defaultValue(html: string) {
    this.setAttribute('value', html ?? '');
  }

  /** A read-only viewer when set (its value is still submitted with its form). */
  readonly = false;
  /** A value must be given: an empty document (no text, image or mention) makes the form invalid. */
  required = false;
  /** Not editable, not focusable and not submitted; a disabled `<fieldset>` disables it too. */
  get disabled(): boolean {
    return this.hasAttribute('disabled');
  }

  set disabled(disabled: boolean) {
    const old = this.disabled;
    this.toggleAttribute('disabled', !!disabled);
    this.requestUpdate('disabled', old);
  }
  /** Text shown while the document is empty (the strings table's `placeholder` when not set: the spec's "Press '/' for commands..."). */
  placeholder?: string;
  /** The colour scheme, `light` or `dark` (the `theme` attribute); without it the element follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** Enables moving blocks by dragging their handle. */
  dragDrop = false;
  /** The form field name the HTML is submitted under. */
  name = '';
  /**
   * Extensions: nodes, marks, keys, input rules, plugins, slash and block-menu entries and
   * styles a host adds (see docs/extensions.md). Setting a list that says something new
   * rebuilds the editor around its current content; a new list of equal data and functions of
   * the same code (React writing it inline) keeps the editor. A bad extension is logged and left out.
   */
  extensions: readonly ExtensionInput[] = [];
  /**
   * The menus' arrangement, by item id: `{ slash: { order: ['heading1', 'todo'], hide: ['divider'] },
   * toolbar: { hide: ['underline'] }, blockMenu: { order: [...] } }`. Listed ids come first in
   * that order, the rest follow; items are added by extensions.
   */
  menus: Menus = {};
  /** The largest image file uploaded, in bytes (5242880, 5 MB, by default); larger files get the spec's alert naming the limit. */
  maxImageSize = MAX_IMAGE_FILE_SIZE;
  /** The image types uploaded: MIME types (`image/png`) or `image/*` (the default: any image). */
  imageTypes: readonly string[] = ['image/*'];
  /** The width a new image gets: `35%` (the spec's default) or a size such as `320px`. */
  imageWidth = '35%';
  /**
   * Edit a shared document with others (see docs/collaboration.md): `{ provider, user, carets }`,
   * the provider from `connect()` in `rich-editor/collab`. While set, the server's document is the
   * content (`value` is not a seed), the editor is read-only until the first sync, and undo takes
   * back only this editor's changes.
   */
  collaboration: Collaboration | null = null;

  /** The shared channel between the view and the UI pieces. @internal */
  readonly hub = new EditorHub();

  /** Disabled by a disabled `<fieldset>` (or the attribute), as the browser says. */
  private formDisabled = false;
  private readonly uploads: Uploads = new Uploads(this, () => this.doc.view);
  private readonly config: Configuration = new Configuration(this, this.uploads);
  protected readonly formControl: FormControl = new FormControl(this, {
    name: () => this.name,
    value: () => this.doc.html,
    empty: () => this.doc.empty,
    required: () => this.required,
    disabled: () => this.isDisabled,
    valueMissingMessage: () => wordsWith(this.strings)['form.required'],
    anchor: () => this.doc.view?.dom as HTMLElement | undefined,
  });
  private readonly announcer = new Announcer(this);
  private readonly doc: EditorDocument = new EditorDocument(this, this.config, this.formControl, { editable: () => this.canEdit, disabled: () => this.isDisabled, applied: (tr, before) => this.announcer.take(tr, before) });
  private readonly collab = this.doc.share(new CollaborationController(this, { rebuild: () => this.doc.rebuild(), refresh: () => this.doc.refresh(), schema: () => this.config.setup.schema }));

  protected featureNames(): readonly string[] {
    return this.config.setup.featureNames;
  }

  constructor() {
    super();
    // A press below the content (a host taller than its text) puts the caret at the end.
    pressBelowContent(this, () => this.doc.view);
    new OnDemandPieces(this, () => this.canEdit);
  }

  /** The ProseMirror view, for hosts that need it (null while disconnected). */
  get editorView(): EditorView | null {
    return this.doc.view;
  }

  private get isDisabled(): boolean {
    return this.disabled || this.formDisabled;
  }

  private get canEdit(): boolean {
    return !this.readonly && !this.isDisabled && this.collab.editable;
  }

  /** A shadow root the server wrote (server-render.ts) is the first paint only: the live editor replaces it. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    this.shadowRoot?.replaceChildren();
    return super.createRenderRoot();
  }

  override render() {
    // Disabled: inert, so neither the mouse, Tab nor a click on a label reaches it.
    return html`<div class="editor" part="editor" ?inert=${this.isDisabled}>
      <div class="ruler"></div>
      <div class="content" part="content"></div>
      ${this.canEdit ? this.config.pieces() : nothing}
      ${this.collab.notice(wordsWith(this.strings))}
      ${this.uploads.alert(wordsWith(this.strings)['upload.dismiss'])}
      ${this.announcer.region()}
    </div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.doc.update(changed);
    if (changed.has('restoreFile')) this.uploads.restoreHeld();
  }

  /** Opens the file chooser for an image upload (the slash menu's Image entry). */
  chooseImage(): void {
    this.uploads.chooseImage();
  }

  /** Called by the browser when its form is reset: back to `defaultValue` (no `change`). */
  formResetCallback(): void {
    this.doc.reset();
  }

  /** Called by the browser when it restores the page's form state (history, autofill): the value given then comes back. */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.setValue(state);
  }

  /** Called by the browser when the element's disabled state changes (its attribute or a disabled fieldset). */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }

  /** Replaces the document with HTML (no-op when equal; refused and logged while an image upload runs). */
  setValue(htmlValue: string): void {
    this.settle();
    this.doc.replace(htmlValue);
  }

  /**
   * Applies what was set earlier in this task (extensions, features, words: Lit applies them at
   * its next update) before a value is read: `extensions` then `value` in one task reads the value
   * with the extensions' blocks, as a host writing them in that order expects. (Never during an
   * update: the element's own code sets no value while Lit draws it.)
   */
  private settle(): void {
    if (this.hasUpdated && this.isUpdatePending) this.performUpdate();
  }

  /** Empties the document. */
  clear(): void {
    this.doc.clear();
  }

  /** Focuses the content (nothing when disabled), keeping the editor's selection. */
  override focus(options?: FocusOptions): void {
    if (this.isDisabled) return;
    const view = this.doc.view;
    if (view?.editable) view.focus();
    else super.focus(options);
  }

  /** Inserts text at the caret (or where it last was, if focus moved to a dialog): its lines as line breaks, or as lines in a code block. */
  insertText(text: string): void {
    insertAtSavedSelection(this.doc.view, text);
  }

  /** Inserts HTML (cleaned through the schema) at the caret or where it last was. */
  insertHTML(htmlValue: string): void {
    insertAtSavedSelection(this.doc.view, htmlValue, { asHtml: true });
  }

  /**
   * Focuses the editor at the start, the end or a position. At the end the caret goes
   * after the last text (or beside a last block without text) and the document is left
   * as it is; at the start or a position an empty paragraph is inserted there.
   */
  focusAt(position: FocusPosition = 'end'): void {
    if (this.isDisabled) return;
    this.doc.asHost(() => focusAt(this.doc.view, position));
  }

  /**
   * The document as HTML, leading and trailing empty paragraphs trimmed. (This
   * replaces `Element.getHTML()`, which would serialise the element's own DOM.)
   */
  override getHTML(): string {
    return this.doc.html;
  }

  /** The document as ProseMirror JSON. */
  getJSON(): JSONNode {
    return serializeJSON(this.doc.current);
  }

  /** The document as markdown (GFM tables and task lists). */
  getMarkdown(): string {
    return serializeMarkdown(this.doc.current);
  }

  /**
   * Runs a block's or an extension's command by name at the selection, as one undo step:
   * `run('heading.set', 2)`, `run('bullet_list.toggle')`, `run('table.insert', 2, 4)`,
   * `run('details.toggle')` (docs/extensions.md lists them). False where it does not apply,
   * or while the editor takes no input; an unknown name throws a RangeError naming the
   * commands there are. In TypeScript the names and arguments are typed (`EditorCommands`).
   */
  run<K extends keyof EditorCommands>(name: K, ...args: EditorCommands[K]): boolean {
    return this.doc.run(name, args);
  }

  /**
   * Scrolls smoothly to the `sequence`-th heading (1-based) of a level; false when there is none.
   * The scrolling comes with its module, fetched on the first call (the embed bundle's
   * `scroll-to-heading` chunk), and finds the heading again in the document of then.
   */
  scrollToHeading(level: number, sequence: number): boolean {
    const view = this.doc.view;
    if (!view || !headingEntry(view.state.doc, level, sequence)) return false;
    void loadScrolling().then((scrollTo) => {
      const now = this.doc.view;
      if (scrollTo && now) scrollTo(level, sequence)(now.state, undefined, now);
    });
    return true;
  }
}
