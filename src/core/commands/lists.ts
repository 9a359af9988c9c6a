import type { Node as PMNode, NodeType } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { schema } from '../schema/index.js';

const { bullet_list: bulletList, ordered_list: orderedList, task_list: taskList, list_item: listItem, task_item: taskItem } = schema.nodes;

const LIST_TYPES = new Set<NodeType>([bulletList, orderedList, taskList]);

/** The item type a list holds. */
export function itemTypeOf(list: NodeType): NodeType {
  return list === taskList ? taskItem : listItem;
}

/** The innermost list around the selection, with its position. */
export function findList(state: EditorState): { node: PMNode; pos: number; depth: number } | null {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (LIST_TYPES.has(node.type)) return { node, pos: $from.before(d), depth: d };
  }
  return null;
}

/** Changes a list's type in place, converting its items (to-do items start unchecked), in one step. */
export function convertList(tr: Transaction, pos: number, list: PMNode, type: NodeType): Transaction {
  const item = itemTypeOf(type);
  const items: PMNode[] = [];
  list.forEach((child) => items.push(child.type === item ? child : item.create(null, child.content, child.marks)));
  const converted = type.create(type === orderedList ? { start: 1 } : null, items, list.marks);
  return tr.replaceWith(pos, pos + list.nodeSize, converted);
}

/**
 * Toggles a list of the given type (bullet, ordered or to-do): lifts the items out of
 * a list of that type, converts a list of another type, or wraps the selection.
 */
export function toggleList(type: NodeType): Command {
  if (!LIST_TYPES.has(type)) throw new RangeError(`${type.name} is not a list type`);
  return (state, dispatch) => {
    const list = findList(state);
    if (list && list.node.type === type) return liftListItem(itemTypeOf(type))(state, dispatch);
    if (list) {
      if (dispatch) dispatch(convertList(state.tr, list.pos, list.node, type).scrollIntoView());
      return true;
    }
    return wrapInList(type)(state, dispatch);
  };
}

/** Toggles a bulleted list. */
export const toggleBulletList: Command = toggleList(bulletList);
/** Toggles a numbered list. */
export const toggleOrderedList: Command = toggleList(orderedList);
/** Toggles a to-do list. */
export const toggleTaskList: Command = toggleList(taskList);

function firstApplying(commands: Command[]): Command {
  return (state, dispatch, view) => commands.some((command) => command(state, dispatch, view));
}

/** Enter in a list: splits the item, or lifts it out when it is empty. */
export const splitItem: Command = firstApplying([splitListItem(listItem), splitListItem(taskItem, { checked: false })]);
/** Tab in a list: nests the item under the one before it. */
export const sinkItem: Command = firstApplying([sinkListItem(listItem), sinkListItem(taskItem)]);
/** Shift-Tab in a list: moves the item one level out. */
export const liftItem: Command = firstApplying([liftListItem(listItem), liftListItem(taskItem)]);

/** Checks or unchecks the to-do item at a position. */
export function setTaskChecked(pos: number, checked: boolean): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    if (!node || node.type !== taskItem) return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup(pos, null, { ...node.attrs, checked }));
    return true;
  };
}
