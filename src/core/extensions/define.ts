/**
 * Turning what an extension declares into ProseMirror specs (its menu entries: collect-menus.ts).
 * Every attribute gets its kind's cleaner, every parse rule cleans what it reads, and
 * every render goes through the safe-DOM rules, so a host's node is as safe as ours.
 */
import type { DOMOutputSpec, MarkSpec, Node as PMNode, NodeSpec, NodeType, TagParseRule } from 'prosemirror-model';
import { pm } from '../pm.js';
import { attrDefsOf } from '../schema/attr-kinds.js';
import { attrSpecs, cleanAttrs, hasRequiredAttrs, type AttrDefs } from '../schema/attrs.js';
import { isSafeTag, safeOutputSpec } from '../schema/safe-dom.js';
import type { ExtensionFeatureName } from '../features.js';
import type { EditorExtension, ExtensionInput, MarkDefinition, MarkMarkdown, MarkdownRule, NodeDefinition } from './types.js';

/**
 * A node spec as the editor builds it. The attribute definitions, the markdown rule, the
 * definition itself and the feature it belongs to ride along (ProseMirror keeps unknown
 * fields), so whatever holds a schema finds a node's keys, rules, menu entries and styles
 * through its type: the editor's own nodes and a host's alike.
 */
export interface ExtensionNodeSpec extends NodeSpec {
  attrDefs?: AttrDefs;
  markdown?: MarkdownRule;
  definition?: NodeDefinition;
  feature?: ExtensionFeatureName;
  /** Where the node's keys and input rules run (none for the built-in nodes: `BUILTIN_PRIORITY`). */
  priority?: number;
}

/** The definition a node type was made from (none for `doc` and `text`). */
export function definitionOf(type: NodeType): NodeDefinition | undefined {
  return (type.spec as ExtensionNodeSpec).definition;
}

/** The feature a node type belongs to, if any. */
export function featureOf(type: NodeType): ExtensionFeatureName | undefined {
  return (type.spec as ExtensionNodeSpec).feature;
}

/** Spec fields `spec` may not set: they come from the definition's own fields. */
const OWN_FIELDS = new Set(['attrs', 'parseDOM', 'toDOM', 'attrDefs', 'markdown', 'definition', 'feature', 'priority']);

/** The priority of the editor's own keys and input rules. */
export const BUILTIN_PRIORITY = 50;
/** An extension's priority unless it gives one: its keys and rules run before the built-in ones. */
export const EXTENSION_PRIORITY = 100;

/** The priority a node type's keys and rules run at. */
export function priorityOf(type: NodeType): number {
  return (type.spec as ExtensionNodeSpec).priority ?? BUILTIN_PRIORITY;
}

const NAME = /^[a-z][a-z0-9_]*$/i;

function checkName(what: string, name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) throw new RangeError(`${what} name ${JSON.stringify(name)} must be a letter followed by letters, digits or underscores`);
  return name;
}

/** An extension from what a host passed: a function is called, a single node definition becomes an extension of one node. */
export function normalizeExtension(input: ExtensionInput): EditorExtension {
  const value = typeof input === 'function' ? input(pm) : input;
  if (!value || typeof value !== 'object') throw new RangeError('An extension is an object (or a function returning one)');
  const isNode = !('nodes' in value || 'marks' in value) && ['content', 'group', 'inline', 'html', 'toDOM', 'parseDOM', 'attrs'].some((key) => key in value);
  if (!isNode) {
    const extension = value as EditorExtension;
    checkName('Extension', extension.name);
    // Called only when the editor's plugins are made: a value of another shape would fail there, far from its cause.
    for (const key of ['plugins', 'keys', 'inputRules'] as const) {
      if (extension[key] !== undefined && typeof extension[key] !== 'function') throw new RangeError(`Extension "${extension.name}": ${key} is a function of the extension's context (({ schema }) => …), not ${Array.isArray(extension[key]) ? 'a list' : `a value of type ${typeof extension[key]}`}`);
    }
    return extension;
  }
  const node = value as NodeDefinition;
  return { name: checkName('Node', node.name), nodes: [node] };
}

// ---------------------------------------------------------------- HTML

/** HTML boolean attributes a `boolean` attribute may be kept in: present is true, absent false (`<details open>`). */
const BOOLEAN_DOM_ATTRIBUTES: ReadonlySet<string> = new Set(['open', 'reversed', 'hidden']);

