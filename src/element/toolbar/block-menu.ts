import { html, nothing } from 'lit';
import { BUILTIN_BLOCK_MENU, blockMenuOf } from '../../core/extensions/setup-menus.js';
import type { BlockMenuEntry, BlockType } from '../../core/toolbar-state.js';
import type { EditorHub } from '../editor-controller.js';
import { PointerMoves } from '../listbox/pointer-moves.js';
import { wordsFor } from '../words.js';
import { CHECK_ICON, icon } from './toolbar-items.js';

/** The id of the block-type listbox (unique within the toolbar's shadow root). */
export const BLOCK_MENU_ID = 'block-menu';

/** The block-type menu's entries (the built-in kinds, then those the editor's extensions add), labelled from the strings table. */
export function blockMenuEntries(hub: EditorHub | null): readonly BlockMenuEntry[] {
  const view = hub?.view;
  const entries = view ? blockMenuOf(view.state) : BUILTIN_BLOCK_MENU;
  const words = wordsFor(hub);
  return entries.map((entry) => ({ ...entry, label: words[`blockMenu.${entry.id}`] ?? entry.label }));
}

/** What the block-type menu asks of the toolbar. */
export interface BlockMenuHost {
  /** The listbox's accessible name ("Block type" in English). */
  label(): string;
  /** The menu's entries (the built-in kinds, then an extension's). */
  entries(): readonly BlockMenuEntry[];
  /** Which entries can apply to the selection now (`command(state)`). */
  enabled(): boolean[];
  /** Runs the entry at an index. */
  choose(index: number): void;
  /** Closes the menu; `returnFocus` puts focus back on its button. */
  close(returnFocus: boolean): void;
  /** The highlight moved: render again. */
  changed(): void;
}

/** The index of the next entry that can apply, moving by `step` with wrap-around (or `from` when none can). */
function nextEnabled(enabled: readonly boolean[], from: number, step: 1 | -1): number {
  const count = enabled.length;
  for (let i = 1; i <= count; i++) {
    const index = (((from + step * i) % count) + count) % count;
    if (enabled[index]) return index;
  }
  return from;
}

/**
 * The block-type dropdown's listbox: the highlighted entry (`aria-activedescendant`,
 * `aria-selected`), its keys (Up/Down with wrap-around, Home/End, Enter or Space to
 * pick, Escape back to the button, Tab away) and its rendering. Entries that cannot
 * apply are `aria-disabled` and skipped.
 */
export class BlockMenu {
  /** The highlighted entry's index. */
  highlighted = 0;
  /** Tells a real hover from the list scrolling under a resting mouse. */
  private readonly pointer = new PointerMoves();

  constructor(private readonly menu: BlockMenuHost) {}

  /** Highlights the current type (or, with `last`, the last entry) as the menu opens. */
  start(current: BlockType | 'multiple' | undefined, from: 'current' | 'last'): void {
    const enabled = this.menu.enabled();
    const entries = this.menu.entries();
    const index = entries.findIndex((entry) => entry.id === current);
    if (from === 'current' && index >= 0 && enabled[index]) this.highlighted = index;
    else this.highlighted = from === 'last' ? nextEnabled(enabled, 0, -1) : nextEnabled(enabled, entries.length - 1, 1);
    this.menu.changed();
  }

  /** The listbox, with a check beside the blocks' current type. */
  render(current: BlockType | 'multiple') {
    const enabled = this.menu.enabled();
    const entries = this.menu.entries();
    return html`<div
      class="panel menu"
      id=${BLOCK_MENU_ID}
      role="listbox"
      aria-label=${this.menu.label()}
      tabindex="-1"
      aria-activedescendant=${`block-option-${entries[this.highlighted]?.id ?? ''}`}
      @keydown=${this.onKey}
    >
      ${entries.map(
        (option, index) => html`<div
          class=${current === option.id ? 'option current' : 'option'}
          id=${`block-option-${option.id}`}
          role="option"
          aria-selected=${index === this.highlighted ? 'true' : 'false'}
          aria-disabled=${enabled[index] ? nothing : 'true'}
          @pointermove=${(event: PointerEvent) => this.pointer.moved(event) && enabled[index] && this.highlight(index)}
          @click=${() => enabled[index] && this.menu.choose(index)}
        >
          <span class="check">${current === option.id ? icon(CHECK_ICON) : nothing}</span>${option.label}
        </div>`,
      )}
    </div>`;
  }

  private highlight(index: number): void {
    if (index === this.highlighted) return;
    this.highlighted = index;
    this.menu.changed();
  }

  private readonly onKey = (event: KeyboardEvent): void => {
    const enabled = this.menu.enabled();
    const last = this.menu.entries().length - 1;
    switch (event.key) {
      case 'ArrowDown':
        this.highlight(nextEnabled(enabled, this.highlighted, 1));
        break;
      case 'ArrowUp':
        this.highlight(nextEnabled(enabled, this.highlighted, -1));
        break;
      case 'Home':
        this.highlight(nextEnabled(enabled, last, 1));
        break;
      case 'End':
        this.highlight(nextEnabled(enabled, 0, -1));
        break;
      case 'Enter':
      case ' ':
        if (enabled[this.highlighted]) this.menu.choose(this.highlighted);
        break;
      case 'Escape':
        // Back to the button that opened it, as menu buttons do; a second Escape returns to the editor.
        this.menu.close(true);
        break;
      case 'Tab':
        this.menu.close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
}
