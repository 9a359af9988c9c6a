import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView, NodeView } from 'prosemirror-view';
import { setTaskChecked } from '../commands/lists.js';
import { wordsOf } from '../strings.js';

/** The position of the to-do item at or around a DOM-derived position. */
function taskItemPos(doc: PMNode, near: number): number | null {
  if (doc.nodeAt(near)?.type.name === 'task_item') return near;
  const $pos = doc.resolve(near);
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.name === 'task_item') return $pos.before(d);
  return null;
}

/** Whether an event's target is a to-do item's checkbox. */
const isCheckbox = (target: EventTarget | null): target is HTMLInputElement => target instanceof HTMLInputElement && target.type === 'checkbox' && !!target.closest('li[data-type="taskItem"]');

/**
 * A to-do item as the editor shows it: the element its schema writes (getHTML and the clipboard
 * keep that), its checkbox named ("Done", from the strings table: unnamed, a screen reader says
 * only "checkbox") and updated in place when the item is ticked, so nothing that had focus there
 * is replaced under it.
 */
function taskItemView(node: PMNode, view: EditorView): NodeView {
  const { dom, contentDOM } = DOMSerializer.renderSpec(view.dom.ownerDocument, node.type.spec.toDOM!(node)) as { dom: HTMLElement; contentDOM: HTMLElement };
  // (A host's own to-do item may draw no box.)
  const box = dom.querySelector('input');
  // The editor is the tab stop; Mod-Enter ticks from the text.
  if (box) {
    box.tabIndex = -1;
    box.disabled = !view.editable;
  }
  box?.setAttribute('aria-label', wordsOf(view.state)['todo.done']);
  return {
    dom,
    contentDOM,
    update(next) {
      if (next.type !== node.type) return false;
      dom.dataset.checked = String(next.attrs.checked);
      if (box) box.checked = next.attrs.checked;
      return true;
    },
    // The box's own state is the document's, set in `update`.
    ignoreMutation: (mutation) => mutation.type === 'attributes' && !contentDOM.contains(mutation.target),
  };
}

/** The key of the to-do checkbox plugin. */
export const taskListKey = new PluginKey('task-list');

/** The boxes the to-do item views drew in `view`. */
const boxesOf = (view: EditorView) => view.dom.querySelectorAll<HTMLInputElement>('li[data-type="taskItem"] > label > input[type="checkbox"]');

/**
 * Toggles a to-do item when its checkbox is clicked in an editable editor, focus and the caret
 * staying in the text. In read-only mode the boxes are disabled, so a screen reader does not
 * offer them as operable, and a click is cancelled, so a box never shows a state the document
 * does not have.
 */
export function taskListPlugin(): Plugin {
  return new Plugin({
    key: taskListKey,
    view(view) {
      let editable = view.editable;
      return {
        update(view) {
          if (view.editable === editable) return;
          editable = view.editable;
          for (const box of boxesOf(view)) box.disabled = !editable;
        },
      };
    },
    props: {
      nodeViews: { task_item: taskItemView },
      handleDOMEvents: {
        // Pressed, the box would take focus from the text (and lose it to the page when redrawn).
        mousedown: (_view, event) => {
          if (!isCheckbox(event.target)) return false;
          event.preventDefault();
          return true;
        },
        click(view, event) {
          const box = event.target;
          if (!isCheckbox(box)) return false;
          const item = box.closest('li[data-type="taskItem"]')!;
          if (!view.dom.contains(item)) return false;
          // Cancelled, the browser puts the box back as it was once the click is handled.
          if (!view.editable) {
            event.preventDefault();
            return true;
          }
          const pos = taskItemPos(view.state.doc, view.posAtDOM(item, 0));
          const node = pos === null ? null : view.state.doc.nodeAt(pos);
          if (pos !== null && node) setTaskChecked(pos, !node.attrs.checked)(view.state, view.dispatch);
          // The box shows the document (the view's update sets it; not where nothing changed).
          box.checked = pos !== null && !!view.state.doc.nodeAt(pos)?.attrs.checked;
          return true;
        },
      },
    },
  });
}
