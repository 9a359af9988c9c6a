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
 * Waits for the next frame. Test pages that run side by side may be in background
 * tabs, where Chromium pauses requestAnimationFrame, so a short timer stands in.
 */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 20);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Waits out ProseMirror's check after the editor gains focus: 20 ms later it puts its own
 * selection back when the page's still ends where it did at focus time (a browser may restore a
 * stale one). Keys or a click that bring the caret back to that very point inside the wait,
 * before the editor has read them (a busy machine runs the check late), are undone. A test that
 * does so right after focusing waits first; the check, queued earlier with a shorter delay, runs
 * before this timer.
 */
export function focusSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 30));
}