/** DOM attribute names a data-form mapping may use: data attributes and a few plain ones; addresses only for address kinds, HTML boolean attributes for booleans. */
function checkDomAttribute(node: string, attr: string, domName: string, kind: string): void {
  const plain = /^data-[a-z0-9-]+$/.test(domName) || ['title', 'lang', 'dir'].includes(domName);
  const address = (domName === 'href' && kind === 'url') || (domName === 'src' && kind === 'image');
  const flag = kind === 'boolean' && BOOLEAN_DOM_ATTRIBUTES.has(domName);
  if (!plain && !address && !flag) {
    throw new RangeError(
      `${node}.${attr} cannot be kept in the DOM attribute "${domName}": use a data- attribute (or href for a url, src for an image, open, reversed or hidden for a boolean)`,
    );
  }
}

/** The tag name of a parse selector (`aside[data-kind]` is `aside`). */
function tagOf(selector: string): string {
  return /^[a-z][a-z0-9]*/i.exec(selector)?.[0] ?? '';
}

interface HtmlForm {
  tag: string;
  attrs?: Readonly<Record<string, string>>;
  class?: string;
}

function dataFormRules(name: string, html: HtmlForm, defs: AttrDefs, kinds: Readonly<Record<string, { type: string }>>): {
  parse: TagParseRule;
  render: (attrs: Readonly<Record<string, unknown>>, hole: boolean) => DOMOutputSpec;
} {
  const tag = tagOf(html.tag);
  if (!isSafeTag(tag)) throw new RangeError(`${name} cannot render as <${tag}>: it is not one of the tags an extension may use`);
  if (html.class !== undefined && !/^[a-z][\w-]*(?: [a-z][\w-]*)*$/i.test(html.class)) throw new RangeError(`${name}'s class "${html.class}" is not a plain class list`);
  const mapping = Object.entries(html.attrs ?? {});
  for (const [attr, domName] of mapping) {
    if (!(attr in defs)) throw new RangeError(`${name} maps an attribute it does not declare: ${attr}`);
    checkDomAttribute(name, attr, domName, kinds[attr].type);
  }
  return {
    parse: {
      tag: html.tag,
      getAttrs: (dom: HTMLElement) => {
        if (!mapping.length && !Object.keys(defs).length) return null;
        const raw: Record<string, unknown> = {};
        for (const [attr, domName] of mapping) raw[attr] = dom.getAttribute(domName) ?? undefined;
        const attrs = cleanAttrs(defs, raw);
        return hasRequiredAttrs(defs, attrs) ? attrs : false;
      },
    },
    render: (attrs, hole) => {
      const dom: Record<string, string> = {};
      if (html.class) dom.class = html.class;
      for (const [attr, domName] of mapping) {
        const value = attrs[attr];
        // An HTML boolean attribute is there when true (`<details open>`), absent when false.
        if (BOOLEAN_DOM_ATTRIBUTES.has(domName)) {
          if (value === true) dom[domName] = '';
        } else if (value !== null && value !== undefined) dom[domName] = String(value);
      }
      return hole ? [tag, dom, 0] : [tag, dom];
    },
  };
}

/** A host's own parse rules, with what they read cleaned by the attributes' kinds. */
function cleanedRules(rules: readonly TagParseRule[], defs: AttrDefs): TagParseRule[] {
  // A node without attributes gets none (null): ProseMirror then hands every such node the
  // type's one default attribute object instead of a fresh empty one per node.
  const none = !Object.keys(defs).length;
  return rules.map((rule) => ({
    ...rule,
    getAttrs: (dom: HTMLElement) => {
      const raw = rule.getAttrs ? rule.getAttrs(dom) : (rule.attrs ?? null);
      if (raw === false) return false;
      if (none) return null;
      const attrs = cleanAttrs(defs, raw ?? {});
      return hasRequiredAttrs(defs, attrs) ? attrs : false;
    },
  }));
}

// ---------------------------------------------------------------- nodes and marks

const SPEC_FIELDS = ['content', 'group', 'inline', 'atom', 'marks', 'defining', 'isolating', 'code', 'selectable', 'draggable', 'whitespace', 'rendersFromAttrs'] as const;

