/**
 * A small document builder for core tests: `doc(p('hello<a>'))` builds a checked
 * document of the editor's schema and records where `<a>`, `<b>` (or any `<name>`)
 * markers stood, so a test can place the selection there. `apply` runs a command on
 * such a document and checks the result. Text that must hold a literal `<word>` is
 * passed as a node: `p(schema.text('<b>'))`.
 */
import { expect } from 'chai';
import type { Attrs, Mark, MarkType, Node as PMNode, NodeType } from 'prosemirror-model';
import { EditorState, NodeSelection, TextSelection, type Command, type Plugin, type Selection } from 'prosemirror-state';
import { schema } from '../../src/core/index.js';

/** Marker positions by name, counted from the start of the node's content. */
export type Tags = Record<string, number>;

/** A node built by the builder, with the positions of its markers. */
export type TaggedNode = PMNode & { tag: Tags };

/** Inline content built by a mark function: nodes carrying the mark, and their markers. */
export interface MarkedContent {
  flat: PMNode[];
  tag: Tags;
}

/** What builders take as children: text with markers, built nodes, marked content. */
export type Child = string | PMNode | MarkedContent;

const MARKER = /<(\w+)>/g;

function isMarked(value: unknown): value is MarkedContent {
  return typeof value === 'object' && value !== null && Array.isArray((value as MarkedContent).flat);
}

function isAttrs(value: unknown): value is Attrs {
  return typeof value === 'object' && value !== null && !isMarked(value) && !('nodeSize' in value);
}

/** Splits builder arguments into an optional leading attrs object and the children. */
function splitArgs(args: ReadonlyArray<Attrs | Child>): { attrs: Attrs | null; children: Child[] } {
  if (args.length && isAttrs(args[0])) return { attrs: args[0], children: args.slice(1) as Child[] };
  return { attrs: null, children: args as Child[] };
}

/** Flattens children into nodes, recording each marker at its offset in the content. */
function flatten(children: readonly Child[], marks: readonly Mark[] = []): MarkedContent {
  const flat: PMNode[] = [];
  const tag: Tags = {};
  let pos = 0;
  const push = (node: PMNode) => {
    const marked = marks.reduce((acc, mark) => acc.mark(mark.addToSet(acc.marks)), node);
    flat.push(marked);
    pos += marked.nodeSize;
  };
  for (const child of children) {
    if (typeof child === 'string') {
      let last = 0;
      let text = '';
      for (const match of child.matchAll(MARKER)) {
        text += child.slice(last, match.index);
        tag[match[1]] = pos + text.length;
        last = match.index + match[0].length;
      }
      text += child.slice(last);
      if (text) push(schema.text(text));
    } else if (isMarked(child)) {
      for (const [name, at] of Object.entries(child.tag)) tag[name] = pos + at;
      child.flat.forEach(push);
    } else {
      const inner = (child as Partial<TaggedNode>).tag ?? {};
      // A text node's markers count from its first character; other nodes' from inside them.
      const offset = child.isText ? 0 : 1;
      for (const [name, at] of Object.entries(inner)) tag[name] = pos + offset + at;
      push(child);
    }
  }
  return { flat, tag };
}

/** A builder for one node type: `(attrs?, ...children) => TaggedNode`. */
export type NodeBuilder = (...args: Array<Attrs | Child>) => TaggedNode;

/** A builder for one mark type: `(attrs?, ...children) => MarkedContent`. */
export type MarkBuilder = (...args: Array<Attrs | Child>) => MarkedContent;

/** Makes a node builder; `defaults` are merged under the attrs given at each call. */
export function nodeBuilder(type: NodeType, defaults: Attrs = {}): NodeBuilder {
  return (...args) => {
    const { attrs, children } = splitArgs(args);
    const { flat, tag } = flatten(children);
    const node = type.createChecked({ ...defaults, ...attrs }, flat) as TaggedNode;
    node.tag = tag;
    return node;
  };
}

/** Makes a mark builder: its children are returned with the mark added. */
export function markBuilder(type: MarkType, defaults: Attrs = {}): MarkBuilder {
  return (...args) => {
    const { attrs, children } = splitArgs(args);
    return flatten(children, [type.create({ ...defaults, ...attrs })]);
  };
}

const n = schema.nodes;
const m = schema.marks;

