import { html, nothing } from 'lit';
import type { BlockType } from '../../core/toolbar-state.js';
import { BLOCK_TYPE_OPTIONS, CHECK_ICON, icon } from './toolbar-items.js';

/** The id of the block-type listbox (unique within the toolbar's shadow root). */
export const BLOCK_MENU_ID = 'block-menu';

/** What the block-type menu asks of the toolbar. */
export interface BlockMenuHost {
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

  constructor(private readonly menu: BlockMenuHost) {}

  /** Highlights the current type (or, with `last`, the last entry) as the menu opens. */
  start(current: BlockType | 'multiple' | undefined, from: 'current' | 'last'): void {
    const enabled = this.menu.enabled();
    const index = BLOCK_TYPE_OPTIONS.findIndex((option) => option.type === current);
    if (from === 'current' && index >= 0 && enabled[index]) this.highlighted = index;
    else this.highlighted = from === 'last' ? nextEnabled(enabled, 0, -1) : nextEnabled(enabled, BLOCK_TYPE_OPTIONS.length - 1, 1);
    this.menu.changed();
  }

  /** The listbox, with a check beside the blocks' current type. */
  render(current: BlockType | 'multiple') {
    const enabled = this.menu.enabled();
    return html`<div
      class="panel menu"
      id=${BLOCK_MENU_ID}
      role="listbox"
      aria-label="Block type"
      tabindex="-1"
      aria-activedescendant=${`block-option-${BLOCK_TYPE_OPTIONS[this.highlighted].type}`}
      @keydown=${this.onKey}
    >
      ${BLOCK_TYPE_OPTIONS.map(
        (option, index) => html`<div
          class=${current === option.type ? 'option current' : 'option'}
          id=${`block-option-${option.type}`}
          role="option"
          aria-selected=${index === this.highlighted ? 'true' : 'false'}
          aria-disabled=${enabled[index] ? nothing : 'true'}
          @pointermove=${() => enabled[index] && this.highlight(index)}
          @click=${() => enabled[index] && this.menu.choose(index)}
        >
          <span class="check">${current === option.type ? icon(CHECK_ICON) : nothing}</span>${option.label}
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
    const last = BLOCK_TYPE_OPTIONS.length - 1;
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
