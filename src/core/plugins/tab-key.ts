import { NodeSelection, Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The key of the Tab plugin. */
export const tabKeyKey = new PluginKey('tabKey');

/** How long after Escape a Tab moves focus out of the editor, in milliseconds (CodeMirror's escape uses the same). */
export const TAB_ESCAPE_WINDOW = 2000;

const MODIFIERS: ReadonlySet<string> = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * A node view's control that Tab reaches from the selected node although it is out of the
 * tab order (`tabindex="-1"`): Firefox moves focus to any tabbable element the caret
 * reaches in editable content, so a control that is tabbable would take the keys that
 * were meant for the text (End beside a selected image, then typing).
 */
export const NODE_CONTROL_ATTRIBUTE = 'data-node-control';

/** What Tab can focus inside a selected node. */
const FOCUSABLE = `[${NODE_CONTROL_ATTRIBUTE}], [tabindex]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), select, textarea, a[href]`;

/** The first control inside the selected node's DOM, when a node is selected. */
function selectedNodeControl(view: EditorView): HTMLElement | null {
  const { selection } = view.state;
  if (!(selection instanceof NodeSelection)) return null;
  const dom = view.nodeDOM(selection.from);
  return dom instanceof Element ? dom.querySelector<HTMLElement>(FOCUSABLE) : null;
}

function plainTab(event: KeyboardEvent): boolean {
  return event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * Tab belongs to the editor: it indents list items and code and moves between table
 * cells, and where it has nothing to do (a first list item, a paragraph) it does
 * nothing rather than move focus out mid-sentence; with a node selected that has a
 * control of its own (an image's resize handle), Tab focuses that control. The
 * documented way out, as in
 * CodeMirror: Escape, then Tab or Shift-Tab within two seconds, moves focus on as the
 * browser would. Put this plugin after every plugin that handles Tab: its handler is the
 * last one asked.
 */
export function tabKeyPlugin(): Plugin {
  // Per view: when the user last pressed Escape that no menu or dialog took. A menu's plugin that
  // closes on Escape handles it first (this plugin's handler is the last one asked); a popup that
  // closes itself on Escape before the editor hears the key cancels it (element/popup.ts dismissOn).
  const escapedAt = new WeakMap<EditorView, number>();
  return new Plugin({
    key: tabKeyKey,
    props: {
      handleDOMEvents: {
        // DOM handlers run before every key handler: an escaped Tab reaches the browser untouched.
        keydown(view, event) {
          // Holding Shift (for Shift-Tab) keeps the escape; any other key ends it.
          if (MODIFIERS.has(event.key)) return false;
          const escaped = escapedAt.get(view);
          escapedAt.delete(view);
          return plainTab(event) && escaped !== undefined && event.timeStamp - escaped <= TAB_ESCAPE_WINDOW;
        },
      },
      handleKeyDown(view, event) {
        if (event.key === 'Escape' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
          if (!event.defaultPrevented) escapedAt.set(view, event.timeStamp);
          return false;
        }
        if (!plainTab(event)) return false;
        // A selected node with a control of its own (an image's resize handle, a code
        // block's language picker): Tab moves focus to it.
        const control = event.shiftKey ? null : selectedNodeControl(view);
        if (control) control.focus();
        return true;
      },
    },
  });
}
