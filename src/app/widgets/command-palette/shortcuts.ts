// The app's keyboard shortcuts: the list the help dialog shows and the window listener running them.
import { useLayoutEffect, useRef } from 'react';
import { clock } from '../../../core/index.js';

/** What a shortcut does; the layout gives each one its handler. */
export type ShortcutAction = 'palette' | 'search' | 'create-issue' | 'go-issues' | 'go-projects' | 'help';

/** The shortcuts, as the help dialog lists them (keys pressed one after the other are separate entries). */
export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: readonly string[]; label: string }> = [
  { action: 'palette', keys: ['Ctrl', 'K'], label: 'Open the command palette (⌘ K on macOS)' },
  { action: 'search', keys: ['/'], label: 'Search: open the command palette' },
  { action: 'create-issue', keys: ['C'], label: 'Create an issue' },
  { action: 'go-issues', keys: ['G', 'I'], label: "Go to the current project's issues" },
  { action: 'go-projects', keys: ['G', 'P'], label: 'Go to projects' },
  { action: 'help', keys: ['?'], label: 'Show keyboard shortcuts' },
];

/**
 * The keys that move focus down and up an issue list's rows and a board's columns
 * (screens/issues/issue-list.tsx, issue-board.tsx): either key of an entry (`key` as
 * KeyboardEvent has it, `shown` as the help dialog writes it) moves `step` issues.
 */
export const LIST_KEYS: ReadonlyArray<{ keys: ReadonlyArray<{ key: string; shown: string }>; step: 1 | -1; label: string }> = [
  { keys: [{ key: 'j', shown: 'J' }, { key: 'ArrowDown', shown: '↓' }], step: 1, label: 'Next issue in a list or a board column' },
  { keys: [{ key: 'k', shown: 'K' }, { key: 'ArrowUp', shown: '↑' }], step: -1, label: 'Previous issue in a list or a board column' },
];
const LIST_STEPS: ReadonlyMap<string, 1 | -1> = new Map(LIST_KEYS.flatMap(({ keys, step }) => keys.map(({ key }) => [key, step] as const)));

/** How many issues `event`'s key moves focus down (1) or up (-1) a list, or undefined for another key or one with a modifier. */
export function listStep(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): 1 | -1 | undefined {
  return event.altKey || event.ctrlKey || event.metaKey || event.shiftKey ? undefined : LIST_STEPS.get(event.key);
}

/**
 * The attribute an issue list's rows and a board's cards put on their link: J or K pressed with
 * focus outside them (on the page, a button, the sidebar) focuses the first or the last such link,
 * and the list keys go on from there.
 */
export const LIST_ENTRY = 'data-list-entry';
/** The props that mark a link as a list's entry ({@link LIST_ENTRY}). */
export const LIST_ENTRY_PROPS = { [LIST_ENTRY]: '' } as const;

/**
 * Focuses the first (J) or last (K) list entry on the page; says whether there was one. Only the
 * letters enter a list: the arrows keep scrolling the page.
 */
function enterList(key: string): boolean {
  const step = key.length === 1 ? LIST_STEPS.get(key) : undefined;
  if (!step) return false;
  const entries = [...document.querySelectorAll<HTMLElement>(`[${LIST_ENTRY}]`)];
  const to = step === 1 ? entries[0] : entries.at(-1);
  to?.focus();
  return !!to;
}

/**
 * The keys that walk a board across its columns (screens/issues/issue-board.tsx): alone they move
 * focus to the card at the same height in the nearest column with cards; with Shift they move the
 * focused card itself to the previous or next column.
 */
export const COLUMN_KEYS: ReadonlyArray<{ key: string; shown: string; step: 1 | -1; label: string; moveLabel: string }> = [
  { key: 'ArrowLeft', shown: '←', step: -1, label: 'Card in the previous board column', moveLabel: 'Move a card to the previous board column' },
  { key: 'ArrowRight', shown: '→', step: 1, label: 'Card in the next board column', moveLabel: 'Move a card to the next board column' },
];
const COLUMN_STEPS: ReadonlyMap<string, 1 | -1> = new Map(COLUMN_KEYS.map(({ key, step }) => [key, step] as const));

/** How many columns `event`'s key goes right (1) or left (-1) on a board, with or without Shift, or undefined for another key or one with another modifier. */
export function columnStep(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): 1 | -1 | undefined {
  return event.altKey || event.ctrlKey || event.metaKey ? undefined : COLUMN_STEPS.get(event.key);
}

/** How to leave a text editor with the keyboard (Tab indents inside one): the help dialog's line, as the editor tells screen readers. */
export const LEAVE_EDITOR_KEYS = { keys: ['Esc', 'Tab'], label: 'Leave a text editor, where Tab indents: Esc, then Tab (or Shift+Tab) within 2 seconds' } as const;

/** The key that sends what is being written, from any of its fields (the help dialog's line). */
export const SUBMIT_KEYS = { keys: ['Ctrl', 'Enter'], label: 'Create the issue or post the comment you are writing (⌘ Enter on macOS)' } as const;

/**
 * A keydown handler (for React's capture phase, so it runs before the rich editor's own line
 * break) that calls `submit` on Ctrl+Enter or ⌘+Enter: the create-issue dialog and the comment
 * editors send from the title, the description, anywhere in them, as Linear's do.
 */
export function submitOnModEnter(submit: () => void): (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; nativeEvent: KeyboardEvent; preventDefault(): void; stopPropagation(): void }) => void {
  return (event) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}

/** How long after G the second key of a "go to" shortcut counts. */
export const SEQUENCE_TIMEOUT_MS = 1_000;

/** Whether a key pressed with focus in `target` is typing: inputs, textareas, selects, editable content, the rich editor. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], rich-editor') !== null;
}

/** Whether a modal dialog or a menu of the app is open (single-key shortcuts then stay out of the way). */
function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

const isMac = () => /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/**
 * Runs the app's shortcuts from keydown on the window: Ctrl+K (⌘K on macOS) anywhere unless the
 * focused control already used it (the editor's link shortcut), and the single keys only when
 * nobody is typing, no modifier is held and no dialog or menu is open.
 */
export function useShortcuts(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  latest.current = run;
  // Listening from before the first paint: a passive effect can run a frame or more after the
  // screen shows (later still on a busy machine), and a Ctrl+K pressed meanwhile did nothing.
  useLayoutEffect(() => {
    let pendingG: number | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.composedPath()[0] ?? event.target;
      const mod = isMac() ? event.metaKey : event.ctrlKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        latest.current('palette');
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(target) || overlayOpen()) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const afterG = pendingG !== null && clock.now() - pendingG < SEQUENCE_TIMEOUT_MS;
      pendingG = null;
      let action: ShortcutAction | null = null;
      if (afterG && key === 'i') action = 'go-issues';
      else if (afterG && key === 'p') action = 'go-projects';
      else if (key === 'g' && !event.shiftKey) pendingG = clock.now();
      else if (key === 'c' && !event.shiftKey) action = 'create-issue';
      else if (key === '/') action = 'search';
      else if (key === '?') action = 'help';
      else if (!event.shiftKey && enterList(key)) {
        // J or K from outside a list (the row and card keys handle them inside): into the list.
        event.preventDefault();
        return;
      }
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
