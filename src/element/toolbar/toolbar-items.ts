import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { Command } from 'prosemirror-state';
import { toggleBold, toggleCode, toggleItalic, toggleStrike, toggleUnderline } from '../../core/commands/marks.js';
import type { BlockMenuEntry, BlockType, ToolbarMark } from '../../core/toolbar-state.js';

/** The label the dropdown button shows for a kind of block (an entry id), among the menu's entries; `multiple` when they differ (spec 9). */
export function blockTypeLabel(entries: readonly BlockMenuEntry[], type: BlockType | 'multiple', multiple: string): string {
  return entries.find((entry) => entry.id === type)?.label ?? multiple;
}

/** One mark button. */
export interface MarkButton {
  readonly mark: ToolbarMark;
  readonly label: string;
  /** The key the editor's keymap binds with Mod (and Shift when `shift`). */
  readonly key: string;
  readonly shift: boolean;
  readonly command: Command;
  readonly icon: SVGTemplateResult;
}

/** The mark buttons in the spec's order (section 9: "bold, italic, strike, underline, code"); shortcuts are core's keymap's. */
export const MARK_BUTTONS: readonly MarkButton[] = [
  { mark: 'bold', label: 'Bold', key: 'B', shift: false, command: toggleBold, icon: svg`<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />` },
  { mark: 'italic', label: 'Italic', key: 'I', shift: false, command: toggleItalic, icon: svg`<path d="M19 4h-9M14 20H5M15 4 9 20" />` },
  { mark: 'strike', label: 'Strikethrough', key: 'S', shift: true, command: toggleStrike, icon: svg`<path d="M16 5H10a3 3 0 0 0-2.6 4.5M14 12a3.5 3.5 0 0 1 0 7H7M4 12h16" />` },
  { mark: 'underline', label: 'Underline', key: 'U', shift: false, command: toggleUnderline, icon: svg`<path d="M7 4v6a5 5 0 0 0 10 0V4M5 20h14" />` },
  { mark: 'code', label: 'Code', key: 'E', shift: false, command: toggleCode, icon: svg`<path d="m9 7-5 5 5 5M15 7l5 5-5 5" />` },
];

/** The link button's chain glyph. */
export const LINK_ICON = svg`<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />`;

/** The dropdown button's chevron. */
export const CHEVRON_ICON = svg`<path d="m6 9 6 6 6-6" />`;

/** The mark beside the current block type in the dropdown. */
export const CHECK_ICON = svg`<path d="m5 12 5 5 9-10" />`;

/** Whether shortcuts use Command (Apple platforms) rather than Control, as ProseMirror's `Mod` does. */
function usesCommandKey(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);
}

/** A mark's shortcut as shown in its tooltip (`Ctrl+Shift+S`) and as `aria-keyshortcuts` wants it (`Control+Shift+S`). */
export function markShortcut(button: MarkButton): { shown: string; aria: string } {
  const mac = usesCommandKey();
  const shift = button.shift ? 'Shift+' : '';
  return {
    shown: mac ? `⌘${button.shift ? '⇧' : ''}${button.key}` : `Ctrl+${shift}${button.key}`,
    aria: `${mac ? 'Meta' : 'Control'}+${shift}${button.key}`,
  };
}

/** The remove-link action's cross. */
export const REMOVE_ICON = svg`<path d="M18 6 6 18M6 6l12 12" />`;

/** A 24 by 24 glyph stroked in the text colour, hidden from assistive technology (the control carries the name). */
export function icon(content: SVGTemplateResult): TemplateResult {
  return html`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${content}</svg>`;
}
