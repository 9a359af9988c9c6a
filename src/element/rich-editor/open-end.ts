import type { ReactiveControllerHost } from 'lit';
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { focusAt } from '../../core/operations.js';

/** The class on the content while its last block holds no text (a table, an image, a rule). */
export const OPEN_END_CLASS = 're-open-end';

/** The key of the open-end plugin. */
export const openEndKey = new PluginKey('open-end');

function endsWithoutText(state: EditorState): boolean {
  const last = state.doc.lastChild;
  return !!last && !last.isTextblock;
}

/**
 * Leaves a line of room below a last block that holds no text of its own (a table, an
 * image, a rule, a list ending in one), so a click below it lands in the editor: the
 * gap cursor stops there and typing starts a paragraph, as Arrow Down does.
 */
export function openEndPlugin(): Plugin {
  return new Plugin({
    key: openEndKey,
    props: {
      attributes: (state): Record<string, string> => (endsWithoutText(state) ? { class: OPEN_END_CLASS } : {}),
    },
  });
}

/**
 * A press in the element below its content (the host's padding, or the room a host's
 * height leaves under the last block) puts the caret at the end, as a click just below
 * the last block does: after the last text, or in the gap after a last table, image or
 * rule, so typing starts a paragraph there. Left to the browser, the press focuses the
 * content through `delegatesFocus` wherever its selection was: in a last table's last
 * cell (Firefox, WebKit) or at the document's start (Chromium).
 */
export function pressBelowContent(host: ReactiveControllerHost & HTMLElement, view: () => EditorView | null): void {
  const onPress = (event: MouseEvent): void => {
    const current = view();
    if (!current?.editable || event.button !== 0 || event.defaultPrevented) return;
    // Only a press on the element itself or a wrapper around the content, not on its menus or controls.
    const target = event.composedPath()[0];
    if (target !== host && !(target instanceof Node && target.contains(current.dom))) return;
    if (event.clientY <= current.dom.getBoundingClientRect().bottom) return;
    event.preventDefault();
    focusAt(current, 'end');
  };
  host.addController({
    hostConnected: () => host.addEventListener('mousedown', onPress),
    hostDisconnected: () => host.removeEventListener('mousedown', onPress),
  });
}
