/**
 * The slash and block-type menu entries a schema's nodes bring (collect.ts collects what the
 * editor needs to start: keys, input rules, styles). Only the menus read them, so they load with
 * the menus. A node's entries are its definition's own `slash` and `blockMenu` where it sets
 * them; otherwise those its `BUILTIN_MENUS` mark names (blocks/menus.ts), made for the
 * definition: read from the definition each time, so a copy of a built-in block made at any time
 * has its entries.
 */
import { wrapIn } from 'prosemirror-commands';
import type { Node as PMNode, NodeType, Schema } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { builtinMenusOf, type BlockMenus } from '../blocks/menus.js';
import { kindCommand, type BlockMenuEntry } from '../commands/block-kind.js';
import { setTextblockType } from '../commands/blocks.js';
import { featureOn, type ExtensionFeatureName, type Features } from '../features.js';
import { perSchema, withNodeType } from '../per-schema.js';
import type { SlashItem } from '../plugins/slash-items.js';
import { defined } from './collect.js';
import type { NodeDefinition, SlashEntry } from './types.js';

/** Whether a node of the type can go at the selection (at some depth around it). */
function canInsertAt(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d >= 0; d--) {
    const index = $from.index(d);
    if ($from.node(d).canReplaceWith(index, index, type)) return true;
  }
  return false;
}

/** What a node's menu entry does by default: make the blocks this text block, wrap them in this container, or insert this leaf. */
function defaultNodeCommand(name: string, attrs?: Readonly<Record<string, unknown>>): Command {
  return withNodeType(name, (type) => {
    if (type.isTextblock) return setTextblockType(type, attrs);
    if (type.isLeaf || type.isAtom) {
      return (state, dispatch) => {
        const node = type.createAndFill(attrs);
        if (!node || !canInsertAt(state, type)) return false;
        if (dispatch) dispatch(state.tr.replaceSelectionWith(node).scrollIntoView());
        return true;
      };
    }
    return wrapIn(type, attrs);
  });
}

/** Whether a node is of this type (with these attributes). */
function nodeMatcher(name: string, attrs?: Readonly<Record<string, unknown>>) {
  return (node: PMNode): boolean => node.type.name === name && (!attrs || Object.entries(attrs).every(([key, value]) => node.attrs[key] === value));
}

/** A definition's `slash` and `blockMenu`: each its own where it has the key (`[]`: none), else the built-in entries its mark names. */
function menusOf(def: NodeDefinition): BlockMenus {
  const builtin = builtinMenusOf(def, schemaBlockMenu);
  return { slash: 'slash' in def ? def.slash : builtin.slash, blockMenu: 'blockMenu' in def ? def.blockMenu : builtin.blockMenu };
}

/** A node's slash entries, with ids and commands filled in. */
function slashEntriesOf(name: string, slash: BlockMenus['slash']): Array<SlashEntry & { id: string; command: Command }> {
  const entries: readonly SlashEntry[] = !slash ? [] : Array.isArray(slash) ? (slash as readonly SlashEntry[]) : [slash as SlashEntry];
  return entries.map((entry, i) => ({
    ...entry,
    id: entry.id ?? (i ? `${name}${i + 1}` : name),
    command: entry.command ?? defaultNodeCommand(name, entry.attrs),
  }));
}

/** A node's block-menu entries: its own or built-in ones, else with `toolbar.blockMenu` one per slash entry (a block in such a node is of its kind). */
function blockMenuEntriesOf(def: NodeDefinition): readonly BlockMenuEntry[] {
  const { slash, blockMenu } = menusOf(def);
  if (blockMenu) return blockMenu;
  if (!def.toolbar?.blockMenu) return [];
  const own = slashEntriesOf(def.name, slash);
  const entries = own.length ? own : [{ id: def.name, title: def.name, command: defaultNodeCommand(def.name) } as SlashEntry & { id: string; command: Command }];
  return entries.map((entry) => ({ id: entry.id, label: entry.title, matches: nodeMatcher(def.name, entry.attrs), command: entry.command }));
}

const slashEntries = perSchema((schema: Schema): ReadonlyArray<SlashItem & { feature?: ExtensionFeatureName }> =>
  defined(schema).flatMap(({ def, feature }) =>
    slashEntriesOf(def.name, menusOf(def).slash).map((entry) => ({
      id: entry.id,
      title: entry.title,
      description: entry.description ?? '',
      searchTerms: entry.terms ?? [],
      icon: entry.icon,
      command: entry.command,
      feature,
    })),
  ),
);

/** The slash entries of the schema's nodes whose feature is on, in schema order. */
export function schemaSlashItems(schema: Schema, features?: Features): SlashItem[] {
  return slashEntries(schema).filter((entry) => featureOn(features, entry.feature));
}

/** The block-type menu entries of the schema's nodes, each with the feature it belongs to. */
const blockMenuEntries = perSchema((schema: Schema): ReadonlyArray<BlockMenuEntry & { feature?: ExtensionFeatureName }> =>
  defined(schema).flatMap(({ def, feature }) =>
    blockMenuEntriesOf(def).map((entry) => {
      // Choosing the kind the selected blocks already are changes nothing.
      const command = entry.matches ? kindCommand(entry.id, entry.command, schemaBlockMenu) : entry.command;
      return { ...entry, command, feature };
    }),
  ),
);

/** The block-type menu entries of the schema's nodes whose feature is on, in schema order. */
export function schemaBlockMenu(schema: Schema, features?: Features): BlockMenuEntry[] {
  return blockMenuEntries(schema).filter((entry) => featureOn(features, entry.feature));
}
