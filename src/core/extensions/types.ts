/**
 * The extension API: what a host (or the editor itself) adds to the editor as values.
 * An extension is a plain object, or a function returning one, that can bring nodes,
 * marks, plugins, keys, input rules, slash-menu entries, block-menu entries and content
 * styles. The simple case is data; a host that needs more reaches for ProseMirror
 * through the same object (a command, a plugin, a parse rule).
 */
import type { InputRule } from 'prosemirror-inputrules';
import type { DOMOutputSpec, MarkType, Node as PMNode, NodeType, Schema, TagParseRule } from 'prosemirror-model';
import type { Command, EditorState, Plugin, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import type { BlockMenuEntry } from '../commands/block-kind.js';
import type { ToolbarItem } from '../toolbar-state.js';
import type { ExtensionFeatureName } from '../features.js';
import type { AttrKind } from '../schema/attr-kinds.js';
import type { BUILTIN_MENUS, BuiltinMenusName } from './builtin-menus.js';
import type { NodeViewFactory } from './node-view.js';
import type { ProseMirror } from '../pm.js';

export type { CustomFeatures, ExtensionFeatureName, FeatureName } from '../features.js';

/** An entry of the slash menu. */
export interface SlashEntry {
  /** A stable id (`heading1`, `callout`): words come from the strings table under `slash.<id>.*`, menus are ordered and hidden by it. */
  id?: string;
  /** The title shown (the English default; the strings table can replace it). */
  title: string;
  /** One line under the title. */
  description?: string;
  /** Other words the entry is found by. */
  terms?: readonly string[];
  /** An icon of the editor's set by id (`text`, `heading-1`, `list`, `info`…); a plus sign otherwise. */
  icon?: string;
  /** Attributes the inserted or converted node gets. */
  attrs?: Readonly<Record<string, unknown>>;
  /**
   * What the entry does, after the typed `/query` is removed (same transaction). The
   * default for a node's entry: make the selected blocks this node (a text block), wrap
   * them in it (a container), or insert it (a leaf).
   */
  command?: Command;
}

/** An entry of the toolbar's block-type menu (see block-menu.ts). */
export type { BlockMenuEntry } from '../commands/block-kind.js';

/** A button of the formatting toolbar (see toolbar-state.ts). */
export type { ToolbarItem } from '../toolbar-state.js';

/** Markdown for a node: how it is written out and what reads it back. */
export interface MarkdownRule {
  /**
   * The node's markdown lines. `blocks(node)` writes a container's children, `inline(node)`
   * a text block's content. Without this (and without `blockquoteAlert`), the node is
   * written as its HTML, which the parser reads back. Asked once per version of a node (the
   * lines are kept while the node is), so they must follow from the node alone.
   */
  serialize?: (node: PMNode, helpers: MarkdownHelpers) => string[];
  /**
   * GitHub's alert form of a quote: `> [!NOTE]` on the first line. Maps values of the
   * node's enum attribute (`attr`, or its only enum attribute) to alert labels.
   */
  blockquoteAlert?: Readonly<Record<string, string>>;
  /** The attribute `blockquoteAlert` maps (default: the node's only enum attribute). */
  attr?: string;
  /**
   * A list: two markers (`['-', '*']`) that alternate between lists of the kind that follow
   * each other, so they stay two lists; `serialize` gets the one to use as `helpers.marker`.
   */
  markers?: readonly [string, string];
  /**
   * Syntax of the node's own (a `:::details` container, a `[[wiki link]]`): called with the
   * markdown-it instance the editor parses with, to add block, inline or core rules (the
   * form markdown-it plugins take), whose tokens `parse` then maps onto the schema. Loaded with
   * the markdown parser, only when markdown is read.
   */
  syntax?: (md: MarkdownSyntax) => void;
  /**
   * What reads the node back: markdown-it token names and how each maps onto the schema
   * (prosemirror-markdown's parse specs). The attributes `getAttrs` returns go through the
   * node's cleaners.
   */
  parse?: Readonly<Record<string, MarkdownTokenRule>>;
}

/** A markdown-it rule chain (`md.block.ruler`, `md.inline.ruler`, `md.core.ruler`): where a rule goes. */
export interface MarkdownRuler {
  before(beforeName: string, ruleName: string, rule: (...args: never[]) => unknown, options?: { alt?: string[] }): void;
  after(afterName: string, ruleName: string, rule: (...args: never[]) => unknown, options?: { alt?: string[] }): void;
  push(ruleName: string, rule: (...args: never[]) => unknown, options?: { alt?: string[] }): void;
}

/** The markdown-it instance a `syntax` hook gets (the members rules are added through; markdown-it's own types describe the rest). */
export interface MarkdownSyntax {
  block: { ruler: MarkdownRuler; tokenize(state: unknown, startLine: number, endLine: number): void };
  inline: { ruler: MarkdownRuler };
  core: { ruler: MarkdownRuler };
  use(plugin: (md: never, ...params: never[]) => void, ...params: unknown[]): MarkdownSyntax;
}

/** How one markdown-it token maps onto the schema (prosemirror-markdown's `ParseSpec`). */
export interface MarkdownTokenRule {
  /** The token opens and closes a node of this name. */
  block?: string;
  /** The token is a leaf node of this name. */
  node?: string;
  /** The token opens and closes a mark of this name. */
  mark?: string;
  /** The token's attributes, before cleaning. */
  getAttrs?: (token: MarkdownToken) => Record<string, unknown>;
  /** The token has no closing token (fences, code spans). */
  noCloseToken?: boolean;
  /** The token is skipped. */
  ignore?: boolean;
}

/** The part of a markdown-it token a parse rule reads. */
export interface MarkdownToken {
  /** Its kind (`text`, `softbreak`, `image`…). */
  readonly type: string;
  readonly tag: string;
  readonly info: string;
  readonly content: string;
  /** An inline token's own tokens (an image's text alternative), null for others. */
  readonly children: readonly MarkdownToken[] | null;
  attrGet(name: string): string | null;
}

/** Helpers a node's markdown writer gets. */
export interface MarkdownHelpers {
  /** A container's children as markdown lines (blocks separated by a blank line). */
  blocks(node: PMNode): string[];
  /** A text block's content as markdown lines. */
  inline(node: PMNode): string[];
  /** A container's children from `from` on, each with its lines (those that render to nothing left out). */
  children(node: PMNode, from?: number): RenderedBlock[];
  /** Rendered blocks joined with a blank line between them. */
  join(blocks: readonly RenderedBlock[]): string[];
  /** For a list (`markers`): the marker this list uses. */
  marker: string;
}

/** A block and the markdown lines it renders to. */
export interface RenderedBlock {
  node: PMNode;
  lines: string[];
}

/** A node's behaviour at one of its edges: a command that also gets the node and where it starts. */
export type EdgeHook = (
  state: EditorState,
  dispatch: ((tr: Transaction) => void) | undefined,
  at: { readonly node: PMNode; readonly pos: number },
  view?: EditorView,
) => boolean;

/** A named command of a block or extension: called with the command's arguments, it gives the ProseMirror command to run. */
export type CommandFactory = (...args: never[]) => Command;

/**
 * The commands `run()` knows, by name, with their arguments: the built-in blocks' below, and
 * those a host's blocks bring, which it adds by declaration merging:
 * `declare module 'rich-editor' { interface EditorCommands { 'rating.set': [stars: number] } }`.
 * A name is the node's (or extension's) name, a dot, and the command's key in its `commands`.
 */
export interface EditorCommands {
  'paragraph.set': [];
  'heading.set': [level: 1 | 2 | 3];
  'heading.toggle': [level: 1 | 2 | 3];
  'blockquote.toggle': [];
  'code_block.toggle': [];
  'bullet_list.toggle': [];
  'ordered_list.toggle': [];
  'task_list.toggle': [];
  'horizontal_rule.insert': [];
  'table.insert': [rows?: number, columns?: number];
}

/** A node an extension adds. ProseMirror's node spec fields sit at the top level. */
export interface NodeDefinition {
  /** The node type's name: a letter, then letters, digits and underscores. */
  name: string;
  content?: string;
  group?: string;
  inline?: boolean;
  atom?: boolean;
  marks?: string;
  defining?: boolean;
  isolating?: boolean;
  code?: boolean;
  selectable?: boolean;
  draggable?: boolean;
  whitespace?: 'pre' | 'normal';
  /** The node's attributes, each with its kind (and so its cleaner). */
  attrs?: Readonly<Record<string, AttrKind>>;
  /**
   * Its HTML in data form: the tag it renders to and reads from (a selector such as
   * `aside[data-kind]` is allowed for reading), and which DOM attribute holds each of its
   * attributes (`{ kind: 'data-kind' }`); `class` is added on rendering.
   */
  html?: { tag: string; attrs?: Readonly<Record<string, string>>; class?: string };
  /** ProseMirror's own parse rules, for what the data form cannot say. */
  parseDOM?: readonly TagParseRule[];
  /** ProseMirror's own render function; its output goes through the same safety as the data form. */
  toDOM?: (node: PMNode) => DOMOutputSpec;
  /**
   * `toDOM` reads nothing of the node but its attributes (as ProseMirror's view assumes when
   * it keeps a node's DOM while its attributes stay the same), so the HTML writer renders each
   * attributes object once. Always so for the data form (`html`).
   */
  rendersFromAttrs?: boolean;
  /** Its markdown (see `MarkdownRule`). */
  markdown?: MarkdownRule;
  /**
   * Its slash-menu entry (or entries). The editor's own blocks leave it out (`blocks.heading.slash`
   * is undefined): they name their entries (`BUILTIN_MENUS`), which come with the menus; a
   * definition that sets it (`[]` for none) has these instead.
   */
  slash?: SlashEntry | readonly SlashEntry[];
  /** Toolbar: `blockMenu: true` lists the node in the block-type menu under its slash entry's title. */
  toolbar?: { blockMenu?: boolean };
  /**
   * Block-type menu entries of its own, when they are not its slash entries (other labels, another
   * command). As with `slash`, the editor's own blocks name theirs instead; setting it replaces them.
   */
  blockMenu?: readonly BlockMenuEntry[];
  /**
   * The built-in menu entries the definition has where it sets no `slash` or `blockMenu`: set by
   * the editor's own blocks (a copy made by spreading one keeps it). A node without it has none.
   */
  readonly [BUILTIN_MENUS]?: BuiltinMenusName;
  /**
   * More of ProseMirror's node spec, for what the fields above have no word for
   * (`tableRole`, `listRole`, `createGapCursor`, `linebreakReplacement`, `leafText`).
   * `attrs`, `parseDOM` and `toDOM` here are ignored: they come from the fields above.
   */
  spec?: Readonly<Record<string, unknown>>;
  /** Input rules for the node (markdown shortcuts). */
  inputRules?: (type: NodeType) => readonly InputRule[];
  /** Its named commands (`toggle`, `insert`…), run by name from the element: `run('<node name>.<key>', …args)`. */
  commands?: Readonly<Record<string, CommandFactory>>;
  /** Key bindings for the node. */
  keys?: (type: NodeType) => Readonly<Record<string, Command>>;
  /**
   * What the node does at its edges (tried after its own `keys` for the same key): Enter with
   * the caret at its end, Backspace at its start (each gets the node and its position and
   * returns whether it acted, like a command), and `selectAllInside`: Mod-A selects the
   * node's content first, the next press the document.
   */
  edges?: {
    enterAtEnd?: EdgeHook;
    backspaceAtStart?: EdgeHook;
    selectAllInside?: boolean;
  };
  /**
   * Where the node's keys and input rules run among the others (see `EditorExtension.priority`);
   * the extension's priority by default.
   */
  priority?: number;
  /**
   * Its interactive view in the editor: ProseMirror's `NodeView` (plain DOM: `dom`,
   * `contentDOM`, `update`, `selectNode`, `stopEvent`, `ignoreMutation`, `destroy`), with
   * a fifth argument of what a block needs besides (the node now, `selected`,
   * `updateAttributes`, `deleteNode`, a signal aborted on destroy, `subscribe`). A view
   * without `update` is kept when the node's attributes or content change. HTML, markdown
   * and copying still use `html`/`toDOM`: the view is only what the editor shows.
   */
  nodeView?: NodeViewFactory;
  /** Content CSS for the node (`.content` is the editable root). */
  styles?: string;
}

/**
 * How a mark is written in markdown. `{ open, close }`: the marked text between these
 * delimiters (`{ open: '==', close: '==' }`), each 1 to 3 of `= + : ^ { } $ % @` (the
 * characters markdown-it leaves to extensions), read back as the mark with its default
 * attributes. `'html'`: the mark's own HTML around the text (`<mark>…</mark>`, from `html` or
 * `toDOM`), read back through its parse rules with its attributes; the default, as it loses
 * nothing. `'text'`: the text alone, the mark dropped (as markdown drops underline).
 */
export type MarkMarkdown = { readonly open: string; readonly close: string } | 'html' | 'text';

/** A mark an extension adds. */
export interface MarkDefinition {
  name: string;
  attrs?: Readonly<Record<string, AttrKind>>;
  inclusive?: boolean;
  excludes?: string;
  spanning?: boolean;
  code?: boolean;
  /** Its HTML in data form: the tag it renders to and reads from, and its attributes' DOM names. */
  html?: { tag: string; attrs?: Readonly<Record<string, string>>; class?: string };
  parseDOM?: readonly TagParseRule[];
  toDOM?: (mark: { attrs: Readonly<Record<string, unknown>> }, inline: boolean) => DOMOutputSpec;
  /** Its markdown (see `MarkMarkdown`): its HTML unless it says otherwise. */
  markdown?: MarkMarkdown;
  /**
   * A toolbar button that toggles the mark (pressed where the selection has it). Its
   * `shortcut` (ProseMirror's key form: `Mod-Shift-h`) is bound to the same toggle and
   * shown in the button's tooltip; its label comes from the strings table under
   * `toolbar.<name>` when the table has it.
   */
  toolbar?: { label: string; icon?: string; shortcut?: string };
  /** Key bindings for the mark. */
  keys?: (type: MarkType) => Readonly<Record<string, Command>>;
  styles?: string;
}

/** What plugin factories of an extension get. */
export interface ExtensionContext {
  schema: Schema;
}

/** An extension: a plain object of what it adds. */
export interface EditorExtension {
  /** A unique name; a later extension of the same name replaces an earlier one. */
  name: string;
  /**
   * The feature the extension belongs to: turning the feature off removes its keys, rules,
   * menu entries and plugins. A built-in feature's name, or a name of the host's own, which
   * the extension declares: `features` takes it while the extension is in `extensions`
   * (and, in TypeScript, once it is added to `CustomFeatures`).
   */
  feature?: ExtensionFeatureName;
  /**
   * Where its keys and input rules run: the built-in ones have priority 50 (`BUILTIN_PRIORITY`),
   * an extension 100 (`EXTENSION_PRIORITY`) unless it says otherwise. Above 50, before every
   * built-in binding (tables', lists', the base editing keys); 50 or below, after them, so
   * only keys the editor leaves alone reach it. Between extensions, the higher first, then
   * in the order of the list.
   */
  priority?: number;
  nodes?: readonly NodeDefinition[];
  marks?: readonly MarkDefinition[];
  /** Its named commands, run by name from the element: `run('<extension name>.<key>', …args)`. */
  commands?: Readonly<Record<string, CommandFactory>>;
  plugins?: (context: ExtensionContext) => readonly Plugin[];
  keys?: (context: ExtensionContext) => Readonly<Record<string, Command>>;
  inputRules?: (context: ExtensionContext) => readonly InputRule[];
  slash?: readonly SlashEntry[];
  blockMenu?: readonly BlockMenuEntry[];
  /** Toolbar buttons, after the built-in mark buttons (the element's `menus.toolbar` can move them). */
  toolbar?: readonly ToolbarItem[];
  styles?: string;
}

/**
 * What a host passes: an extension, a single node definition (the simple case), or a
 * function returning one, called with ProseMirror's modules as the editor runs them (`pm`:
 * `state`, `model`, `view`, `transform`, `commands`, `keymap`, `inputrules`, `history`), so
 * an extension written without a bundler builds selections and slices the editor accepts.
 */
export type ExtensionInput = EditorExtension | NodeDefinition | ((pm: ProseMirror) => EditorExtension | NodeDefinition);
