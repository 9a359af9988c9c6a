/**
 * The fast way to read HTML the editor wrote (getHTML's markup, what hosts store and load
 * back): straight from the string to the document, with no DOM. The tokenizer
 * (html-tokens.ts) takes only markup a browser parses into exactly the tree written; this
 * file maps that tree to nodes and marks through the schema's own parse rules (their
 * `getAttrs`, so every attribute is cleaned as before), in the cases where ProseMirror's
 * DOMParser would place each element as it stands: every block where its parent's content
 * allows it, marks and inline nodes only in text blocks. Anything else (an unknown tag, a
 * rule it cannot follow, content that would be wrapped or moved) makes it return null, and
 * `parseHTML` reads the markup through the DOM, so the result is always the same document.
 */
import { DOMParser as PMDOMParser, Fragment, type ContentMatch, Mark, type MarkType, type Node as PMNode, type NodeType, type Schema, type TagParseRule } from 'prosemirror-model';
import { headerContent } from '../blocks/header-content.js';
import { OWN_STYLE_PROPERTIES, elementOf, ownDom, ownStyle, type OwnDomReads } from './html-own-dom.js';
import { SharedMarks, SharedNodeAttrs } from '../schema/shared-marks.js';
import { OWN_REFUSED, PHRASING, VOID, ownAttribute, tokenizeOwnHTML, type OwnElement, type OwnNode } from './html-tokens.js';

/** A tag rule with its selector read: the attribute it needs, and the value if one. */
interface TagRule {
  readonly rule: TagParseRule;
  readonly index: number;
  readonly attr: string | null;
  readonly value: string | null;
}

/** The schema's tag rules by tag, in the parser's order, or null when one of its rules is beyond this reader. */
type Rules = ReadonlyMap<string, readonly TagRule[]>;

const SELECTOR = /^([a-z][a-z0-9]*)(?:\[([a-z][a-z0-9-]*)(?:="([^"]*)")?\])?$/;

/** Whether two style properties touch (one is the other, or its shorthand or longhand). */
function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
}

function compile(schema: Schema): Rules | null {
  const byTag = new Map<string, TagRule[]>();
  const rules = PMDOMParser.fromSchema(schema).rules;
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index];
    if ('style' in rule && typeof rule.style === 'string') {
      // An element's style must never give a mark here: the styles this reader takes are not ones a rule reads.
      const property = rule.style.split('=')[0];
      if (property === 'all' || OWN_STYLE_PROPERTIES.some((own) => related(own, property))) return null;
      continue;
    }
    const tagRule = rule as TagParseRule;
    const m = SELECTOR.exec(tagRule.tag ?? '');
    if (!m || tagRule.context || tagRule.namespace !== undefined || tagRule.ignore || tagRule.skip || tagRule.closeParent || tagRule.consuming === false) return null;
    if (tagRule.getContent && (tagRule.getContent !== headerContent || tagRule.contentElement)) return null;
    if (tagRule.preserveWhitespace === false || (!tagRule.node && !tagRule.mark)) return null;
    const list = byTag.get(m[1]) ?? [];
    list.push({ rule: tagRule, index, attr: m[2] ?? null, value: m[3] ?? null });
    byTag.set(m[1], list);
  }
  return byTag;
}

const compiled = new WeakMap<Schema, Rules | null>();

/** An element's rule and the attributes it gives (as ProseMirror's `matchTag`), with the node made once per attributes. */
interface Match {
  readonly rule: TagParseRule;
  readonly attrs: Record<string, unknown> | undefined;
  /** The first node (or mark) made with these attributes when they depend on attributes alone: others copy it. */
  made?: PMNode | Mark;
}

/**
 * Elements that, when no rule takes them, ProseMirror reads through (their content in their
 * place): a table's `<tbody>` and the tokenizer's phrasing elements that hold content, none
 * of them among its block tags, which it handles otherwise, nor among those it ignores.
 */
const TRANSPARENT = new Set(['tbody', ...[...PHRASING].filter((tag) => !VOID.has(tag))]);

/** Mark elements around a place, outermost first, with the set they give there, and the paths one deeper. */
interface MarkPath {
  readonly marks: readonly Mark[];
  set: readonly Mark[] | null;
  next: Map<Mark, MarkPath> | null;
}

/** Distinct attribute sets remembered per parse (beyond, rules run again). */
const MAX_REMEMBERED = 4096;

