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
  /** The shortcut core's keymap binds, in ProseMirror's key form. */
  readonly shortcut: string;
  readonly command: Command;
}

/** The mark buttons in the spec's order (section 9: "bold, italic, strike, underline, code"); shortcuts are core's keymap's. */
export const MARK_BUTTONS: readonly MarkButton[] = [
  { mark: 'bold', shortcut: 'Mod-B', command: toggleBold },
  { mark: 'italic', shortcut: 'Mod-I', command: toggleItalic },
  { mark: 'strike', shortcut: 'Mod-Shift-S', command: toggleStrike },
  { mark: 'underline', shortcut: 'Mod-U', command: toggleUnderline },
  { mark: 'code', shortcut: 'Mod-E', command: toggleCode },
];

/** The dropdown button's chevron. */
export const CHEVRON_ICON = svg`<path d="m6 9 6 6 6-6" />`;

/** The mark beside the current block type in the dropdown. */
export const CHECK_ICON = svg`<path d="m5 12 5 5 9-10" />`;

/** The key that opens the link field over selected text (as in most editors and trackers). */
export const LINK_SHORTCUT = 'Mod-K';

/**
 * Whether a keydown is `Mod` and a letter (`Mod-K`): Control, or Command on Apple platforms, and
 * nothing else held; the letter's key on a layout that writes another letter there (Cyrillic).
 */
export function isModLetter(event: KeyboardEvent, spec: string): boolean {
  const letter = spec.slice(spec.lastIndexOf('-') + 1).toLowerCase();
  const mod = usesCommandKey() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey || event.shiftKey) return false;
  return event.key.toLowerCase() === letter || (!/^[a-z]$/i.test(event.key) && event.code === `Key${letter.toUpperCase()}`);
}

/** Whether shortcuts use Command (Apple platforms) rather than Control, as ProseMirror's `Mod` does. */
function usesCommandKey(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);
}

/**
 * A shortcut in ProseMirror's key form (`Mod-Shift-s`) as a tooltip shows it (`Ctrl+Shift+S`,
 * `⌘⇧S`) and as `aria-keyshortcuts` wants it (`Control+Shift+S`).
 */
export function keyShortcut(spec: string): { shown: string; aria: string } {
  const mac = usesCommandKey();
  const parts = spec.split('-');
  const key = parts.pop()!;
  const name = key.length === 1 ? key.toUpperCase() : key;
  const mods = parts.map((mod) => (mod === 'Mod' ? (mac ? 'Meta' : 'Control') : mod === 'Ctrl' ? 'Control' : mod === 'Cmd' ? 'Meta' : mod));
  const macGlyphs: Record<string, string> = { Meta: '⌘', Shift: '⇧', Alt: '⌥', Control: '⌃' };
  return {
    shown: mac ? `${mods.map((mod) => macGlyphs[mod] ?? mod).join('')}${name}` : [...mods.map((mod) => (mod === 'Control' ? 'Ctrl' : mod)), name].join('+'),
    aria: [...mods, name].join('+'),
  };
}

/** The remove-link action's cross. */
export const REMOVE_ICON = svg`<path d="M18 6 6 18M6 6l12 12" />`;

/** A 24 by 24 glyph stroked in the text colour, hidden from assistive technology (the control carries the name). */
export function icon(content: SVGTemplateResult): TemplateResult {
  return html`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${content}</svg>`;
}
