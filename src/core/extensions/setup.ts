/**
 * One editor's setup: the built-in schema and pieces plus the host's extensions, each
 * turned into what the editor runs (schema, plugins, styles; setup-menus.ts makes its menus). A setup is
 * made once per list of extensions (the same list objects give the same setup, so a
 * host that passes the same extensions again builds nothing) and is plain data the
 * element's pieces read through `editorSetupKey`.
 */
import { inputRules } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { Schema, type MarkSpec, type NodeSpec } from 'prosemirror-model';
import { toggleMarkType } from '../commands/marks.js';
import { Plugin, PluginKey, type Command } from 'prosemirror-state';
import type { Menus } from '../menus.js';
import { schema as builtinSchema } from '../schema/index.js';
import { bandOf, chainBindings, schemaBindings, type Bindings, type KeyBand } from './collect.js';
import { checkMarkMarkdown, definitionOf, EXTENSION_PRIORITY, featureOf, markSpecOf, nodeSpecOf, normalizeExtension } from './define.js';
import { FEATURE_NAMES, featureOn, type Features } from '../features.js';
import type { CommandFactory, EditorExtension, ExtensionInput } from './types.js';

export { featureOn, type Features } from '../features.js';

/** What one list of extensions makes of the editor. */
export interface EditorSetup {
  /** The schema: the built-in nodes and marks, then the extensions'. */
  readonly schema: Schema;
  /** The extensions, normalised, in order (a later one of the same name replaced the earlier). */
  readonly extensions: readonly EditorExtension[];
  /** The features `features` may name: the built-in ones, then those the extensions declare. */
  readonly featureNames: readonly string[];
  /**
   * The extensions' plugins, and the keys and input rules (theirs and their nodes') that run
   * before the built-in ones (priority above 50), for the features that are on.
   */
  plugins(features?: Features): Plugin[];
  /** The keys and input rules of extensions at priority 50 or below: after every built-in binding. */
  fallbackPlugins(features?: Features): Plugin[];
  /** The extensions' content CSS. */
  readonly styles: string;
  /** The named commands `run()` takes: each node's (`heading.set`) and each extension's own (`<extension>.<key>`). */
  readonly commands: ReadonlyMap<string, CommandFactory>;
  /** The feature each named command belongs to (its node's or extension's; none for a host's that declares none): with it off, `run()` does not apply. */
  readonly commandFeatures: ReadonlyMap<string, string | undefined>;
}

function byName<T extends { name: string }>(items: readonly T[]): T[] {
  const map = new Map<string, T>();
  for (const item of items) {
    map.delete(item.name);
    map.set(item.name, item);
  }
  return [...map.values()];
}

