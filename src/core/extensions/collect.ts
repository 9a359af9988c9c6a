/**
 * What a schema's nodes bring besides their spec: each node type made from a definition
 * (the editor's own in src/core/blocks, or a host's) carries it, so keys, input rules,
 * menu entries and styles are collected from the schema itself, the same way for every
 * node. Collections are made once per schema.
 */
import { chainCommands } from 'prosemirror-commands';
import type { InputRule } from 'prosemirror-inputrules';
import type { NodeType, Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { kindCommand, type BlockMenuEntry } from '../commands/block-kind.js';
import { featureOn, type ExtensionFeatureName, type Features } from '../features.js';
import { perSchema } from '../per-schema.js';
import type { SlashItem } from '../plugins/slash-items.js';
import { blockMenuEntriesOf, definitionOf, featureOf, slashEntriesOf } from './define.js';
import type { NodeDefinition } from './types.js';

/** A node type with the definition it was made from and the feature it belongs to. */
interface Defined {
  readonly type: NodeType;
  readonly def: NodeDefinition;
  readonly feature: ExtensionFeatureName | undefined;
}

const defined = perSchema((schema: Schema): readonly Defined[] =>
  Object.values(schema.nodes).flatMap((type) => {
    const def = definitionOf(type);
    return def ? [{ type, def, feature: featureOf(type) }] : [];
  }),
);

interface Entries {
  readonly slash: ReadonlyArray<SlashItem & { feature?: ExtensionFeatureName }>;
  readonly blockMenu: ReadonlyArray<BlockMenuEntry & { feature?: ExtensionFeatureName }>;
}

const entries = perSchema((schema: Schema): Entries => {
  const slash: Array<SlashItem & { feature?: ExtensionFeatureName }> = [];
  const blockMenu: Array<BlockMenuEntry & { feature?: ExtensionFeatureName }> = [];
  for (const { def, feature } of defined(schema)) {
    for (const entry of slashEntriesOf(def)) {
      slash.push({ id: entry.id, title: entry.title, description: entry.description ?? '', searchTerms: entry.terms ?? [], icon: entry.icon, command: entry.command, feature });
    }
    for (const entry of def.blockMenu ?? blockMenuEntriesOf(def)) {
      // Choosing the kind the selected blocks already are changes nothing.
      const command = entry.matches ? kindCommand(entry.id, entry.command, schemaBlockMenu) : entry.command;
      blockMenu.push({ ...entry, command, feature });
    }
  }
  return { slash, blockMenu };
});

/** The slash entries of the schema's nodes whose feature is on, in schema order. */
export function schemaSlashItems(schema: Schema, features?: Features): SlashItem[] {
  return entries(schema).slash.filter((entry) => featureOn(features, entry.feature));
}

/** The block-type menu entries of the schema's nodes whose feature is on, in schema order. */
export function schemaBlockMenu(schema: Schema, features?: Features): BlockMenuEntry[] {
  return entries(schema).blockMenu.filter((entry) => featureOn(features, entry.feature));
}

/**
 * The schema's nodes' key bindings for the features that are on. Nodes that bind the same
 * key are tried in schema order (a code block's Tab before a list item's).
 */
export function schemaKeys(schema: Schema, features?: Features): Record<string, Command> {
  const bound: Record<string, Command[]> = {};
  for (const { type, def, feature } of defined(schema)) {
    if (!def.keys || !featureOn(features, feature)) continue;
    for (const [key, command] of Object.entries(def.keys(type))) (bound[key] ??= []).push(command);
  }
  return Object.fromEntries(Object.entries(bound).map(([key, commands]) => [key, commands.length === 1 ? commands[0] : chainCommands(...commands)]));
}

/** The schema's nodes' input rules (markdown shortcuts) for the features that are on. */
export function schemaInputRules(schema: Schema, features?: Features): InputRule[] {
  if (!featureOn(features, 'markdownShortcuts')) return [];
  return defined(schema).flatMap(({ type, def, feature }) => (def.inputRules && featureOn(features, feature) ? def.inputRules(type) : []));
}

/** The schema's nodes' content CSS, in schema order. */
export const schemaStyles = perSchema((schema: Schema): string =>
  defined(schema)
    .map(({ def }) => def.styles)
    .filter(Boolean)
    .join('\n'),
);
