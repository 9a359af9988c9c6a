import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection, type Plugin } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { sendKeys } from '@web/test-runner-commands';
import { editingPlugins } from '../../src/core/editor-state.js';
import { parseHTML } from '../../src/core/serialize/html.js';

/** A live editor on the page for tests that type, click and paste. */
export interface TestEditor {
  view: EditorView;
  /** Destroys the view and removes it from the page. */
  destroy(): void;
}

/** Mounts a real EditorView (editing plugins included) in the page and focuses it with the caret at `caret` (default: end). */
export function mountEditor(content: string | PMNode, options: { plugins?: Plugin[]; caret?: number; editable?: boolean } = {}): TestEditor {
  const doc = typeof content === 'string' ? parseHTML(content) : content;
  ensureEditorCss();
  const host = document.createElement('div');
  document.body.appendChild(host);
  const state = EditorState.create({ doc, plugins: editingPlugins({ schema: doc.type.schema, plugins: options.plugins }) });
  const view = new EditorView(host, { state, editable: () => options.editable !== false });
  const caret = options.caret ?? view.state.doc.content.size;
  view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(caret))));
  view.focus();
  return {
    view,
    destroy() {
      view.destroy();
      host.remove();
    },
  };
}

/** ProseMirror's required CSS (it warns without `white-space: pre-wrap`). */
function ensureEditorCss(): void {
  if (document.getElementById('test-editor-css')) return;
  const style = document.createElement('style');
  style.id = 'test-editor-css';
  style.textContent = '.ProseMirror { white-space: pre-wrap; word-wrap: break-word; } .ProseMirror pre { white-space: pre; }';
  document.head.appendChild(style);
}

/** Presses a key with modifiers held, as a user would (`press('z', 'Control')`). */
export async function pressWith(key: string, ...modifiers: Array<'Control' | 'Shift' | 'Alt' | 'Meta'>): Promise<void> {
  for (const modifier of modifiers) await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  for (const modifier of [...modifiers].reverse()) await sendKeys({ up: modifier });
}

/**
 * Waits for the next frame: the browser's next rendering update (style, layout, resize and
 * intersection observers, then paint). Every test file has a window of its own (see the
 * Web Test Runner configs), so frames run; a hidden page runs none, which is said at once
 * rather than left to the test's timeout.
 */
export async function nextFrame(): Promise<void> {
  if (document.visibilityState === 'hidden') throw new Error('The test page is hidden: it runs no animation frames');
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * Waits for the next task: the microtasks queued so far (promise handlers, a host callback's
 * answer, Lit's update) have all run by then, and so have tasks queued before this one.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** ProseMirror's delay, in ms, between the editor gaining focus and its check of the selection (prosemirror-view's `handlers.focus`). */
const PROSEMIRROR_FOCUS_CHECK_MS = 20;

/**
 * Waits out ProseMirror's check after the editor gains focus: 20 ms later it puts its own
 * selection back when the page's still ends where it did at focus time (a browser may restore a
 * stale one). Keys or a click that bring the caret back to that very point inside the wait,
 * before the editor has read them (a busy machine runs the check late), are undone. A test that
 * does so right after focusing waits first.
 *
 * A timer, because nothing else can tell when that check has run: it is a private
 * `setTimeout` in prosemirror-view that dispatches no transaction and fires no event, and when
 * the selection it restores is the one already on the page it leaves no trace at all (no
 * `selectionchange`, no DOM change). The timer is exact rather than a guess because of the order
 * timers run in: the HTML timer steps run a `setTimeout` only after those set before it with an
 * equal or shorter timeout, so one set after the check's, for as long, runs after it however late
 * a busy machine runs both. Call it after the action that gave the editor focus.
 */
export function focusSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PROSEMIRROR_FOCUS_CHECK_MS));
}
