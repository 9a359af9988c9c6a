import type { Node as PMNode, NodeType, Schema } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { perSchema } from '../per-schema.js';

/**
 * A schema's list node types: the types whose spec says `listRole: 'list'` (bullet,
 * numbered and to-do lists in ours) and `listRole: 'item'` (what lists hold), as
 * prosemirror-tables finds tables by `tableRole`.
 */
export const listTypes = perSchema((schema: Schema) => {
  const all = Object.values(schema.nodes);
  return {
    lists: new Set(all.filter((type) => type.spec.listRole === 'list')),
    items: all.filter((type) => type.spec.listRole === 'item'),
  };
});

/** Whether a node type is a list (bullet, numbered, to-do, or a host's). */
export function isListType(type: NodeType): boolean {
  return listTypes(type.schema).lists.has(type);
}

/** The item type a list holds. */
export function itemTypeOf(list: NodeType): NodeType {
  return list.contentMatch.defaultType ?? list;
}

/** The innermost list around the selection, with its position. */
export function findList(state: EditorState): { node: PMNode; pos: number; depth: number } | null {
  const { lists } = listTypes(state.schema);
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (lists.has(node.type)) return { node, pos: $from.before(d), depth: d };
  }
  return null;
}

/** Changes a list's type in place, converting its items (to-do items start unchecked), in one step. */
export function convertList(tr: Transaction, pos: number, list: PMNode, type: NodeType): Transaction {
  const item = itemTypeOf(type);
  const items: PMNode[] = [];
  list.forEach((child) => items.push(child.type === item ? child : item.create(null, child.content, child.marks)));
  // A numbered list made from another list counts from 1 (the type's default start).
  const converted = type.create(null, items, list.marks);
  return tr.replaceWith(pos, pos + list.nodeSize, converted);
}

/**
 * Toggles a list of the given type (bullet, ordered or to-do): lifts the items out of
 * a list of that type, converts a list of another type, or wraps the selection.
 */
export function toggleList(type: NodeType): Command {
  if (!isListType(type)) throw new RangeError(`${type.name} is not a list type`);
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

/** Toggles the list of this name in the state's schema; false where the schema has none. */
export function toggleListNamed(name: string): Command {
  const commandFor = perSchema((schema) => (schema.nodes[name] && isListType(schema.nodes[name]) ? toggleList(schema.nodes[name]) : null));
  return (state, dispatch, view) => commandFor(state.schema)?.(state, dispatch, view) ?? false;
}

/** Toggles a bulleted list. */
export const toggleBulletList: Command = toggleListNamed('bullet_list');
/** Toggles a numbered list. */
export const toggleOrderedList: Command = toggleListNamed('ordered_list');
/** Toggles a to-do list. */
export const toggleTaskList: Command = toggleListNamed('task_list');

/** A command that tries the schema's item types in turn, one command per item type (made once per schema). */
function forEachItemType(make: (item: NodeType) => Command): Command {
  const commandsFor = perSchema((schema) => listTypes(schema).items.map(make));
  return (state, dispatch, view) => commandsFor(state.schema).some((command) => command(state, dispatch, view));
}

/** Enter in a list: splits the item (a new to-do item starts unchecked), or lifts it out when it is empty. */
export const splitItem: Command = forEachItemType((item) => splitListItem(item, item.spec.attrs?.checked ? { checked: false } : undefined));
/** Tab in a list: nests the item under the one before it. */
export const sinkItem: Command = forEachItemType((item) => sinkListItem(item));
/** Shift-Tab in a list: moves the item one level out. */
export const liftItem: Command = forEachItemType((item) => liftListItem(item));

/** Whether `node` is a to-do item (a list item with a `checked` attribute). */
const isTask = (node: PMNode): boolean => node.type.spec.listRole === 'item' && typeof node.attrs.checked === 'boolean';

/** Checks or unchecks the to-do item at a position. */
export function setTaskChecked(pos: number, checked: boolean): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    if (!node || !isTask(node)) return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup(pos, null, { ...node.attrs, checked }));
    return true;
  };
}

/**
 * Mod-Enter in a to-do list: ticks the item the caret is in, or unticks it; with a selection
 * over several items, all of them, as the first one was not. An item counts when the selection
 * touches its own first line, so the caret in a nested item leaves the item around it alone.
 */
export const toggleTasks: Command = (state, dispatch) => {
  const { from, to } = state.selection;
  const items: Array<{ pos: number; node: PMNode }> = [];
  state.doc.nodesBetween(from, to, (node, pos) => {
    const first = node.firstChild;
    if (isTask(node) && first && pos + 1 <= to && pos + 1 + first.nodeSize >= from) items.push({ pos, node });
  });
  if (!items.length) return false;
  if (dispatch) {
    const checked = !items[0]!.node.attrs.checked;
    const tr = state.tr;
    for (const { pos, node } of items) tr.setNodeMarkup(pos, null, { ...node.attrs, checked });
    dispatch(tr.scrollIntoView());
  }
  return true;
};