/** One reading of a tree into a schema's document. */
class OwnReader {
  /** Keyed by tag, or for an element with attributes by their array, which the tokenizer shares between equal open tags. */
  private readonly matches = new Map<string | readonly string[], Match | null>();
  /** The mark paths of each text block type, from no marks. */
  private readonly paths = new Map<NodeType, MarkPath>();
  private readonly shared = new SharedMarks();
  /** Nodes whose match is not remembered (a rule that reads more than the attributes, or attributes that differ in what no node keeps, such as an image's `alt`) still share equal attributes. */
  private readonly sharedAttrs = new SharedNodeAttrs();
  private readonly reads: OwnDomReads = { beyondAttributes: false };
  /** The nodes of the contents being read, innermost last: each content takes its own off the end when complete. */
  private readonly nodes: PMNode[] = [];

  constructor(
    private readonly schema: Schema,
    private readonly rules: Rules,
  ) {}

  /** The rule ProseMirror would apply to `element`, or null when none matches. */
  private match(element: OwnElement): Match | null {
    // Styles can give marks on the DOM path (ProseMirror reads them on every element): only ones no rule reads pass.
    const style = ownAttribute(element, 'style');
    if (style !== null && !ownStyle(style)) throw OWN_REFUSED;
    const candidates = this.rules.get(element.tag);
    if (!candidates) return null;
    const key = element.attrs.length ? element.attrs : element.tag;
    const known = this.matches.get(key);
    if (known !== undefined) return known;
    this.reads.beyondAttributes = false;
    let found: Match | null = null;
    for (const { rule, attr, value } of candidates) {
      if (attr !== null && (value === null ? ownAttribute(element, attr) === null : ownAttribute(element, attr) !== value)) continue;
      if (!rule.getAttrs) {
        found = { rule, attrs: rule.attrs as Record<string, unknown> | undefined };
        break;
      }
      const result = rule.getAttrs(ownDom(element, this.reads) as HTMLElement);
      if (result === false) continue;
      found = { rule, attrs: (result || undefined) as Record<string, unknown> | undefined };
      break;
    }
    if (!this.reads.beyondAttributes && this.matches.size < MAX_REMEMBERED) this.matches.set(key, found);
    return found;
  }

  /** The mark of a match, one instance per remembered match (and per attributes for each type). */
  private mark(match: Match): Mark {
    if (match.made) return match.made as Mark;
    const type: MarkType = this.schema.marks[match.rule.mark!];
    return (match.made = this.shared.mark(type.create(match.attrs)));
  }

  /** The marks a node in a text block takes from the mark elements around it, as ProseMirror's `insertNode` sets them; one array per set. */
  private markSet(path: MarkPath, parent: NodeType): readonly Mark[] {
    if (path.set) return path.set;
    let built: readonly Mark[] = Mark.none;
    for (const mark of path.marks) if (parent.allowsMarkType(mark.type)) built = mark.addToSet(built);
    return (path.set = this.shared.set(built));
  }

  /** The path of mark elements one deeper. */
  private static deeper(path: MarkPath, mark: Mark): MarkPath {
    path.next ??= new Map();
    let next = path.next.get(mark);
    if (!next) path.next.set(mark, (next = { marks: [...path.marks, mark], set: null, next: null }));
    return next;
  }

  private node(match: Match, type: NodeType, content: Fragment | null): PMNode {
    const made = match.made as PMNode | undefined;
    if (made) return content ? made.copy(content) : made;
    const node = this.sharedAttrs.node(type.create(match.attrs ?? null, content));
    if (this.matches.size < MAX_REMEMBERED) match.made = node;
    return node;
  }

  /** The children of `element` that its rule reads (its content element's). */
  private contentOf(element: OwnElement, rule: TagParseRule): readonly OwnNode[] {
    const content = rule.contentElement;
    if (!content) return element.children;
    const dom = ownDom(element, this.reads);
    const inner = typeof content === 'string' ? dom.querySelector(content) : typeof content === 'function' ? content(dom) : content;
    return elementOf(inner).children;
  }

  /** Block content of a node of `type`, which must take it as it stands. */
  blocks(children: readonly OwnNode[], type: NodeType, full: boolean, inPre: boolean): Fragment {
    const start = this.nodes.length;
    if (!this.addBlocks(children, type.contentMatch, full, inPre).validEnd) throw OWN_REFUSED;
    return this.fragment(start);
  }

  /** The nodes added from `start` on, taken off the list as one fragment (its array exactly their number). */
  private fragment(start: number): Fragment {
    return Fragment.from(this.nodes.splice(start));
  }

