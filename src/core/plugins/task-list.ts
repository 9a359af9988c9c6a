import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { setTaskChecked } from '../commands/lists.js';

/** The position of the to-do item at or around a DOM-derived position. */
function taskItemPos(doc: PMNode, near: number): number | null {
  if (doc.nodeAt(near)?.type.name === 'task_item') return near;
  const $pos = doc.resolve(near);
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.name === 'task_item') return $pos.before(d);
  return null;
}

/** The key of the to-do checkbox plugin. */
export const taskListKey = new PluginKey('task-list');

/**
 * Toggles a to-do item when its checkbox is clicked in an editable editor. In
 * read-only mode the click is cancelled, so the box never shows a state the
 * document does not have.
 */
export function taskListPlugin(): Plugin {
  return new Plugin({
    key: taskListKey,
    props: {
      handleDOMEvents: {
        click(view, event) {
          const box = event.target as HTMLElement | null;
          if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return false;
          const item = box.closest('li[data-type="taskItem"]');
          if (!item || !view.dom.contains(item)) return false;
          event.preventDefault();
          if (!view.editable) return true;
          const pos = taskItemPos(view.state.doc, view.posAtDOM(item, 0));
          const node = pos === null ? null : view.state.doc.nodeAt(pos);
          if (pos !== null && node) setTaskChecked(pos, !node.attrs.checked)(view.state, view.dispatch);
          return true;
        },
      },
    },
  });
}
