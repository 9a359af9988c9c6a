import type { PropertyValues, ReactiveController } from 'lit';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, type Command, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { hasContent } from '../../core/content.js';
import { featureOn } from '../../core/features.js';
import { log } from '../../core/log.js';
import { clearContent, setContent } from '../../core/operations.js';
import { readMovedSelection, withDomSelection } from '../../core/plugins/dom-selection.js';
import { canReplaceContent } from '../../core/commands/choose-image.js';
import { type DocumentHTML, emptyDoc, parseHTML, serializeHTMLAfter } from '../../core/serialize/html.js';
import { serializeJSON } from '../../core/serialize/json.js';
import { wordsWith } from '../../core/strings.js';
import { emit, lazyChangeDetail, RichEditorEvents } from '../events.js';
import { markViews, nodeViews } from '../node-views/index.js';
import { fillSlots, type PluginSlots } from '../../core/editing-slots.js';
import { editingParts, loadHighlights, onPartsArrived } from './on-demand.js';
import { carryOver, reconfigureView } from './reconfigure.js';
import type { CollaborationController } from './collaboration.js';
import type { Configuration } from './configuration.js';
import type { FormControl } from './form-control.js';
import type { RichEditor } from './rich-editor.component.js';
import { ownUndoStep } from '../../core/transaction-meta.js';

/** What the document reads of its element's state that is not a public property. */
export interface EditorDocumentHost {
  /** Whether the user may edit: neither read-only nor disabled. */
  editable(): boolean;
  /** Whether the element is disabled, by its attribute or a disabled `<fieldset>`. */
  disabled(): boolean;
  /** A transaction the view has just applied to `before` (what it says is read out: announcer.ts). */
  applied(tr: Transaction, before: EditorState): void;
}

/**
 * Where the element's document lives and how it changes hands: the ProseMirror view
 * (built at the first render, rebuilt for a new configuration, destroyed when the element
 * is removed), the value given before there is a view, the document of a removed element,
 * and `value`'s rule (setting the value last given does nothing; `setValue()` always
 * replaces). A document's HTML is serialised once: `value`, the change event and the form share it.
 */
