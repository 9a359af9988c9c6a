import { LitElement, html, nothing, supportsAdoptingStyleSheets, unsafeCSS, type PropertyValues } from 'lit';
import type { Attrs, Node as PMNode } from 'prosemirror-model';
import { EditorState, type Plugin, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { editingPlugins } from '../../core/editor-state.js';
import { log } from '../../core/log.js';
import { clearContent, focusAt, insertAtSavedSelection, savedSelectionPlugin, setContent, type FocusPosition } from '../../core/operations.js';
import { imageTrackingPlugin } from '../../core/plugins/image-tracking.js';
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
import { openEndPlugin } from './open-end.js';
import { richEditorStyles, themeStyles } from './rich-editor.styles.js';
import { typingRehearsalPlugin } from './typing-rehearsal.js';
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

/** How long the form value may lag behind typing (it is refreshed at submit anyway). */
const FORM_VALUE_DELAY = 300;

/**
 * `<rich-editor>`: a rich-text editor any page can embed with one tag.
 *
 * Keyboard: Tab indents lists and code and moves between table cells, and never moves
 * focus out of an editable editor on its own; Escape, then Tab (or Shift+Tab) within two
 * seconds, moves focus on as the browser would.
 *
 * @tagname rich-editor
 * @fires rich-editor-change - after every document change; `detail.json` and `detail.html` are computed on first read
 * @fires rich-editor-focus - when the content gains focus
 * @fires rich-editor-blur - when the content loses focus
 * @fires rich-editor-mention-click - cancelable; by default the page goes to the mention's `redirect_uri`
 * @fires rich-editor-upload-error - an image could not be uploaded; `detail.message` is the spec's text
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
 * @cssprop --rich-editor-code-background - code background
 * @cssprop --rich-editor-mention-highlight - highlighted mention background (yellow by default)
 * @cssprop --rich-editor-font - the content font
 * @cssprop --rich-editor-code-font - the code font
 * @cssprop --rich-editor-radius - corner radius
 * @cssprop --rich-editor-code-keyword - syntax colour of keywords
 * @cssprop --rich-editor-code-string - syntax colour of strings
 * @cssprop --rich-editor-code-number - syntax colour of numbers
 * @cssprop --rich-editor-code-comment - syntax colour of comments
 * @cssprop --rich-editor-code-title - syntax colour of function and class names
 * @cssprop --rich-editor-code-type - syntax colour of types
 * @cssprop --rich-editor-code-attr - syntax colour of attributes
 */
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

export class RichEditor extends LitElement {
  // The built-in nodes' CSS comes from their definitions (src/core/blocks), shared by every editor; an extension's is added per editor.
  static override styles = [themeStyles, richEditorStyles, unsafeCSS(schemaStyles(schema)), nodeViewStyles];

  /** Form-associated: inside a `<form>` the element submits its HTML under `name`. */
  static formAssociated = true;

  static override properties = {
    value: { type: String },
    readonly: { type: Boolean, reflect: true },
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
    uploadError: { state: true },
  };

  /** Content as HTML; setting it later replaces the document (no-op when equal; refused while uploading). */
  value = '';
  /** A read-only viewer when set. */
  readonly = false;
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

  /** The shared channel between the view and the UI pieces. */
  readonly hub = new EditorHub();

  /** The adopted sheet of the extensions' CSS, if any. */
  private extensionSheet: CSSStyleSheet | null = null;

  private uploadError: string | null = null;
  private view: EditorView | null = null;
  private readonly internals: ElementInternals | null = typeof this.attachInternals === 'function' ? this.attachInternals() : null;
  private formTimer: ReturnType<typeof setTimeout> | null = null;
  private formListenerTarget: HTMLFormElement | null = null;
  private fileInput: HTMLInputElement | null = null;

  /** The ProseMirror view, for hosts that need it (null while disconnected). */
  get editorView(): EditorView | null {
    return this.view;
  }

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.internals?.form ?? null;
  }

  /** A shadow root the server wrote (server-render.ts) is the first paint only: the live editor replaces it. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    this.shadowRoot?.replaceChildren();
    return super.createRenderRoot();
  }

  override render() {
    return html`<div class="editor" part="editor">
      <div class="content" part="content"></div>
      ${this.readonly
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
    // Re-adding an element that was removed builds a fresh view.
    if (this.hasUpdated && !this.view) this.createView();
    this.watchForm();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.hub.attach(null);
    this.view?.destroy();
    this.view = null;
    if (this.formTimer) clearTimeout(this.formTimer);
    this.formListenerTarget?.removeEventListener('formdata', this.onFormData);
    this.formListenerTarget = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const view = this.view;
    if (!view) return;
    if (changed.has('readonly')) {
      view.setProps({ editable: () => !this.readonly });
      this.hub.notify(view.state);
    }
    if (changed.has('placeholder')) view.dispatch(view.state.tr);
    // A host that sets its highlight list after the element started gets it applied.
    if (changed.has('mentionHighlights') && changed.get('mentionHighlights') !== this.mentionHighlights) refreshMentionHighlights(view.state, view.dispatch);
    // A new list of the same extensions (React re-rendering `[callout]`) gives the same setup: nothing to rebuild.
    if (changed.has('extensions') && changed.get('extensions') !== undefined && this.setup !== editorSetupKey.getState(view.state)?.setup) this.rebuildView();
    else if (changed.has('features') && changed.get('features') !== undefined && !sameFeatures(changed.get('features') as Features, this.features)) this.rebuildView();
    else if (changed.has('strings') && changed.get('strings') !== undefined && changed.get('strings') !== this.strings) this.rebuildView();
    else if (changed.has('menus') && changed.get('menus') !== undefined && JSON.stringify(changed.get('menus')) !== JSON.stringify(this.menus)) this.rebuildView();
    if (changed.has('value') && changed.get('value') !== undefined && this.value !== this.getHTML()) this.setValue(this.value);
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

  private createView(html: string = this.value): void {
    const mount = this.renderRoot.querySelector('.content') as HTMLElement;
    mount.replaceChildren();
    const setup = this.setup;
    this.showExtensionStyles(setup.styles);
    // The mount itself becomes the editable root, so `.content > *` are the document's blocks.
    this.view = new EditorView({ mount }, {
      state: EditorState.create({ doc: parseHTML(html, { schema: setup.schema }), plugins: this.plugins(setup) }),
      editable: () => !this.readonly,
      nodeViews: nodeViews(this, this.features),
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': this.getAttribute('aria-label') ?? wordsWith(this.strings)['editor.label'],
      },
      dispatchTransaction: (tr) => this.dispatch(tr),
      handleDOMEvents: {
        focus: () => {
          this.emit(RichEditorEvents.focus, undefined);
          return false;
        },
        blur: () => {
          this.emit(RichEditorEvents.blur, undefined);
          this.flushFormValue();
          return false;
        },
      },
    });
    this.hub.attach(this.view);
    this.flushFormValue();
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
    const pristine = view.state.doc.eq(parseHTML(this.value, { schema: view.state.schema }));
    const html = pristine ? this.value : serializeHTML(view.state.doc);
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
        typingRehearsalPlugin(),
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

  private dispatch(tr: Transaction): void {
    const view = this.view;
    if (!view) return;
    const previous = view.state;
    view.updateState(previous.apply(tr));
    this.hub.notify(previous);
    if (view.state.doc !== previous.doc) {
      const doc = view.state.doc;
      this.emit(RichEditorEvents.change, lazyChangeDetail(() => serializeJSON(doc), () => serializeHTML(doc)));
      this.scheduleFormValue();
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

  /** Only an element in a form with a name has a value to keep; others serialise nothing. */
  private get submits(): boolean {
    return !!this.internals && !!this.name && !!this.form;
  }

  private scheduleFormValue(): void {
    if (!this.submits) return;
    if (this.formTimer) clearTimeout(this.formTimer);
    this.formTimer = setTimeout(() => this.flushFormValue(), FORM_VALUE_DELAY);
  }

  private flushFormValue(): void {
    if (this.formTimer) clearTimeout(this.formTimer);
    this.formTimer = null;
    if (this.submits) this.internals!.setFormValue(this.getHTML());
  }

  private watchForm(): void {
    const form = this.form;
    if (form === this.formListenerTarget) return;
    this.formListenerTarget?.removeEventListener('formdata', this.onFormData);
    form?.addEventListener('formdata', this.onFormData);
    this.formListenerTarget = form;
  }

  /** At submit the entry is always the current HTML, however recent the last keystroke. */
  private readonly onFormData = (event: FormDataEvent): void => {
    if (this.name) event.formData.set(this.name, this.getHTML());
  };

  /** Called by the browser when the element joins or leaves a form. */
  formAssociatedCallback(): void {
    this.watchForm();
    if (this.view) this.flushFormValue();
  }

  /** Called by the browser when its form is reset: back to the markup's value. */
  formResetCallback(): void {
    this.setValue(this.getAttribute('value') ?? '');
  }

  // ------------------------------------------------------------ public methods

  /** Replaces the document with HTML (refused and logged while an image upload runs). */
  setValue(htmlValue: string): void {
    const view = this.view;
    if (!view) {
      this.value = htmlValue;
      return;
    }
    if (!canReplaceContent(view.state)) {
      log.warn('The value was not replaced: an image upload is in progress');
      return;
    }
    setContent(view, htmlValue);
  }

  /** Empties the document. */
  clear(): void {
    if (this.view) clearContent(this.view);
    else this.value = '';
  }

  /** Inserts text at the caret (or where it last was, if focus moved to a dialog). */
  insertText(text: string): void {
    insertAtSavedSelection(this.view, text);
  }

  /** Inserts HTML (cleaned through the schema) at the caret or where it last was. */
  insertHTML(htmlValue: string): void {
    insertAtSavedSelection(this.view, htmlValue, { asHtml: true });
  }

  /** Focuses the editor at the start, the end or a position, inserting an empty paragraph there. */
  focusAt(position: FocusPosition = 'end'): void {
    focusAt(this.view, position);
  }

  /**
   * The document as HTML, leading and trailing empty paragraphs trimmed. (This
   * replaces `Element.getHTML()`, which would serialise the element's own DOM.)
   */
  override getHTML(): string {
    return this.view ? serializeHTML(this.view.state.doc) : serializeHTML(parseHTML(this.value, { schema: this.setup.schema }));
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
    return this.view ? this.view.state.doc : parseHTML(this.value, { schema: this.setup.schema });
  }
}
