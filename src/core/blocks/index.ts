/**
 * The editor's own nodes, written as extensions the way a host writes one
 * (docs/extensions.md): each definition is the one home of its node's spec, HTML and
 * markdown rules, commands, input rules, keys and content CSS, and names its menu entries
 * (`BUILTIN_MENUS`: the entries are in ./menus.ts, which come with the menus). The schema, the
 * keymap, the input rules, the menus, the markdown writer and parser and the element's styles
 * all read them from here (through the schema's node types).
 */
import type { NodeSpec } from 'prosemirror-model';
import { nodeSpecOf, type ExtensionNodeSpec } from '../extensions/define.js';
import type { EditorExtension } from '../extensions/types.js';
import { blockquote } from './blockquote.js';
import { codeBlock } from './code-block.js';
import { heading } from './heading.js';
import { horizontalRule } from './horizontal-rule.js';
import { image } from './image.js';
import { bulletList, listItem, orderedList } from './lists.js';
import { mention } from './mention.js';
import { hardBreak, paragraph } from './paragraph.js';
import { table, tableCell, tableHeader, tableRow } from './table.js';
import { taskItem, taskList } from './task-list.js';

export { blockquote, bulletList, codeBlock, hardBreak, heading, horizontalRule, image, listItem, mention, orderedList, paragraph, table, tableCell, tableHeader, tableRow, taskItem, taskList };
export { CODE_FENCE, codeBlockTab, codeBlockUntab, fenceOnEnter } from './code-block.js';
export { setList } from './lists.js';
export { headingBlock, type HeadingDefinition, type HeadingLevel, type HeadingOptions } from './heading.js';
export { codeBlockBlock, type CodeBlockDefinition, type CodeBlockOptions } from './code-block.js';

/** The editor's nodes, grouped by the feature that turns their keys, rules and menu entries off. */
export const BUILTIN_EXTENSIONS: readonly EditorExtension[] = [
  { name: 'paragraph', nodes: [paragraph, hardBreak] },
  { name: 'heading', nodes: [heading] },
  { name: 'blockquote', nodes: [blockquote] },
  { name: 'horizontalRule', nodes: [horizontalRule] },
  { name: 'codeBlock', nodes: [codeBlock] },
  { name: 'lists', nodes: [bulletList, orderedList, listItem] },
  { name: 'taskLists', feature: 'taskLists', nodes: [taskList, taskItem] },
  { name: 'tables', feature: 'tables', nodes: [table, tableRow, tableCell, tableHeader] },
  { name: 'images', feature: 'images', nodes: [image] },
  { name: 'mentions', feature: 'mentions', nodes: [mention] },
];

/**
 * The node specs of the built-in schema: `doc`, the block nodes, `text`, then the inline
 * nodes (so `text` is the first inline type, the one inline content is filled with).
 */
export function builtinNodeSpecs(): Record<string, ExtensionNodeSpec | NodeSpec> {
  const specs: Record<string, ExtensionNodeSpec | NodeSpec> = { doc: { content: 'block+' } };
  const inline: Array<[string, ExtensionNodeSpec]> = [];
  for (const ext of BUILTIN_EXTENSIONS) {
    for (const def of ext.nodes ?? []) {
      const spec = nodeSpecOf(def, ext.feature, def.priority);
      if (def.inline) inline.push([def.name, spec]);
      else specs[def.name] = spec;
    }
  }
  specs.text = { group: 'inline' };
  for (const [name, spec] of inline) specs[name] = spec;
  return specs;
}