export class EditorDocument implements ReactiveController {
  private liveView: EditorView | null = null;
  /** The HTML last set as `value` (attribute or property): set again, it changes nothing; a rebuild reads it again. */
  private given = '';
  /** The HTML the document was last made from (`value`, `setValue()`, the first render): a rebuild reads it again while the content is unedited. */
  private source = '';
  /** The value before there is a view to hold it. */
  private pendingValue = '';
  /** The document of a removed element, put back when it is added again. */
  private detachedDoc: PMNode | null = null;
  /** The value the element first rendered, restored by a form reset when there is no `value` attribute. */
  private initialValue: string | null = null;
  /**
   * The last document serialised, with its HTML: the value while the document is unchanged,
   * and after a change the markup of the blocks the change left alone (one document's HTML
   * is held, as when nothing changed).
   */
  private htmlCache: DocumentHTML | null = null;
  /**
   * Whether the content was changed since it started or was reset, by the user or through
   * `value`, `setValue()` or `clear()` (a `<textarea>`'s dirty flag): a new default value
   * then leaves it as it is.
   */
  private dirty = false;
  /** Above zero while the host changes the document (setValue, clear, focusAt): no native `input` for those. */
  private hostEdits = 0;
  /** Editing together, when the element does (collaboration.ts). */
  private collab: CollaborationController | null = null;
  /** The view's plugins, with the slots of the parts that may arrive later (table editing, the menus' plugins). */
  private slots: PluginSlots = [];
  /** Stops listening for arriving parts (while connected). */
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly host: RichEditor,
    private readonly config: Configuration,
    private readonly formControl: FormControl,
    private readonly element: EditorDocumentHost,
  ) {
    host.addController(this);
  }

  /** Takes the collaboration controller, whose shared document the view edits while it is active; returns it. */
  share(collab: CollaborationController): CollaborationController {
    this.collab = collab;
    return collab;
  }

  /** The live view (null before the first render and while the element is removed). */
  get view(): EditorView | null {
    return this.liveView;
  }

  hostConnected(): void {
    this.stopListening = onPartsArrived(() => this.partsArrived());
    // Re-adding an element that was removed builds a fresh view around its document.
    if (this.host.hasUpdated && !this.view) this.create(this.detachedDoc ? this.htmlOf(this.detachedDoc) : this.pendingValue);
    this.detachedDoc = null;
  }

  hostUpdated(): void {
    // The first render made the content's mount: the view is built in it.
    if (!this.host.hasUpdated) this.create();
  }

  hostDisconnected(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.host.hub.attach(null);
    // Kept, so the value read meanwhile is the content, as a removed textarea's is.
    if (this.view) this.detachedDoc = this.view.state.doc;
    this.view?.destroy();
    this.liveView = null;
  }

  /** The document: the view's, a removed element's, or the one the value given before the first render makes. */
  get current(): PMNode {
    return this.view?.state.doc ?? this.detachedDoc ?? parseHTML(this.pendingValue, { schema: this.config.setup.schema });
  }

  /** The document's HTML, leading and trailing empty paragraphs trimmed. */
  get html(): string {
    return this.htmlOf(this.current);
  }

  /** Whether the document holds no text and no atom (an image, a mention). */
  get empty(): boolean {
    return !hasContent(this.current);
  }

  /** `value` was set: as a Lit property would, the value last given changes nothing. */
  assign(html: string): void {
    // @lit/react sets every property on every render, and a host's setValue() (taking a
    // server's text) must not be undone by the next one.
    const next = html ?? '';
    if (next === this.given) return;
    this.given = next;
    // A shared document's content is the server's: a value is never a seed (nothing is duplicated).
    if (!this.collab?.active) this.host.setValue(next);
  }

  /**
   * The default value (the `value` attribute) was set: the content becomes it while it is
   * not dirty, as an `<input>`'s; either way a form reset returns to it.
   */
  assignDefault(html: string): void {
    if (this.dirty) return;
    this.assign(html);
    this.dirty = false;
  }

  /** The value the element first rendered (or will render first): the default value when there is no `value` attribute. */
  get firstValue(): string {
    return this.initialValue ?? this.pendingValue;
  }

  /** Replaces the document with HTML (no-op when equal; refused and logged while an image upload runs). */
  replace(htmlValue: string): void {
    this.dirty = true;
    const html = htmlValue ?? '';
    const view = this.view;
    if (!view) {
      this.pendingValue = this.given = html;
      this.detachedDoc = null;
      return;
    }
    if (html === this.htmlOf(view.state.doc)) {
      this.source = html;
      return;
    }
    if (!canReplaceContent(view.state)) {
      log.warn('The value was not replaced: an image upload is in progress');
      return;
    }
    if (this.asHost(() => setContent(view, html))) {
      this.source = html;
      this.formControl.valueReplaced();
    }
  }

  /** Empties the document. */
  clear(): void {
    this.dirty = true;
    const view = this.view;
    if (!view) this.host.setValue('');
    else if (this.asHost(() => clearContent(view))) this.formControl.valueReplaced();
  }

  /** A form reset: back to the default value (the `value` attribute, or the value first rendered); the content is no longer dirty. */
  reset(): void {
    this.host.setValue(this.host.defaultValue);
    this.dirty = false;
  }

  /** Runs a named command of a block or extension at the selection (`RichEditor.run`); false where it does not apply, its feature is off, or the editor takes no input. */
  run(name: string, args: readonly unknown[]): boolean {
    const { commands, commandFeatures } = this.config.setup;
    const factory = commands.get(name);
    if (!factory) throw new RangeError(`The editor has no command "${name}"; it has ${[...commands.keys()].sort().join(', ')}`);
    const view = this.view;
    if (!view || !this.element.editable() || !featureOn(this.host.features, commandFeatures.get(name))) return false;
    const command = (factory as (...given: readonly unknown[]) => Command)(...args);
    // Its own undo step, even right after typing or another command.
    return this.asHost(() => command(view.state, (tr) => view.dispatch(ownUndoStep(tr)), view));
  }

  /** Runs a change the host asked for: it fires no native `input`. */
  asHost<T>(change: () => T): T {
    this.hostEdits++;
    try {
      return change();
    } finally {
      this.hostEdits--;
    }
  }

  /**
   * The editable's accessible name: the host's `aria-label`, else its `<label>`s' text (the host
   * is a form control: `<label for>` and a wrapping label name it), else the words' default.
   */
  private label(): string {
    const labels = this.formControl.internals?.labels;
    const text = labels && [...labels].map((label) => label.textContent!.trim()).join(' ');
    return this.host.getAttribute('aria-label') ?? (text || wordsWith(this.host.strings)['editor.label']);
  }

  /** Writes the editable's attributes again (its name, required), which ProseMirror reads at each update. */
  refreshAttributes(): void {
    this.view?.setProps({});
  }

  /** Brings the view up to date with the element's properties, and rebuilds it for a new configuration. */
  update(changed: PropertyValues<RichEditor>): void {
    // Mention highlights load once the host gives its list (the first update has it when given before).
    if (changed.has('mentionHighlights') && this.host.mentionHighlights) void loadHighlights();
    const view = this.view;
    if (!view) return;
    // `formDisabled` (the browser's word, the attribute's too) is private, so not among the keys PropertyValues<RichEditor> lists.
    if (changed.has('readonly') || changed.has('disabled') || (changed as PropertyValues).has('formDisabled')) {
      view.setProps({ editable: () => this.element.editable() });
      this.host.hub.notify(view.state);
    }
    if (changed.has('required')) {
      this.formControl.validate();
      this.refreshAttributes();
    }
    if (changed.has('name')) this.formControl.flush();
    if (changed.has('placeholder')) view.dispatch(view.state.tr);
    // A host that sets its highlight list after the element started gets it applied (highlights that
    // have not arrived yet ask for the list when they do).
    const highlights = editingParts().highlights;
    if (highlights && changed.has('mentionHighlights') && changed.get('mentionHighlights') !== this.host.mentionHighlights) highlights.refreshMentionHighlights(view.state, view.dispatch);
    if (this.config.rebuilds(changed, view.state)) this.rebuild();
  }

  /** Whether a view was ever mounted (the next one gets a fresh element). */
  private mounted = false;

  private create(html: string = this.pendingValue): void {
    const host = this.host;
    let mount = host.renderRoot.querySelector('.content') as HTMLElement;
    // A view after the first (a rebuild, a reconnect) gets an element of its own: the view just
    // destroyed may still have ProseMirror's focus timer pending, which reads the selection of
    // its element through the view's (now gone) document in WebKit when that element has focus.
    if (this.mounted) {
      const fresh = mount.ownerDocument.createElement('div');
      fresh.className = 'content';
      fresh.setAttribute('part', 'content');
      mount.replaceWith(fresh);
      mount = fresh;
    }
    this.mounted = true;
    mount.replaceChildren();
    const setup = this.config.setup;
    this.config.showStyles(setup.styles);
    this.initialValue ??= html;
    this.source = html;
    // Editing together: the shared document's content once synced (empty and read-only until then).
    const shared = this.collab?.shared?.editing(setup.schema) ?? null;
    const doc = this.collab?.active ? (shared?.doc ?? emptyDoc(setup.schema)) : parseHTML(html, { schema: setup.schema });
    // The mount itself becomes the editable root, so `.content > *` are the document's blocks.
    this.liveView = new EditorView({ mount }, {
      state: EditorState.create({ doc, plugins: fillSlots((this.slots = this.config.plugins(setup, shared)), editingParts()) }),
      editable: () => this.element.editable(),
      nodeViews: nodeViews(setup.schema, host.features),
      markViews: markViews(setup.schema),
      // A read-only viewer is focusable by a click or `focus()` but not by Tab; as the
      // first focusable element of the shadow root, it is what focus delegation finds. One waiting
      // for its shared document takes focus (Tab too): what is typed then goes in once it is there.
      attributes: () => ({
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': this.label(),
        ...(host.required ? { 'aria-required': 'true' } : {}),
        ...(host.readonly ? { tabindex: '-1', 'aria-readonly': 'true' } : this.collab?.awaiting && !this.element.disabled() ? { tabindex: '0' } : {}),
        // Tab indents in an editable editor; the way out is said where focus lands.
        ...(this.element.editable() ? { 'aria-description': wordsWith(host.strings)['editor.leaveHint'] } : {}),
        ...(this.element.disabled() ? { 'aria-disabled': 'true' } : {}),
      }),
      dispatchTransaction: (tr) => this.dispatch(tr),
      handleDOMEvents: {
        focus: () => {
          emit(host, RichEditorEvents.focus, undefined);
          return false;
        },
        blur: () => {
          emit(host, RichEditorEvents.blur, undefined);
          return false;
        },
      },
    });
    host.hub.attach(this.liveView);
    this.formControl.flush();
    this.formControl.validate();
  }

  /**
   * A part loaded on demand arrived (table editing, the menus' plugins): the state takes its plugins in their
   * slots, around the same plugins as before, so their state (history, open menus, a shared
   * document's) is kept.
   */
  private partsArrived(): void {
    const view = this.view;
    if (!view) return;
    // The part's own CSS, before anything is drawn with it.
    this.config.showStyles();
    const plugins = fillSlots(this.slots, editingParts());
    // The same plugins (the part has no slot here): nothing to do. A stand-in replaced keeps the count.
    if (plugins.length === view.state.plugins.length && plugins.every((plugin, i) => plugin === view.state.plugins[i])) return;
    readMovedSelection(view);
    const previous = view.state;
    view.updateState(previous.reconfigure({ plugins }));
    this.host.hub.notify(previous);
  }

  /** The view takes up what may be done now (editable or not), and the UI pieces follow. */
  refresh(): void {
    const view = this.view;
    this.host.requestUpdate();
    if (!view) return;
    view.setProps({ editable: () => this.element.editable() });
    this.host.hub.notify(view.state);
  }

  /** Rebuilds the view around its current content (a new setup, or a shared document that arrived or went); reconfigures it for other features, words or menus (reconfigure.ts). */
  rebuild(): void {
    const view = this.view;
    if (!view) return;
    const setup = this.config.setup;
    if (setup.schema === view.state.schema && !this.collab?.active && !this.collab?.awaiting) {
      const previous = view.state;
      reconfigureView(view, this.config, (this.slots = this.config.plugins(setup)), this.host.features);
      this.host.hub.notify(previous);
      return;
    }
    // Content not edited since it was set is read again from the value, which the new
    // schema may read more of (a host block the old one did not know).
    const pristine = view.state.doc.eq(parseHTML(this.source, { schema: view.state.schema }));
    const html = pristine ? this.source : this.htmlOf(view.state.doc);
    const [hadFocus, selection] = [view.hasFocus(), view.state.selection];
    this.host.hub.attach(null);
    view.destroy();
    this.liveView = null;
    this.create(html);
    // The selection where its places still stand (a shared document's binding places its own).
    if (this.view) carryOver(this.view, this.collab?.active ? null : selection, hadFocus);
  }

  private dispatch(transaction: Transaction): void {
    const view = this.view;
    if (!view) return;
    const previous = view.state;
    const shared = this.collab?.shared;
    // Others' changes: narrowed to what they changed (they carry SHARED_CHANGE_META: never the user's input or files).
    const remote = !!shared?.isRemote(transaction);
    // A move of the user's caret still unread goes with any of them (their selection only keeps the state's).
    const tr = withDomSelection(view, remote ? shared!.narrow(previous, transaction) : transaction, remote);
    view.updateState(previous.apply(tr));
    this.host.hub.notify(previous);
    this.element.applied(tr, previous);
    if (view.state.doc !== previous.doc) {
      const doc = view.state.doc;
      emit(this.host, RichEditorEvents.change, lazyChangeDetail(() => serializeJSON(doc), () => this.htmlOf(doc)));
      const byUser = this.hostEdits === 0 && !remote;
      if (byUser) this.dirty = true;
      this.formControl.documentChanged(byUser);
    }
  }

  /**
   * A document's HTML, serialised once per document: `value`, the change event and the form
   * share it. The blocks it shares with the document serialised last are not written again
   * (an autosave that reads the HTML after each change writes the blocks that changed).
   */
  private htmlOf(doc: PMNode): string {
    this.htmlCache = serializeHTMLAfter(doc, this.htmlCache);
    return this.htmlCache.html;
  }
}
