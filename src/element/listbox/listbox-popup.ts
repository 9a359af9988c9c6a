import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Command } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { PopupController, dismissOn, rangeReference } from '../popup.js';

/** What an editor listbox popup shows, read from a headless core plugin's state. */
export interface ListboxPopupState {
  readonly open: boolean;
  /** The typed range the popup sits under (trigger character to the end of the query). */
  readonly range: { readonly from: number; readonly to: number } | null;
  /** The highlighted option's index. */
  readonly highlighted: number;
  /** How many options are rendered (0: no listbox is rendered). */
  readonly count: number;
}

/** The id prefix and the closing command of one listbox popup. */
export interface ListboxPopupOptions {
  /** Starts the listbox's and the options' ids; unique within the editor's shadow root. */
  readonly idPrefix: string;
  /** The core command that closes the popup (outside presses and Escape call it). */
  readonly close: Command;
}

/**
 * What the slash menu and the mention list share: it keeps the popup under the typed
 * range (Floating UI, inside the shadow root), closes it on an outside press or Escape,
 * points the editor content's `aria-controls` / `aria-activedescendant` at the listbox
 * and its highlighted option, and scrolls that option into view. The host calls `sync`
 * after every render.
 *
 * The listbox and options live in the host's light DOM, which is the editor's shadow
 * tree, because ARIA id references (and element reflection, by spec) cannot reach into
 * a nested shadow root; there they resolve for axe and screen readers alike.
 */
export class ListboxPopupController implements ReactiveController {
  private readonly popup: PopupController;
  private view: EditorView | null = null;
  private scrolledTo: Element | null = null;
  private stopDismiss: (() => void) | null = null;
  private ownsAutocomplete = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ListboxPopupOptions,
  ) {
    host.addController(this);
    this.popup = new PopupController(host, { placement: 'bottom-start', gap: 6, fitHeight: true, watchSize: false });
  }

  /** The id of the `role="listbox"` element. */
  get listboxId(): string {
    return `${this.options.idPrefix}-listbox`;
  }

  /** The id of the option at an index. */
  optionId(index: number): string {
    return `${this.options.idPrefix}-option-${index}`;
  }

  /** Brings positioning, dismissal, the editor's ARIA state and scrolling in line with what was just rendered. */
  sync(view: EditorView | null, state: ListboxPopupState | null, floating: HTMLElement | null): void {
    if (!view || !state?.open || !state.range || !floating) {
      this.teardown();
      return;
    }
    if (this.view && this.view !== view) this.teardown();
    this.view = view;
    const { from, to } = state.range;
    // Placed after every render: the range moves (typing grows it, edits elsewhere shift it) and the
    // options change the popup's size (it does not watch its own); autoUpdate covers scroll and resize.
    this.popup.show(rangeReference(view, from, to), floating);
    this.stopDismiss ??= dismissOn(
      () => [this.host, this.view?.dom],
      () => {
        const current = this.view;
        if (current) this.options.close(current.state, current.dispatch, current);
      },
    );
    const active = state.count > 0 ? Math.min(state.highlighted, state.count - 1) : -1;
    this.setEditorAria(view.dom, active);
    const option = active >= 0 ? this.host.querySelector(`[id="${this.optionId(active)}"]`) : null;
    if (option && option !== this.scrolledTo) option.scrollIntoView({ block: 'nearest' });
    this.scrolledTo = option;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.teardown();
  }

  private setEditorAria(content: HTMLElement, active: number): void {
    if (content.getAttribute('aria-autocomplete') !== 'list') {
      content.setAttribute('aria-autocomplete', 'list');
      this.ownsAutocomplete = true;
    }
    if (active < 0) {
      this.clearReferences(content);
      return;
    }
    setIfChanged(content, 'aria-controls', this.listboxId);
    setIfChanged(content, 'aria-activedescendant', this.optionId(active));
  }

  /** Removes only the references that are ours: the other popup may have set its own. */
  private clearReferences(content: HTMLElement): void {
    if (content.getAttribute('aria-controls') === this.listboxId) content.removeAttribute('aria-controls');
    if (content.getAttribute('aria-activedescendant')?.startsWith(`${this.options.idPrefix}-option-`)) {
      content.removeAttribute('aria-activedescendant');
    }
  }

  private teardown(): void {
    this.popup.hide();
    this.stopDismiss?.();
    this.stopDismiss = null;
    const content = this.view?.dom;
    if (content) {
      this.clearReferences(content);
      if (this.ownsAutocomplete) content.removeAttribute('aria-autocomplete');
    }
    this.ownsAutocomplete = false;
    this.view = null;
    this.scrolledTo = null;
  }
}

function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