/** The document. Its markers are absolute positions. */
export const doc = nodeBuilder(n.doc);
/** A paragraph. */
export const p = nodeBuilder(n.paragraph);
/** A level-1 heading. */
export const h1 = nodeBuilder(n.heading, { level: 1 });
/** A level-2 heading. */
export const h2 = nodeBuilder(n.heading, { level: 2 });
/** A level-3 heading. */
export const h3 = nodeBuilder(n.heading, { level: 3 });
/** A block quote. */
export const blockquote = nodeBuilder(n.blockquote);
/** A horizontal rule. */
export const hr = nodeBuilder(n.horizontal_rule);
/** A code block (attrs: language). */
export const pre = nodeBuilder(n.code_block);
/** A code block, by its schema name. */
export const code_block = pre;
/** A bullet list. */
export const ul = nodeBuilder(n.bullet_list);
/** An ordered list (attrs: start). */
export const ol = nodeBuilder(n.ordered_list);
/** A list item. */
export const li = nodeBuilder(n.list_item);
/** A task list. */
export const taskList = nodeBuilder(n.task_list);
/** A task item (attrs: checked). */
export const taskItem = nodeBuilder(n.task_item);
/** A table. */
export const table = nodeBuilder(n.table);
/** A table row (attrs: background, textColor). */
export const tr = nodeBuilder(n.table_row);
/** A table cell (attrs: colspan, rowspan, colwidth, background, textColor). */
export const td = nodeBuilder(n.table_cell);
/** A table header cell (same attrs as `td`). */
export const th = nodeBuilder(n.table_header);
/** An image (attrs: src, width, height). */
export const img = nodeBuilder(n.image);
/** A hard break. */
export const br = nodeBuilder(n.hard_break);
/** A mention (attrs: id, label, target, self, redirect_uri, entity_identifier, entity_name). */
export const mention = nodeBuilder(n.mention);

/** Bold text. */
export const strong = markBuilder(m.bold);
/** Italic text. */
export const em = markBuilder(m.italic);
/** Underlined text. */
export const u = markBuilder(m.underline);
/** Struck-through text. */
export const s = markBuilder(m.strike);
/** Inline code. */
export const code = markBuilder(m.code);
/** A link (attrs: href, target, rel, class). */
export const a = markBuilder(m.link);

/**
 * The selection the markers describe: `<a>` alone is a cursor (or a node selection
 * when it stands between blocks), `<a>` and `<b>` a range. Without markers, the
 * selection is at the start of the document.
 */
export function selectionFor(node: TaggedNode): Selection {
  const { a: anchor, b: head } = node.tag;
  if (anchor === undefined) return TextSelection.atStart(node);
  const $anchor = node.resolve(anchor);
  if ($anchor.parent.inlineContent) return TextSelection.create(node, anchor, head ?? anchor);
  if (head === undefined && $anchor.nodeAfter) return NodeSelection.create(node, anchor);
  return TextSelection.between($anchor, node.resolve(head ?? anchor));
}

/** An editor state for a built document, its selection taken from the markers. */
export function stateFor(node: TaggedNode, plugins: readonly Plugin[] = []): EditorState {
  return EditorState.create({ doc: node, selection: selectionFor(node), plugins: [...plugins] });
}

/** Asserts that two documents are equal, showing both when they are not. */
export function expectDoc(actual: PMNode, expected: PMNode): void {
  if (!actual.eq(expected)) {
    expect(actual.toString()).to.equal(expected.toString(), 'documents differ');
    expect(actual.toJSON()).to.deep.equal(expected.toJSON(), 'documents differ in attributes or marks');
  }
  expect(actual.eq(expected), `${actual.toString()} should equal ${expected.toString()}`).to.equal(true);
}

/**
 * Runs `command` on a state built from `input` and checks the outcome: with `null`
 * expected, the command must not apply; otherwise it must apply, produce `expected`,
 * and leave the selection at `expected`'s `<a>`/`<b>` markers when it has any. The
 * dry run (no dispatch) must agree, as toolbar buttons rely on it.
 */
export function apply(input: TaggedNode, command: Command, expected: TaggedNode | null, plugins: readonly Plugin[] = []): EditorState {
  const state = stateFor(input, plugins);
  let result = state;
  const applied = command(state, (tr) => {
    result = result.apply(tr);
  });
  expect(command(state), 'dry run (no dispatch) agrees').to.equal(applied);
  if (!expected) {
    expect(applied, 'command should not apply').to.equal(false);
    return state;
  }
  expect(applied, 'command should apply').to.equal(true);
  expectDoc(result.doc, expected);
  if (expected.tag.a !== undefined) {
    const want = selectionFor(expected);
    expect({ anchor: result.selection.anchor, head: result.selection.head }, 'selection').to.deep.equal({ anchor: want.anchor, head: want.head });
  }
  return result;
}
