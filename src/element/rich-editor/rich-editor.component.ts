import { LitElement, html, nothing, supportsAdoptingStyleSheets, unsafeCSS, type PropertyValues } from 'lit';
import type { Attrs, Node as PMNode } from 'prosemirror-model';
import { EditorState, type Plugin, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { editingPlugins } from '../../core/editor-state.js';
import { log } from '../../core/log.js';
import { hasContent } from '../../core/content.js';
import { clearContent, focusAt, insertAtSavedSelection, savedSelectionPlugin, setContent, type FocusPosition } from '../../core/operations.js';
import { imageTrackingPlugin } from '../../core/plugins/image-tracking.js';
import { withDomSelection } from '../../core/plugins/dom-selection.js';
import { canReplaceContent, imageUploadPlugin, uploadImages, type UploadContext } from '../../core/plugins/image-upload.js';
import { linkPlugin } from '../../core/plugins/link.js';
import { mentionClickPlugin } from '../../core/plugins/mention-click.js';
import { mentionHighlightsPlugin, refreshMentionHighlights } from '../../core/plugins/mention-highlights.js';
import { mentionPlugin, type MentionItem, type MentionSearch } from '../../core/plugins/mention.js';
import { placeholderPlugin } from '../../core/plugins/placeholder.js';
import { slashMenuPlugin } from '../../core/plugins/slash-menu.js';
import { taskListPlugin } from '../../core/plugins/task-list.js';
import { scrollToHeading as scrollToHeadingCommand } from '../../core/plugins/toc.js';
import { parseHTML, serializeHTML } from '../../core/serialize/html.js';
import { serializeJSON, type JSONNode } from '../../core/serialize/json.js';
import { serializeMarkdown } from '../../core/serialize/markdown.js';
import { safeRedirect } from '../../core/url.js';
import { EditorHub } from '../editor-controller.js';
import { nodeViewPlugins, nodeViewStyles, nodeViews, uploadPlaceholder } from '../node-views/index.js';
import { lazyChangeDetail, RichEditorEvents, type MentionClickDetail, type UploadErrorDetail } from '../events.js';
import { activeBlockPlugin } from './active-block.js';
import { FormControl } from './form-control.js';
import { openEndPlugin } from './open-end.js';
import { richEditorStyles, themeStyles } from './rich-editor.styles.js';
import { editorSetup, editorSetupKey, editorSetupPlugin, type EditorSetup } from '../../core/extensions/setup.js';
import { schemaStyles } from '../../core/extensions/collect.js';
import { schema } from '../../core/schema/index.js';
import type { ExtensionInput } from '../../core/extensions/types.js';
import { featureOn, type FeatureName, type Features } from '../../core/features.js';
import type { Menus } from '../../core/menus.js';
import { MAX_IMAGE_FILE_SIZE } from '../../core/plugins/image-validation.js';
import { stringsPlugin, wordsWith, type Strings } from '../../core/strings.js';

/** Whether two feature settings turn the same pieces off. */
function sameFeatures(a: Features | undefined, b: Features | undefined): boolean {
  const off = (features: Features | undefined) =>
    Object.entries(features ?? {})
      .filter(([, value]) => value === false)
      .map(([name]) => name)
      .sort()
      .join();
  return off(a) === off(b);
}

/** Uploads a file and resolves with its address (given an AbortSignal and a progress callback). */
export type UploadFileCallback = (file: File, context: UploadContext) => Promise<string>;

/** One constructed sheet per distinct extension CSS, adopted by every editor that uses it. */
const extensionSheets = new Map<string, CSSStyleSheet>();

function extensionSheet(css: string): CSSStyleSheet {
  let sheet = extensionSheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    extensionSheets.set(css, sheet);
  }
  return sheet;
}