/** The ProseMirror spec of a node definition (of the extension that belongs to `feature`; a host's node runs its keys at `priority`). */
export function nodeSpecOf(def: NodeDefinition, feature?: ExtensionFeatureName, priority?: number): ExtensionNodeSpec {
  const name = checkName('Node', def.name);
  const kinds = def.attrs ?? {};
  const defs = attrDefsOf(kinds);
  if (priority !== undefined && !Number.isFinite(priority)) throw new RangeError(`Node ${name}'s priority must be a number`);
  const spec: ExtensionNodeSpec = { attrs: attrSpecs(defs), attrDefs: defs, definition: def, feature, ...(priority === undefined ? {} : { priority }) };
  for (const [field, value] of Object.entries(def.spec ?? {})) if (!OWN_FIELDS.has(field)) (spec as Record<string, unknown>)[field] = value;
  for (const field of SPEC_FIELDS) if (def[field] !== undefined) (spec as Record<string, unknown>)[field] = def[field];
  const hole = !!def.content;
  const inline = !!def.inline;
  const parse: TagParseRule[] = [];
  let render: ((node: PMNode) => DOMOutputSpec) | null = null;
  if (def.html) {
    const form = dataFormRules(name, def.html, defs, kinds);
    parse.push(form.parse);
    render = (node) => form.render(node.attrs, hole);
    if (!def.toDOM) spec.rendersFromAttrs = true;
  }
  if (def.parseDOM) parse.push(...cleanedRules(def.parseDOM, defs));
  if (def.toDOM) {
    const own = def.toDOM;
    render = (node) => own(node);
  }
  if (!render) throw new RangeError(`Node ${name} needs html (or toDOM) to be shown and saved`);
  const toDOM = render;
  spec.parseDOM = parse;
  spec.toDOM = (node) => safeOutputSpec(toDOM(node), inline);
  if (def.markdown) spec.markdown = def.markdown;
  return spec;
}

/** Characters a mark's markdown delimiters are made of: those markdown-it leaves to extensions (its text rule stops at each, so a delimiter is always seen), which markdown gives no meaning. */
const DELIMITER = /^[=+:^{}$%@]{1,3}$/;

/**
 * The marks' markdown forms checked when the extensions are set: delimiters of those
 * characters, on marks without a required attribute (delimiters hold none), none beginning as
 * another mark's does (`=` and `==` could not be told apart when read).
 */
export function checkMarkMarkdown(defs: readonly MarkDefinition[]): void {
  const taken: string[][] = [];
  for (const { name, markdown: form, attrs } of defs) {
    if (form === undefined || form === 'html' || form === 'text') continue;
    const own = [form?.open, form?.close];
    const clash = taken.some(([other, mark]) => mark !== name && own.some((mine) => mine.startsWith(other) || other.startsWith(mine)));
    if (clash || !own.every((mine) => DELIMITER.test(mine)) || Object.values(attrs ?? {}).some((kind) => (kind as { required?: boolean }).required)) {
      throw new RangeError(`Mark ${name}'s markdown is 'html', 'text' or { open, close } of 1 to 3 of = + : ^ { } $ % @, begun as no other mark's, on a mark with no required attribute`);
    }
    taken.push(...own.map((mine) => [mine, name]));
  }
}

/** The ProseMirror spec of an extension's mark. */
export function markSpecOf(def: MarkDefinition): MarkSpec & { attrDefs?: AttrDefs; markdown?: MarkMarkdown; label?: string } {
  const name = checkName('Mark', def.name);
  const kinds = def.attrs ?? {};
  const defs = attrDefsOf(kinds);
  const spec: MarkSpec & { attrDefs?: AttrDefs; markdown?: MarkMarkdown; label?: string } = { attrs: attrSpecs(defs), attrDefs: defs };
  if (def.markdown) spec.markdown = def.markdown;
  // What a screen reader hears when the mark is turned on or off (core/announce.ts), where the strings table has no `toolbar.<name>`.
  if (def.toolbar) spec.label = def.toolbar.label;
  for (const field of ['inclusive', 'excludes', 'spanning', 'code'] as const) if (def[field] !== undefined) (spec as Record<string, unknown>)[field] = def[field];
  const parse: TagParseRule[] = [];
  let render: ((attrs: Readonly<Record<string, unknown>>, inline: boolean) => DOMOutputSpec) | null = null;
  if (def.html) {
    const form = dataFormRules(name, def.html, defs, kinds);
    parse.push(form.parse);
    render = (attrs) => form.render(attrs, true);
  }
  if (def.parseDOM) parse.push(...cleanedRules(def.parseDOM, defs));
  if (def.toDOM) {
    const own = def.toDOM;
    render = (attrs, inline) => own({ attrs }, inline);
  }
  if (!render) throw new RangeError(`Mark ${name} needs html (or toDOM) to be shown and saved`);
  const toDOM = render;
  spec.parseDOM = parse;
  spec.toDOM = (mark, inline) => safeOutputSpec(toDOM(mark.attrs, inline), true);
  return spec;
}
