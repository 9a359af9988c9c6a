/**
 * What a schema's nodes bring besides their spec: each node type made from a definition
 * (the editor's own in src/core/blocks, or a host's) carries it, so keys, input rules and
 * styles are collected from the schema itself, the same way for every node (menu entries:
 * collect-menus.ts). Collections are made once per schema.
 */
import { chainCommands } from 'prosemirror-commands';
import type { InputRule } from 'prosemirror-inputrules';
import type { NodeType, Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { featureOn, type ExtensionFeatureName, type Features } from '../features.js';
import { perSchema } from '../per-schema.js';
import { edgeKeys } from './edges.js';
import { BUILTIN_PRIORITY, definitionOf, featureOf, type ExtensionNodeSpec } from './define.js';
import type { NodeDefinition } from './types.js';

/**
 * Where a node's keys and input rules run: the built-in nodes' with the editor's keymap; a
 * host's node above the built-in priority before every built-in binding, at or below it after
 * them (extensions/setup.ts places those two).
 */
export type KeyBand = 'before' | 'builtin' | 'after';

/** The band a priority runs in (none: a built-in node). */
export function bandOf(priority: number | undefined): KeyBand {
  return priority === undefined ? 'builtin' : priority > BUILTIN_PRIORITY ? 'before' : 'after';
}

/** A node type with the definition it was made from, the feature it belongs to and where its keys run. */
export interface Defined {
  readonly type: NodeType;
  readonly def: NodeDefinition;
  readonly feature: ExtensionFeatureName | undefined;
  readonly priority: number | undefined;
}

/** The schema's defined nodes, in schema order. */
export const defined = perSchema((schema: Schema): readonly Defined[] =>
  Object.values(schema.nodes).flatMap((type) => {
    const def = definitionOf(type);
    return def ? [{ type, def, feature: featureOf(type), priority: (type.spec as ExtensionNodeSpec).priority }] : [];
  }),
);

/** The defined nodes whose feature is on and whose keys run in `band`, the higher priority first (schema order between equals). */
function inBand(schema: Schema, features: Features | undefined, band: KeyBand): Defined[] {
  return defined(schema)
    .filter((entry) => featureOn(features, entry.feature) && bandOf(entry.priority) === band)
    .sort((a, b) => (b.priority ?? BUILTIN_PRIORITY) - (a.priority ?? BUILTIN_PRIORITY));
}

/**
 * Key bindings from several sources, one command per key: those that bind the same key are tried
 * in order. A letter's Shift binding (Shift-Mod-z) where the letter is bound without Shift too
 * (Mod-z) takes the key even when it does not apply: prosemirror-keymap otherwise tries the
 * binding without Shift when the event names the unshifted letter (Caps Lock on, WebDriver's
 * keys), and Ctrl+Shift+Z with nothing to redo undid a step.
 */
export function chainBindings(sources: ReadonlyArray<Readonly<Record<string, Command>> | undefined>): Record<string, Command> {
  const bound: Record<string, Command[]> = {};
  for (const source of sources) for (const [key, command] of Object.entries(source ?? {})) (bound[key] ??= []).push(command);
  const names = new Set(Object.keys(bound).map((key) => key.toLowerCase()));
  return Object.fromEntries(
    Object.entries(bound).map(([key, commands]) => {
      const command = commands.length === 1 ? commands[0]! : chainCommands(...commands);
      const twin = /-.$/.test(key) && key.toLowerCase().replace('shift-', '');
      return [key, twin && twin !== key.toLowerCase() && names.has(twin) ? ((state, dispatch, view) => command(state, dispatch, view) || !!dispatch) as Command : command];
    }),
  );
}

/** Keys and input rules of one source (a node, an extension), with the priority they run at. */
export interface Bindings {
  readonly priority: number;
  readonly keys?: Readonly<Record<string, Command>>;
  readonly rules?: readonly InputRule[];
}

/**
 * The schema's nodes' keys and input rules in `band` for the features that are on, the higher
 * priority first, schema order between equals (a code block's Tab before a list item's).
 * Input rules only with the markdown shortcuts on.
 */
export function schemaBindings(schema: Schema, features: Features | undefined, band: KeyBand): Bindings[] {
  const shortcuts = featureOn(features, 'markdownShortcuts');
  return inBand(schema, features, band).map(({ type, def, priority }) => ({
    priority: priority ?? BUILTIN_PRIORITY,
    keys: def.edges ? chainBindings([def.keys?.(type), edgeKeys(def, type)]) : def.keys?.(type),
    rules: shortcuts ? def.inputRules?.(type) : undefined,
  }));
}

/** The schema's nodes' key bindings in `band` (the built-in nodes' by default). */
export function schemaKeys(schema: Schema, features?: Features, band: KeyBand = 'builtin'): Record<string, Command> {
  return chainBindings(schemaBindings(schema, features, band).map((source) => source.keys));
}

/** The schema's nodes' input rules (markdown shortcuts) in `band` (the built-in nodes' by default). */
export function schemaInputRules(schema: Schema, features?: Features, band: KeyBand = 'builtin'): InputRule[] {
  return schemaBindings(schema, features, band).flatMap((source) => source.rules ?? []);
}

/** The schema's nodes' content CSS, in schema order. */
export const schemaStyles = perSchema((schema: Schema): string =>
  defined(schema)
    .map(({ def }) => def.styles)
    .filter(Boolean)
    .join('\n'),
);