/**
 * `<rich-editor>`: a rich-text editor any page can embed with one tag.
 *
 * A native form control: inside a `<form>` it submits its HTML under `name`, is checked
 * for `required`, can be `disabled` (or by a disabled `<fieldset>`), resets with its form
 * and is restored with the page; `focus()` focuses its content.
 *
 * Keyboard: Tab indents lists and code and moves between table cells, and never moves
 * focus out of an editable editor on its own; Escape, then Tab (or Shift+Tab) within two
 * seconds, moves focus on as the browser would.
 *
 * @tagname rich-editor
 * @attr {'light' | 'dark'} theme - the colour scheme; without it the element follows `prefers-color-scheme`
 * @fires rich-editor-change - after every document change; `detail.json` and `detail.html` are computed on first read
 * @fires rich-editor-focus - when the content gains focus
 * @fires rich-editor-blur - when the content loses focus
 * @fires rich-editor-mention-click - cancelable; by default the page goes to the mention's `redirect_uri`
 * @fires rich-editor-upload-error - an image could not be uploaded; `detail.message` is the spec's text
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
 * @cssprop --rich-editor-selection - selected cells and blocks
 * @cssprop --rich-editor-cell-text - text colour on a coloured table cell (dark, as the palette's backgrounds are light in both themes)
 * @cssprop --rich-editor-cell-link - link colour on a coloured table cell
 * @cssprop --rich-editor-danger - errors and destructive menu items
 * @cssprop --rich-editor-shadow - the shadow of menus and the toolbar
 * @cssprop --rich-editor-font - the content font
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
export class RichEditor extends LitElement {
  // The built-in nodes' CSS comes from their definitions (src/core/blocks), shared by every editor; an extension's is added per editor.
  static override styles = [themeStyles, richEditorStyles, unsafeCSS(schemaStyles(schema)), nodeViewStyles];

  /** Form-associated: inside a `<form>` the element submits its HTML under `name`. */
  static formAssociated = true;

  /** `focus()`, a label's click and Tab reach the editable content. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    readonly: { type: Boolean, reflect: true },
    required: { type: Boolean, reflect: true },
    // The attribute itself, as a native control's: the browser's `formDisabledCallback` follows at once.
    disabled: { type: Boolean, noAccessor: true },
    formDisabled: { state: true, attribute: false },
    placeholder: { type: String },
    dragDrop: { type: Boolean, attribute: 'drag-drop', reflect: true },
    name: { type: String, reflect: true },
    uploadFile: { attribute: false },
    deleteFile: { attribute: false },
    restoreFile: { attribute: false },
    cancelUpload: { attribute: false },
    mentionSuggestions: { attribute: false },
    mentionSearch: { attribute: false },
    mentionHighlights: { attribute: false },
    extensions: { attribute: false },
    features: { attribute: false },
    strings: { attribute: false },
    menus: { attribute: false },
    maxImageSize: { type: Number, attribute: 'max-image-size' },
    imageTypes: { attribute: false },
    imageWidth: { type: String, attribute: 'image-width' },
    uploadError: { state: true, attribute: false },
  };

  /**
   * The content as HTML, as `getHTML()` gives it (computed when read, once per document
   * version). Setting it replaces the document (refused while an image uploads); setting
   * the value it was last given does nothing, so a framework that sets the same starting
   * value on every render keeps the user's typing (`setValue()` always replaces). The
   * `value` attribute is also the value a form reset restores.
   */
  get value(): string {
    return this.getHTML();
  }

  // `value` is not one of Lit's properties: Lit reads every property at the first update,
  // and reading this one serialises the document. Its attribute is handled here.
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'value'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'value') this.value = value ?? '';
    else super.attributeChangedCallback(name, old, value);
  }

  set value(html: string) {
    // As a Lit property would: @lit/react sets every property on every render, and a
    // host's setValue() (taking a server's text) must not be undone by the next one.
    const next = html ?? '';
    if (next === this.given) return;
    this.given = next;
    this.setValue(next);
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
  /** Enables moving blocks by dragging their handle. */
  dragDrop = false;
  /** The form field name the HTML is submitted under. */
  name = '';
  /** Uploads an image file; resolves with its address. */
  uploadFile?: UploadFileCallback;
  /** Told the path of an image that left the document. */
  deleteFile?: (path: string) => unknown;
  /** Told the path of an image that came back (undo), or was present at creation. */
  restoreFile?: (path: string) => unknown;
  /** Told when the user cancels an upload. */
  cancelUpload?: () => unknown;
  /** Suggests people to mention for a query; the editor lists those whose label (or title) starts with it. */
  mentionSuggestions?: (query: string) => Promise<MentionItem[]>;
  /**
   * Searches people to mention, instead of `mentionSuggestions` when set: asked once typing
   * pauses, with a signal aborted when the query changes or the list closes; its answer is
   * listed as returned, in its order.
   */
  mentionSearch?: MentionSearch;
  /** The entity identifiers whose mentions are highlighted. */
  mentionHighlights?: () => Promise<string[]>;
  /**
   * Extensions: nodes, marks, keys, input rules, plugins, slash and block-menu entries and
   * styles a host adds (see docs/extensions.md). Setting a new list rebuilds the editor
   * around its current content.
   */
  extensions: readonly ExtensionInput[] = [];
  /**
   * Built-in pieces turned off, by name: `{ tables: false, slashMenu: false }`. A piece
   * turned off loses its UI, keys, input rules and menu entries; content of that kind
   * still loads and round-trips. Names: tables, images, mentions, taskLists,
   * codeHighlighting, dragHandle, slashMenu, toolbar, markdownPaste, typography,
   * markdownShortcuts.
   */
  features: Features = {};
  /**
   * Words: every word the editor shows or announces, by key (see `ENGLISH` in
   * `rich-editor/core`); the keys given replace the English ones. A locale is such a
   * table: `import { fr } from 'rich-editor/locales/fr'`.
   */
  strings: Strings = {};
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

  private on(name: FeatureName): boolean {
    return featureOn(this.features, name);
  }

  /** The shared channel between the view and the UI pieces. @internal */
  readonly hub = new EditorHub();

  /** The adopted sheet of the extensions' CSS, if any. */
  private extensionSheet: CSSStyleSheet | null = null;

  private uploadError: string | null = null;
  private view: EditorView | null = null;
  private fileInput: HTMLInputElement | null = null;
  /** Disabled by a disabled `<fieldset>` (or the attribute), as the browser says. */
  private formDisabled = false;
  /** The HTML last set as `value` (attribute or property): set again, it changes nothing; a rebuild reads it again. */
  private given = '';
  /** The value before there is a view to hold it. */
  private pendingValue = '';
  /** The document of a removed element, put back when it is added again. */
  private detachedDoc: PMNode | null = null;
  /** The value the element first rendered, restored by a form reset when there is no `value` attribute. */
  private initialValue: string | null = null;
  /** The last document serialised, with its HTML. */
  private htmlCache: { doc: PMNode; html: string } | null = null;
  /** Above zero while the host changes the document (setValue, clear, focusAt): no native `input` for those. */
  private hostEdits = 0;

  private readonly formControl = new FormControl(this, {
    name: () => this.name,
    value: () => this.getHTML(),
    empty: () => !hasContent(this.currentDoc()),
    required: () => this.required,
    disabled: () => this.isDisabled,
    valueMissingMessage: () => wordsWith(this.strings)['form.required'],
    anchor: () => this.view?.dom as HTMLElement | undefined,
  });

  /** The ProseMirror view, for hosts that need it (null while disconnected). */
  get editorView(): EditorView | null {
    return this.view;
  }

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.formControl.form;
  }

  /** The labels of the element (`<label for>` or around it). */
  get labels(): NodeList | null {
    return this.formControl.internals?.labels ?? null;
  }

  /** The element's validity (`valueMissing` when `required` and empty). */
  get validity(): ValidityState | null {
    return this.formControl.internals?.validity ?? null;
  }

  /** The message of the current validity error (the strings table's `form.required`), or empty. */
  get validationMessage(): string {
    return this.formControl.internals?.validationMessage ?? '';
  }

  /** Whether the element takes part in its form's validation (not when disabled or read-only). */
  get willValidate(): boolean {
    return this.formControl.internals?.willValidate ?? false;
  }

  /** Whether the element is valid; an invalid one fires `invalid`. */
  checkValidity(): boolean {
    return this.formControl.internals?.checkValidity() ?? true;
  }

  /** Like `checkValidity()`, and the browser shows the message at the content. */
  reportValidity(): boolean {
    return this.formControl.internals?.reportValidity() ?? true;
  }

  private get isDisabled(): boolean {
    return this.disabled || this.formDisabled;
  }

  private get canEdit(): boolean {
    return !this.readonly && !this.isDisabled;
  }

  /** A shadow root the server wrote (server-render.ts) is the first paint only: the live editor replaces it. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    this.shadowRoot?.replaceChildren();
    return super.createRenderRoot();
  }

  override render() {
    // Disabled: inert, so neither the mouse, Tab nor a click on a label reaches it.
    return html`<div class="editor" part="editor" ?inert=${this.isDisabled}>
      <div class="content" part="content"></div>
      ${!this.canEdit
        ? nothing
        : html`${this.on('toolbar') ? html`<rich-editor-toolbar .hub=${this.hub} exportparts="toolbar"></rich-editor-toolbar>` : nothing}
          ${this.on('slashMenu') ? html`<rich-editor-slash-menu .hub=${this.hub} exportparts="slash-menu"></rich-editor-slash-menu>` : nothing}
          ${this.on('mentions') ? html`<rich-editor-mention-list .hub=${this.hub} exportparts="mention-list"></rich-editor-mention-list>` : nothing}
          ${this.on('dragHandle')
            ? html`<rich-editor-drag-handle .hub=${this.hub} ?drag-drop=${this.dragDrop} exportparts="drag-handle"></rich-editor-drag-handle>`
            : nothing}
          ${this.on('tables') ? html`<rich-editor-table-controls .hub=${this.hub} exportparts="table-controls, table-menu"></rich-editor-table-controls>` : nothing}`}
      ${this.uploadError
        ? html`<div class="alert" role="alert" part="alert">
            <span>${this.uploadError}</span>
            <button type="button" @click=${() => (this.uploadError = null)}>${wordsWith(this.strings)['upload.dismiss']}</button>
          </div>`
        : nothing}
    </div>`;
  }

  protected override firstUpdated(): void {
    this.createView();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Re-adding an element that was removed builds a fresh view around its document.
    if (this.hasUpdated && !this.view) this.createView(this.detachedDoc ? this.htmlOf(this.detachedDoc) : this.pendingValue);
    this.detachedDoc = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.hub.attach(null);
    // Kept, so the value read meanwhile is the content, as a removed textarea's is.
    if (this.view) this.detachedDoc = this.view.state.doc;
    this.view?.destroy();
    this.view = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const view = this.view;
    if (!view) return;
    // `formDisabled` (the browser's word, the attribute's too) is private, so not among the keys PropertyValues<this> lists.
    if (changed.has('readonly') || changed.has('disabled') || (changed as PropertyValues).has('formDisabled')) {
      view.setProps({ editable: () => this.canEdit });
      this.hub.notify(view.state);
    }
    if (changed.has('required')) this.formControl.validate();
    if (changed.has('name')) this.formControl.flush();
    if (changed.has('placeholder')) view.dispatch(view.state.tr);
    // A host that sets its highlight list after the element started gets it applied.
    if (changed.has('mentionHighlights') && changed.get('mentionHighlights') !== this.mentionHighlights) refreshMentionHighlights(view.state, view.dispatch);
    // A new list of the same extensions (React re-rendering `[callout]`) gives the same setup: nothing to rebuild.
    if (changed.has('extensions') && changed.get('extensions') !== undefined && this.setup !== editorSetupKey.getState(view.state)?.setup) this.rebuildView();
    else if (changed.has('features') && changed.get('features') !== undefined && !sameFeatures(changed.get('features') as Features, this.features)) this.rebuildView();
    else if (changed.has('strings') && changed.get('strings') !== undefined && changed.get('strings') !== this.strings) this.rebuildView();
    else if (changed.has('menus') && changed.get('menus') !== undefined && JSON.stringify(changed.get('menus')) !== JSON.stringify(this.menus)) this.rebuildView();
  }

  /** The setup the extensions make (the built-in one without extensions); a bad extension is logged and left out. */
  private get setup(): EditorSetup {
    try {
      return editorSetup(this.extensions ?? []);
    } catch (error) {
      log.error('The extensions could not be set up; the editor runs without them', error);
      return editorSetup([]);
    }
  }

  private createView(html: string = this.pendingValue): void {
    const mount = this.renderRoot.querySelector('.content') as HTMLElement;
    mount.replaceChildren();
    const setup = this.setup;
    this.showExtensionStyles(setup.styles);
    this.initialValue ??= html;
    const label = this.getAttribute('aria-label') ?? wordsWith(this.strings)['editor.label'];
    // The mount itself becomes the editable root, so `.content > *` are the document's blocks.
    this.view = new EditorView({ mount }, {
      state: EditorState.create({ doc: parseHTML(html, { schema: setup.schema }), plugins: this.plugins(setup) }),
      editable: () => this.canEdit,
      nodeViews: nodeViews(this, this.features),
      // A read-only viewer is focusable by a click or `focus()` but not by Tab; as the
      // first focusable element of the shadow root, it is what focus delegation finds.
      attributes: () => ({
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(this.readonly ? { tabindex: '-1', 'aria-readonly': 'true' } : {}),
        ...(this.isDisabled ? { 'aria-disabled': 'true' } : {}),
      }),
      dispatchTransaction: (tr) => this.dispatch(tr),
      handleDOMEvents: {
        focus: () => {
          this.emit(RichEditorEvents.focus, undefined);
          return false;
        },
        blur: () => {
          this.emit(RichEditorEvents.blur, undefined);
          return false;
        },
      },
    });
    this.hub.attach(this.view);
    this.formControl.flush();
    this.formControl.validate();
  }

  /**
   * The extensions' content CSS, after the editor's own (an adopted sheet, shared by the
   * editors of one setup), so a host's rule as specific as a built-in one wins. Where
   * sheets cannot be adopted, a style element holds it.
   */
  private showExtensionStyles(css: string): void {
    const root = this.renderRoot as ShadowRoot;
    const current = this.extensionSheet;
    if (supportsAdoptingStyleSheets) {
      const sheet = css ? extensionSheet(css) : null;
      if (sheet === current) return;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((adopted) => adopted !== current), ...(sheet ? [sheet] : [])];
      this.extensionSheet = sheet;
      return;
    }
    let style = root.querySelector<HTMLStyleElement>('style[data-extensions]');
    if (!css) {
      style?.remove();
      return;
    }
    if (!style) {
      style = document.createElement('style');
      style.setAttribute('data-extensions', '');
      root.appendChild(style);
    }
    if (style.textContent !== css) style.textContent = css;
  }

  /** Rebuilds the view around its current content, for a new setup (new extensions). */
  private rebuildView(): void {
    const view = this.view;
    if (!view) return;
    // Content not edited since it was set is read again from the value, which the new
    // schema may read more of (a host block the old one did not know).
    const pristine = view.state.doc.eq(parseHTML(this.given, { schema: view.state.schema }));
    const html = pristine ? this.given : this.htmlOf(view.state.doc);
    const hadFocus = view.hasFocus();
    this.hub.attach(null);
    view.destroy();
    this.view = null;
    this.createView(html);
    if (hadFocus) (this.view as EditorView | null)?.focus();
  }

  /** The editor's plugins; host callbacks are read when used, so they may change at any time. */
  private plugins(setup: EditorSetup): Plugin[] {
    const features = this.features;
    const on = (name: FeatureName) => featureOn(features, name);
    return editingPlugins({
      schema: setup.schema,
      features,
      plugins: [
        editorSetupPlugin(setup, features, this.menus),
        stringsPlugin(this.strings),
        ...setup.plugins(features),
        activeBlockPlugin(),
        openEndPlugin(),
        savedSelectionPlugin(),
        placeholderPlugin({ text: () => this.placeholder }),
        linkPlugin(),
        taskListPlugin(),
        mentionClickPlugin({ onClick: (attrs) => this.mentionClicked(attrs) }),
        ...(on('images')
          ? [
              imageUploadPlugin({
                uploadFile: (file, context) =>
                  this.uploadFile ? this.uploadFile(file, context) : Promise.reject(new Error('No uploadFile callback is set')),
                cancelUpload: () => void this.cancelUpload?.(),
                onError: (message) => this.showUploadError(message),
                renderPlaceholder: uploadPlaceholder,
                rules: () => ({ maxSize: this.maxImageSize, types: this.imageTypes }),
                imageWidth: () => this.imageWidth,
                chooseFile: () => this.chooseImage(),
              }),
            ]
          : []),
        imageTrackingPlugin({
          deleteFile: (path) => this.deleteFile?.(path),
          restoreFile: (path) => this.restoreFile?.(path),
        }),
        ...(on('slashMenu')
          ? [slashMenuPlugin({ items: setup.slashItems(features), features, words: wordsWith(this.strings), layout: this.menus.slash })]
          : []),
        ...(on('mentions')
          ? [
              mentionPlugin({
                suggestions: (query) => (this.mentionSuggestions ? this.mentionSuggestions(query) : Promise.resolve([])),
                search: () => this.mentionSearch,
              }),
            ]
          : []),
        mentionHighlightsPlugin({ highlights: () => (this.mentionHighlights ? this.mentionHighlights() : Promise.resolve([])) }),
        ...nodeViewPlugins(features),
      ],
    });
  }

  private dispatch(transaction: Transaction): void {
    const view = this.view;
    if (!view) return;
    const tr = withDomSelection(view, transaction);
    const previous = view.state;
    view.updateState(previous.apply(tr));
    this.hub.notify(previous);
    if (view.state.doc !== previous.doc) {
      const doc = view.state.doc;
      // The HTML of a document that is gone would only hold memory (a long document's HTML is megabytes).
      this.htmlCache = null;
      this.emit(RichEditorEvents.change, lazyChangeDetail(() => serializeJSON(doc), () => this.htmlOf(doc)));
      this.formControl.documentChanged(this.hostEdits === 0);
    }
  }

  private emit<T>(name: string, detail: T, cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
  }

  private mentionClicked(attrs: Attrs): void {
    const detail: MentionClickDetail = {
      id: attrs.id as string | null,
      label: attrs.label as string | null,
      redirect_uri: safeRedirect(attrs.redirect_uri),
      entity_identifier: attrs.entity_identifier as string | null,
      entity_name: attrs.entity_name as string | null,
    };
    if (this.emit(RichEditorEvents.mentionClick, detail, true)) window.location.assign(detail.redirect_uri);
  }

  private showUploadError(message: string): void {
    this.uploadError = message;
    this.emit<UploadErrorDetail>(RichEditorEvents.uploadError, { message });
  }

  /** Opens the file chooser for an image upload (the slash menu's Image entry). */
  chooseImage(): void {
    if (!this.fileInput) {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = 'image/*';
      input.hidden = true;
      input.addEventListener('change', () => {
        const files = Array.from(input.files ?? []);
        input.value = '';
        const view = this.view;
        if (view) uploadImages(files)(view.state, view.dispatch, view);
      });
      this.renderRoot.appendChild(input);
      this.fileInput = input;
    }
    this.fileInput.click();
  }

  // ------------------------------------------------------------ form association

  /** Called by the browser when the element joins or leaves a form. */
  formAssociatedCallback(): void {
    this.formControl.formChanged();
  }

  /** Called by the browser when its form is reset: back to the `value` attribute, or the value first rendered (no `change`). */
  formResetCallback(): void {
    this.setValue(this.getAttribute('value') ?? this.initialValue ?? '');
  }

  /** Called by the browser when it restores the page's form state (history, autofill): the value given then comes back. */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.setValue(state);
  }

  /** Called by the browser when the element's disabled state changes (its attribute or a disabled fieldset). */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }

  // ------------------------------------------------------------ public methods

  /** Replaces the document with HTML (no-op when equal; refused and logged while an image upload runs). */
  setValue(htmlValue: string): void {
    const html = htmlValue ?? '';
    const view = this.view;
    if (!view) {
      this.pendingValue = this.given = html;
      this.detachedDoc = null;
      return;
    }
    if (html === this.htmlOf(view.state.doc)) return;
    if (!canReplaceContent(view.state)) {
      log.warn('The value was not replaced: an image upload is in progress');
      return;
    }
    if (this.asHost(() => setContent(view, html))) this.formControl.valueReplaced();
  }

  /** Empties the document. */
  clear(): void {
    const view = this.view;
    if (!view) this.setValue('');
    else if (this.asHost(() => clearContent(view))) this.formControl.valueReplaced();
  }

  /** Focuses the content (nothing when disabled), keeping the editor's selection. */
  override focus(options?: FocusOptions): void {
    if (this.isDisabled) return;
    const view = this.view;
    if (view?.editable) view.focus();
    else super.focus(options);
  }

  /** Inserts text at the caret (or where it last was, if focus moved to a dialog). */
  insertText(text: string): void {
    insertAtSavedSelection(this.view, text);
  }

  /** Inserts HTML (cleaned through the schema) at the caret or where it last was. */
  insertHTML(htmlValue: string): void {
    insertAtSavedSelection(this.view, htmlValue, { asHtml: true });
  }

  /**
   * Focuses the editor at the start, the end or a position. At the end the caret goes
   * after the last text (or beside a last block without text) and the document is left
   * as it is; at the start or a position an empty paragraph is inserted there.
   */
  focusAt(position: FocusPosition = 'end'): void {
    if (this.isDisabled) return;
    this.asHost(() => focusAt(this.view, position));
  }

  /**
   * The document as HTML, leading and trailing empty paragraphs trimmed. (This
   * replaces `Element.getHTML()`, which would serialise the element's own DOM.)
   */
  override getHTML(): string {
    return this.htmlOf(this.currentDoc());
  }

  /** The document as ProseMirror JSON. */
  getJSON(): JSONNode {
    return serializeJSON(this.currentDoc());
  }

  /** The document as markdown (GFM tables and task lists). */
  getMarkdown(): string {
    return serializeMarkdown(this.currentDoc());
  }

  /** Scrolls smoothly to the `sequence`-th heading (1-based) of a level; false when there is none. */
  scrollToHeading(level: number, sequence: number): boolean {
    const view = this.view;
    return !!view && scrollToHeadingCommand(level, sequence)(view.state, undefined, view);
  }

  private currentDoc(): PMNode {
    return this.view?.state.doc ?? this.detachedDoc ?? parseHTML(this.pendingValue, { schema: this.setup.schema });
  }

  /** A document's HTML, serialised once per document: `value`, the change event and the form share it. */
  private htmlOf(doc: PMNode): string {
    if (this.htmlCache?.doc !== doc) this.htmlCache = { doc, html: serializeHTML(doc) };
    return this.htmlCache.html;
  }

  /** Runs a change the host asked for: it fires no native `input`. */
  private asHost<T>(change: () => T): T {
    this.hostEdits++;
    try {
      return change();
    } finally {
      this.hostEdits--;
    }
  }
}