function buildSetup(extensions: readonly EditorExtension[]): EditorSetup {
  const nodes = byName(extensions.flatMap((ext) => (ext.nodes ?? []).map((def) => ({ name: def.name, def, feature: ext.feature, priority: def.priority ?? ext.priority ?? EXTENSION_PRIORITY }))));
  const marks = byName(extensions.flatMap((ext) => ext.marks ?? []));
  let schema = builtinSchema;
  if (nodes.length || marks.length) {
    let nodeSpecs = builtinSchema.spec.nodes;
    for (const { def, feature, priority } of nodes) nodeSpecs = nodeSpecs.update(def.name, nodeSpecOf(def, feature, priority) as NodeSpec);
    let markSpecs = builtinSchema.spec.marks;
    for (const def of marks) markSpecs = markSpecs.update(def.name, markSpecOf(def) as MarkSpec);
    checkMarkMarkdown(marks);
    schema = new Schema({ nodes: nodeSpecs, marks: markSpecs, topNode: builtinSchema.spec.topNode });
  }
  const on = (ext: EditorExtension, features?: Features) => featureOn(features, ext.feature);
  /** The extensions' and their nodes' keys and input rules in `band`, as an input-rules plugin and a keymap (the higher priority first). */
  const bindingPlugins = (band: KeyBand, features?: Features): Plugin[] => {
    const context = { schema };
    const sources: Bindings[] = [...schemaBindings(schema, features, band)];
    for (const ext of extensions) {
      const priority = ext.priority ?? EXTENSION_PRIORITY;
      if (!on(ext, features) || bandOf(priority) !== band) continue;
      const keys: Record<string, Command> = { ...ext.keys?.(context) };
      for (const def of ext.marks ?? []) {
        const type = schema.marks[def.name];
        if (def.toolbar?.shortcut) keys[def.toolbar.shortcut] = toggleMarkType(type);
        Object.assign(keys, def.keys?.(type));
      }
      sources.push({ priority, keys, rules: ext.inputRules?.(context) });
    }
    // A stable sort: equal priorities keep nodes first, then the extensions' order.
    sources.sort((a, b) => b.priority - a.priority);
    const rules = sources.flatMap((source) => source.rules ?? []);
    const keys = chainBindings(sources.map((source) => source.keys));
    return [...(rules.length ? [inputRules({ rules })] : []), ...(Object.keys(keys).length ? [keymap(keys)] : [])];
  };
  const commands = new Map<string, CommandFactory>();
  const commandFeatures = new Map<string, string | undefined>();
  const name = (owner: string, feature: string | undefined, given: object | undefined) => {
    for (const [key, factory] of Object.entries(given ?? {})) {
      commands.set(`${owner}.${key}`, factory as CommandFactory);
      commandFeatures.set(`${owner}.${key}`, feature);
    }
  };
  for (const type of Object.values(schema.nodes)) name(type.name, featureOf(type), definitionOf(type)?.commands);
  for (const ext of extensions) name(ext.name, ext.feature, ext.commands);
  return {
    schema,
    extensions,
    commands,
    commandFeatures,
    featureNames: [...new Set<string>([...FEATURE_NAMES, ...extensions.flatMap((ext) => (ext.feature ? [ext.feature] : []))])],
    styles: extensions
      .flatMap((ext) => [ext.styles, ...(ext.nodes ?? []).map((def) => def.styles), ...(ext.marks ?? []).map((def) => def.styles)])
      .filter(Boolean)
      .join('\n'),
    plugins(features) {
      const context = { schema };
      return [...bindingPlugins('before', features), ...extensions.filter((ext) => on(ext, features)).flatMap((ext) => ext.plugins?.(context) ?? [])];
    },
    fallbackPlugins(features) {
      return bindingPlugins('after', features);
    },
  };
}

/** The setup with no extensions: the built-in schema and menus. */
const BUILTIN_SETUP = buildSetup([]);

/** Setups already made, keyed by the identities of the inputs that made them. */
interface CacheNode {
  setup?: EditorSetup;
  next: WeakMap<object, CacheNode>;
}
const cache: CacheNode = { next: new WeakMap() };

/**
 * The setup for a list of extensions (objects, node definitions or functions returning
 * one). A bad extension throws a RangeError saying what is wrong with it.
 */
export function editorSetup(inputs: readonly ExtensionInput[] = []): EditorSetup {
  if (!inputs.length) return BUILTIN_SETUP;
  let node = cache;
  for (const input of inputs) {
    let next = node.next.get(input as object);
    if (!next) node.next.set(input as object, (next = { next: new WeakMap() }));
    node = next;
  }
  node.setup ??= buildSetup(byName(inputs.map(normalizeExtension)));
  return node.setup;
}

/** What the element's pieces read: the setup, the features that are on and the host's menu layout (extensions/setup-menus.ts makes the menus of them). */
export interface SetupState {
  readonly setup: EditorSetup;
  readonly features: Features;
  readonly menus: Menus;
}

/** The key of the plugin that holds an editor's setup. */
export const editorSetupKey = new PluginKey<SetupState>('editorSetup');

/** Holds the setup, features and menu layout in the editor's state, for the element's pieces (menus, toolbar) to read. */
export function editorSetupPlugin(setup: EditorSetup, features: Features = {}, menus: Menus = {}): Plugin<SetupState> {
  const value: SetupState = { setup, features, menus };
  return new Plugin<SetupState>({ key: editorSetupKey, state: { init: () => value, apply: (_tr, current) => current } });
}