  private addBlocks(children: readonly OwnNode[], start: ContentMatch, full: boolean, inPre: boolean): ContentMatch {
    let match = start;
    for (const child of children) {
      if (typeof child === 'string') throw OWN_REFUSED;
      const found = this.match(child);
      if (!found) {
        // ProseMirror reads the content of an element no rule takes (a table's `<tbody>`) in its place.
        if (!TRANSPARENT.has(child.tag) || !child.children.length) throw OWN_REFUSED;
        match = this.addBlocks(child.children, match, full, inPre);
        continue;
      }
      if (!found.rule.node) throw OWN_REFUSED;
      const nodeType = this.schema.nodes[found.rule.node];
      const next = match.matchType(nodeType);
      if (!next) throw OWN_REFUSED;
      match = next;
      this.nodes.push(this.element(child, found, nodeType, full, inPre));
    }
    return match;
  }

  private element(element: OwnElement, found: Match, type: NodeType, outerFull: boolean, outerPre: boolean): PMNode {
    if (type.isLeaf) return this.node(found, type, null);
    const { rule } = found;
    const full = rule.preserveWhitespace != null ? rule.preserveWhitespace === 'full' : type.whitespace === 'pre' || outerFull;
    const inPre = outerPre || element.tag === 'pre';
    const children = this.contentOf(element, rule);
    let content: Fragment;
    if (type.inlineContent) {
      const start = this.nodes.length;
      if (!this.inline(children, type, type.contentMatch, this.rootPath(type), full, inPre).validEnd) throw OWN_REFUSED;
      content = this.fragment(start);
    } else {
      content = this.blocks(children, type, full, inPre);
    }
    // A header cell's content is read again as a document and kept as its paragraphs: the same nodes when it holds only paragraphs.
    if (rule.getContent) content.forEach((child) => {
      if (child.type !== this.schema.nodes.paragraph) throw OWN_REFUSED;
    });
    return this.node(found, type, content);
  }

  /** The path of no marks in a text block of `parent`. */
  private rootPath(parent: NodeType): MarkPath {
    let path = this.paths.get(parent);
    if (!path) this.paths.set(parent, (path = { marks: Mark.none, set: Mark.none, next: null }));
    return path;
  }

  /** Inline content (text, marks, inline leaves) of a text block of `parent`, added to the nodes being read; returns the content match after it. */
  private inline(children: readonly OwnNode[], parent: NodeType, start: ContentMatch, marks: MarkPath, full: boolean, inPre: boolean): ContentMatch {
    let match = start;
    for (const child of children) {
      let node: PMNode;
      if (typeof child === 'string') {
        // Line breaks outside `<pre>` are folded (or become hard breaks) on the DOM path.
        if (child.indexOf('\n') >= 0 && !(full && inPre)) throw OWN_REFUSED;
        node = this.schema.text(child);
      } else {
        const found = this.match(child);
        if (!found) {
          if (!TRANSPARENT.has(child.tag) || !child.children.length) throw OWN_REFUSED;
          match = this.inline(child.children, parent, match, marks, full, inPre);
          continue;
        }
        if (found.rule.mark) {
          match = this.inline(this.contentOf(child, found.rule), parent, match, OwnReader.deeper(marks, this.mark(found)), full, inPre || child.tag === 'pre');
          continue;
        }
        const type = this.schema.nodes[found.rule.node!];
        if (!type.isInline || !type.isLeaf) throw OWN_REFUSED;
        node = this.node(found, type, null);
      }
      const next = match.matchType(node.type);
      if (!next) throw OWN_REFUSED;
      match = next;
      const set = this.markSet(marks, parent);
      this.nodes.push(set.length ? node.mark(set) : node);
    }
    return match;
  }
}

/**
 * The document `html` holds, read without a DOM, or null when the markup is not one this
 * reader takes (then `parseHTML` reads it through the DOM, as it always did).
 */
export function readOwnHTML(html: string, schema: Schema): PMNode | null {
  let rules = compiled.get(schema);
  if (rules === undefined) compiled.set(schema, (rules = compile(schema)));
  if (!rules) return null;
  const tree = tokenizeOwnHTML(html);
  if (!tree) return null;
  try {
    const top = schema.topNodeType;
    return top.create(null, new OwnReader(schema, rules).blocks(tree, top, false, false));
  } catch {
    // Markup the reader does not take (`OWN_REFUSED`), or a rule that throws on it: the DOM
    // path reads it, and reports such a rule as it always did.
    return null;
  }
}
