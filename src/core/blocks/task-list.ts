/** To-do lists: items with a checkbox (the `taskLists` feature). */
import { InputRule } from 'prosemirror-inputrules';
import type { NodeType } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import { findWrapping } from 'prosemirror-transform';
import { toggleTaskList, toggleTasks } from '../commands/lists.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import { BUILTIN_PRIORITY } from '../extensions/define.js';
import type { NodeDefinition } from '../extensions/types.js';
import { listLines } from './lists.js';

/**
 * `[ ] ` or `[x] ` at the start of a paragraph: a to-do list (checked for `x`). At the start of
 * an item of another list (`- [ ] `, as GitHub writes a task) that item becomes a to-do item,
 * in a to-do list of its own between what is left of its list before and after it (whose items
 * keep their numbers).
 */
function taskListRule(list: NodeType): InputRule {
  const item = list.contentMatch.defaultType!;
  return new InputRule(/^\s*\[([ xX]?)\]\s$/, (state, match, start, end) => {
    const tr = state.tr.delete(start, end);
    const attrs = { checked: match[1].toLowerCase() === 'x' };
    const $start = tr.doc.resolve(start);
    const d = $start.depth - 1;
    if (d > 1 && $start.index(d) === 0 && $start.node(d).type.spec.listRole === 'item' && $start.node(d - 1).type !== list) {
      // Split the list around the item (the split after it first, so the one before keeps its place), then retype both.
      const after = $start.after(d);
      if (after < $start.end(d - 1)) {
        tr.split(after, 1);
        // A numbered list's items after it keep their numbers.
        const { start: first } = $start.node(d - 1).attrs;
        if (typeof first === 'number') tr.setNodeAttribute(after + 1, 'start', first + $start.index(d - 1) + 1);
      }
      const before = $start.before(d);
      let listPos = $start.before(d - 1);
      if (before > $start.start(d - 1)) {
        tr.split(before, 1);
        listPos = before + 1;
      }
      // One list of one item, made anew (either retyped alone would not fit the other); a host's
      // item whose content a to-do item cannot hold keeps its list, the brackets typed.
      const old = tr.doc.nodeAt(listPos)!;
      let todo;
      try {
        todo = list.createChecked(null, item.createChecked(attrs, old.firstChild!.content));
      } catch {
        return null;
      }
      tr.replaceWith(listPos, listPos + old.nodeSize, todo);
      return tr.setSelection(TextSelection.create(tr.doc, listPos + 3));
    }
    const range = $start.blockRange();
    const wrapping = range && findWrapping(range, list);
    if (!range || !wrapping) return null;
    wrapping[wrapping.length - 1] = { type: item, attrs };
    return tr.wrap(range, wrapping);
  });
}

/** Whether a to-do item's element says it is checked: its own data attribute, or a checked checkbox (GitHub, TipTap). */
function checkedOf(dom: HTMLElement): boolean {
  const data = dom.getAttribute('data-checked');
  if (data !== null) return data === 'true' || data === '';
  const box = dom.querySelector(':scope > label > input[type="checkbox"], :scope > input[type="checkbox"]');
  return !!box && box.hasAttribute('checked');
}

export const taskList: NodeDefinition = {
  name: 'task_list',
  content: 'task_item+',
  group: 'block',
  spec: { listRole: 'list' },
  parseDOM: [{ tag: 'ul[data-type="taskList"]', priority: 60 }],
  rendersFromAttrs: true,
  toDOM: () => ['ul', { 'data-type': 'taskList' }, 0],
  markdown: { markers: ['-', '*'], serialize: listLines, parse: { task_list: { block: 'task_list' } } },
  [BUILTIN_MENUS]: 'task_list',
  inputRules: (type) => [taskListRule(type)],
  keys: () => ({ 'Mod-Shift-9': toggleTaskList }),
  commands: { toggle: () => toggleTaskList },
  styles: `
    .content ul[data-type='taskList'] {
      list-style: none;
      padding-inline-start: 0.25em;
    }`,
};

export const taskItem: NodeDefinition = {
  name: 'task_item',
  content: 'paragraph block*',
  defining: true,
  spec: { listRole: 'item' },
  attrs: { checked: { type: 'boolean' } },
  // Mod-Enter ticks the item before the paragraph's Mod-Enter breaks the line (and after a host's keys).
  priority: BUILTIN_PRIORITY + 1,
  keys: () => ({ 'Mod-Enter': toggleTasks }),
  parseDOM: [
    {
      tag: 'li[data-type="taskItem"]',
      priority: 60,
      getAttrs: (dom) => ({ checked: checkedOf(dom) }),
      contentElement: (dom) => (dom as HTMLElement).querySelector(':scope > div') ?? dom,
    },
  ],
  rendersFromAttrs: true,
  toDOM: (node) => [
    'li',
    { 'data-type': 'taskItem', 'data-checked': node.attrs.checked ? 'true' : 'false' },
    ['label', { contenteditable: 'false' }, ['input', node.attrs.checked ? { type: 'checkbox', checked: 'checked' } : { type: 'checkbox' }]],
    ['div', 0],
  ],
  markdown: { parse: { task_item: { block: 'task_item', getAttrs: (token) => ({ checked: token.attrGet('checked') === 'true' }) } } },
  styles: `
    .content li[data-type='taskItem'] {
      display: flex;
      gap: 0.5em;
      align-items: flex-start;
    }
    .content li[data-type='taskItem'] > label {
      flex: none;
      user-select: none;
      margin-top: 0.2em;
    }
    .content li[data-type='taskItem'] > label input {
      margin: 0;
      cursor: pointer;
    }
    .content li[data-type='taskItem'] > div {
      flex: 1;
      min-width: 0;
    }
    .content li[data-type='taskItem'][data-checked='true'] > div > p {
      color: var(--_muted);
      text-decoration: line-through;
    }`,
};
