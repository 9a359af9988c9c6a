import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { TextSelection, type Command, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { linkRangeAt } from '../../core/plugins/link.js';
import { removeLink, setLink } from '../../core/plugins/link-commands.js';
import { toolbarState } from '../../core/toolbar-state.js';
import { blockMenuOf, toolbarItemsOf } from '../../core/extensions/setup-menus.js';
import { wordsFor } from '../words.js';
import { EditorStateController, type EditorHub } from '../editor-controller.js';
import { BLOCK_MENU_ID, BlockMenu, blockMenuEntries } from './block-menu.js';
import { ContentWatchController } from './content-watch.js';
import { LinkField } from './link-field.js';
import { ThrottleController } from './throttle.js';
import { ToolbarButtons, type Panel, type Snapshot } from './toolbar-buttons.js';
import { ToolbarPlacement } from './toolbar-placement.js';
import { toolbarStyles } from './toolbar.styles.js';

/** Spec 9: "Toolbar update delay is 250 ms". */
export const TOOLBAR_UPDATE_DELAY = 250;

/**
 * `<rich-editor-toolbar>`: the floating formatting toolbar. It renders core's
 * `toolbarState` (when it shows, which marks are on, the block type, the link) above
 * the selection and runs core's commands; it decides none of those rules itself.
 * What it adds is timing: it hides while a mouse selection is being dragged out and
 * refreshes at most once per 250 ms, always ending on the latest state.
 *
 * Keyboard: Alt+F10 in the editor moves focus to the toolbar; Left/Right (and
 * Home/End) move between its buttons; Escape returns to the editor. The block-type
 * button opens a listbox (arrows, Enter, Escape); the link button opens a URL field
 * (Enter applies a valid http(s) URL, anything else leaves it open and marked invalid).
 *
 * @csspart toolbar - the toolbar surface, its dropdown and its link field
 * @cssprop --rich-editor-surface - the toolbar background
 * @cssprop --rich-editor-surface-hover - hovered and pressed buttons
 * @cssprop --rich-editor-border - the toolbar border and dividers
 * @cssprop --rich-editor-accent - focus rings and the pressed marker
 * @cssprop --rich-editor-danger - the border of a rejected URL
 */
export class RichEditorToolbar extends LitElement {
  static override styles = toolbarStyles;

  static override properties = {
    hub: { attribute: false },
    snapshot: { state: true },
    dragging: { state: true },
    panel: { state: true },
    focusIndex: { state: true },
    focused: { state: true },
    panelVersion: { state: true },
  };

  /** The editor this toolbar belongs to (set by `<rich-editor>`). */
  hub: EditorHub | null = null;

  private snapshot: Snapshot | null = null;
  private dragging = false;
  private panel: Panel | null = null;
  /** The button that takes Tab focus (roving tabindex). */
  private focusIndex = 0;
  /** Bumped when the open dropdown's own state changes (its highlight, the field's validity), to render it. */
  private panelVersion = 0;
  /** Whether focus is in the editor content or in this toolbar (the toolbar hides when the user works elsewhere). */
  private focused = false;
  private focusTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly editor = new EditorStateController(this, (view, previous) => this.heard(view, previous));
  private readonly throttle = new ThrottleController(this, TOOLBAR_UPDATE_DELAY, () => this.refresh());
  private readonly content = new ContentWatchController(this, {
    press: () => {
      this.dragging = true;
    },
    release: () => {
      this.dragging = false;
      this.throttle.flush();
    },
    focusToolbar: () => this.focusToolbar(),
    openLink: () => this.openLinkField(),
    focusChanged: () => this.checkFocusSoon(),
  });
  private readonly blockMenu = new BlockMenu({
    label: () => wordsFor(this.hub)['blockMenu.label'],
    entries: () => blockMenuEntries(this.hub),
    enabled: () => this.blockEnabled(),
    choose: (index) => this.chooseBlockType(index),
    close: (returnFocus) => {
      this.panel = null;
      if (returnFocus) this.buttons.button(this.buttons.order.indexOf('block'))?.focus();
    },
    changed: () => this.panelVersion++,
  });
  private readonly linkField = new LinkField({
    // Spec 5: only a valid URL (or a bare domain, given https://) is accepted; core's setLink refuses anything else and the field stays open.
    apply: (value) => {
      const view = this.hub?.view;
      if (!view || !setLink(value)(view.state)) return false;
      this.runAndReturn(setLink(value));
      return true;
    },
    remove: () => this.runAndReturn(removeLink),
    changed: () => this.panelVersion++,
    words: () => {
      const words = wordsFor(this.hub);
      return { url: words['toolbar.linkUrl'], remove: words['toolbar.removeLink'] };
    },
  });
  private readonly buttons = new ToolbarButtons(this, {
    run: (command) => this.runAndReturn(command),
    toggleBlockMenu: () => this.toggleBlockMenu(),
    toggleLinkPanel: () => this.toggleLinkPanel(),
    openBlockMenu: (from) => this.openBlockMenu(from),
  });
  private readonly placement = new ToolbarPlacement(this, () => {
    this.panel = null;
  });
  /** What to focus once the next render is on screen. */
  private focusAfterRender: 'menu' | 'link' | null = null;

  private get shown(): boolean {
    return !!this.snapshot?.visible && !this.dragging && this.focused;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.focusTimer !== null) clearTimeout(this.focusTimer);
    this.focusTimer = null;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    // The controller asks for a render on every editor update; only the throttled snapshot (a property) changes what shows.
    return changed.size > 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('hub')) {
      if (this.isConnected) this.editor.reconnect();
      this.heard(this.hub?.view ?? null);
    }
    if (!this.shown) this.panel = null;
  }

  override render() {
    const snap = this.snapshot;
    if (!snap || !this.shown) return nothing;
    const words = wordsFor(this.hub);
    return html`<div
      class="toolbar"
      part="toolbar"
      role="toolbar"
      aria-label=${words['toolbar.label']}
      aria-keyshortcuts="Alt+F10"
      @mousedown=${this.keepEditorFocus}
      @keydown=${this.onToolbarKey}
      @focusin=${this.onFocusIn}
      @focusout=${this.checkFocusSoon}
    >
      ${this.buttons.render(snap, this.panel, this.focusIndex)}
      ${this.panel === 'block' ? this.blockMenu.render(snap.blockType) : nothing}
      ${this.panel === 'link' ? this.linkField.render(!!snap.link) : nothing}
    </div>`;
  }

  protected override updated(): void {
    this.placement.place(this.hub?.view ?? null, this.renderRoot.querySelector<HTMLElement>('.toolbar'), this.snapshot, this.panel);
    const target = this.focusAfterRender;
    this.focusAfterRender = null;
    if (target === 'menu') this.renderRoot.querySelector<HTMLElement>(`#${BLOCK_MENU_ID}`)?.focus();
    if (target === 'link') this.renderRoot.querySelector<HTMLInputElement>('.link-input')?.focus();
  }

  // ------------------------------------------------------------ editor state

  /**
   * Every editor update: follow the view's content and ask for a (throttled) refresh, unless a
   * transaction left the document, the selection, the stored marks and the plugins as they
   * were (a plugin's own, such as the block pin's after the caret's frame): such an update shows
   * nothing new, and opening the throttle's window for it would hold back the user's next
   * change. A notice with the same state (editable or not changed) or new plugins still asks.
   */
  private heard(view: EditorView | null, previous?: EditorState | null): void {
    this.content.attach(view?.dom ?? null);
    const state = view?.state;
    const unchanged = !!state && !!previous && previous !== state && state.plugins === previous.plugins && state.doc === previous.doc && state.selection.eq(previous.selection) && state.storedMarks === previous.storedMarks;
    if (unchanged) return;
    this.throttle.request();
  }

  /** Takes a new snapshot of core's toolbar state (runs at most once per 250 ms, see `ThrottleController`). */
  private refresh(): void {
    const hub = this.hub;
    const view = hub?.view;
    if (!hub || !view) {
      this.snapshot = null;
      return;
    }
    const { from, to } = view.state.selection;
    this.snapshot = { ...toolbarState(view.state, { editable: hub.editable, blockMenu: blockMenuOf(view.state), items: toolbarItemsOf(view.state) }), from, to };
    this.focused = this.hasFocus(view);
  }

  private hasFocus(view: EditorView): boolean {
    return view.hasFocus() || !!this.shadowRoot?.activeElement;
  }

  /**
   * Re-reads focus once a focus move has finished: while `focusout` runs, the element
   * that gains focus (the URL field, a toolbar button) does not have it yet.
   */
  private readonly checkFocusSoon = (): void => {
    if (this.focusTimer !== null) clearTimeout(this.focusTimer);
    this.focusTimer = setTimeout(() => {
      this.focusTimer = null;
      const view = this.hub?.view;
      const focused = !!view && this.hasFocus(view);
      if (focused === this.focused) return;
      this.focused = focused;
      // Coming back: show the current selection, not the one from before focus left.
      if (focused) this.throttle.flush();
    }, 0);
  };

  // ------------------------------------------------------------ actions

  /** Runs a core command, returns focus to the editor and shows the result at once. */
  private runAndReturn(command: Command): void {
    const view = this.hub?.view;
    if (!view) return;
    command(view.state, view.dispatch, view);
    this.panel = null;
    view.focus();
    this.throttle.flush();
  }

  private toggleBlockMenu(): void {
    if (this.panel === 'block') {
      this.panel = null;
      return;
    }
    this.openBlockMenu('current');
  }

  private openBlockMenu(from: 'current' | 'last'): void {
    this.blockMenu.start(this.snapshot?.blockType, from);
    this.panel = 'block';
    this.focusAfterRender = 'menu';
  }

  private toggleLinkPanel(): void {
    if (this.panel === 'link') {
      this.panel = null;
      return;
    }
    const view = this.hub?.view;
    this.linkField.reset(view ? (toolbarState(view.state, { editable: true }).link?.href ?? '') : '');
    this.panel = 'link';
    this.focusAfterRender = 'link';
  }

  /** Which dropdown entries can apply to the current selection (`command(state)`). */
  private blockEnabled(): boolean[] {
    const view = this.hub?.view;
    return blockMenuEntries(this.hub).map((entry) => !!view && entry.command(view.state));
  }

  private chooseBlockType(index: number): void {
    const view = this.hub?.view;
    const command = blockMenuEntries(this.hub)[index]?.command;
    if (!view || !command || !command(view.state)) return;
    this.runAndReturn(command);
  }

  /** Moves focus into the toolbar (Alt+F10); false when the selection has no toolbar. */
  private focusToolbar(): boolean {
    this.throttle.flush();
    if (!this.shown) return false;
    void this.updateComplete.then(() => this.buttons.button(this.focusIndex)?.focus());
    return true;
  }

  /**
   * Opens the link field over the selection (Ctrl+K), or focuses it; with the caret in a link,
   * over that link's text (to change its address or take it off, as in word processors). False
   * when there is no selection or link to show the toolbar for, or the toolbar has no link button.
   */
  private openLinkField(): boolean {
    this.throttle.flush();
    const view = this.hub?.view;
    const link = view && !this.shown && this.hub?.editable && view.state.selection.empty ? linkRangeAt(view.state.doc, view.state.selection.from) : null;
    if (link && this.buttons.has('link')) {
      view!.dispatch(view!.state.tr.setSelection(TextSelection.create(view!.state.doc, link.from, link.to)));
      this.throttle.flush();
    }
    if (!this.shown || !this.buttons.has('link')) return false;
    if (this.panel === 'link') this.renderRoot.querySelector<HTMLInputElement>('.link-input')?.focus();
    else this.toggleLinkPanel();
    return true;
  }

  private focusEditor(): void {
    this.panel = null;
    this.hub?.view?.focus();
  }

  // ------------------------------------------------------------ keyboard and pointer

  /** Buttons keep the editor's focus and selection when pressed; only the URL field takes focus. */
  private readonly keepEditorFocus = (event: MouseEvent): void => {
    if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
  };

  private readonly onFocusIn = (event: FocusEvent): void => {
    const index = this.buttons.indexOf(event.target);
    if (index >= 0) this.focusIndex = index;
  };

  private readonly onToolbarKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.focusEditor();
      return;
    }
    const next = this.buttons.move(event.key, this.buttons.indexOf(event.target));
    if (next === undefined) return;
    event.preventDefault();
    this.focusIndex = next;
    this.buttons.button(next)?.focus();
  };
}
