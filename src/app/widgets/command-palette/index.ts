export { CommandPalette, type CommandPaletteProps } from './command-palette.js';
export { filterItems, issueKeyOf, looksLikeIssueKey, PALETTE_GROUPS, rankIssues, score, type PaletteGroup, type PaletteItem } from './palette-items.js';
export { columnStep, COLUMN_KEYS, isTypingTarget, LIST_ENTRY_PROPS, LIST_KEYS, listStep, SHORTCUTS, useShortcuts, type ShortcutAction } from './shortcuts.js';
export { ShortcutsHelpDialog } from './shortcuts-help-dialog.js';
