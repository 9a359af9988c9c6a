/**
 * HTML written straight from the document model, with no DOM: each node's and mark's
 * `toDOM` render spec is turned into markup exactly as a browser would write the DOM
 * that ProseMirror's DOMSerializer builds from it (HTML fragment serialisation, as
 * `innerHTML` gives it). So a server, a worker or a build script writes the same bytes
 * as the page, and the page writes them without building a throwaway DOM tree.
 */
import type { Fragment, Mark, NodeType, Node as PMNode } from 'prosemirror-model';
import { escapeHTMLText } from './html-escape.js';
import { renderSpec, type Rendered } from './spec-markup.js';

/**
 * Each mark's markup, inline and not: a mark is immutable and its render spec depends on it
 * alone, and parsed documents share one Mark per type and attributes (shared-marks.ts), so a
 * long document renders each of its links or colours once.
 */
const markMarkup = [new WeakMap<Mark, Rendered>(), new WeakMap<Mark, Rendered>()];

function renderMark(mark: Mark, inline: boolean): Rendered | null {
  const toDOM = mark.type.spec.toDOM;
  if (!toDOM) return null;
  const cache = markMarkup[inline ? 1 : 0];
  let rendered = cache.get(mark);
  if (!rendered) cache.set(mark, (rendered = renderSpec(toDOM(mark, inline), mark.attrs, true)));
  return rendered;
}

/**
 * Each node's markup by its attributes object, for node types whose markup comes from their
 * attributes alone (`rendersFromAttrs`): nodes with equal attributes share one object (the
 * type's defaults, or shared-marks.ts on load), so a long document renders each kind once.
 */
const nodeMarkup = new WeakMap<object, { type: NodeType; rendered: Rendered }>();

function renderNode(node: PMNode): Rendered {
  const type = node.type;
  const toDOM = type.spec.toDOM;
  if (!toDOM) throw new RangeError(`The node type ${type.name} has no toDOM`);
  if (type.spec.rendersFromAttrs !== true) return renderSpec(toDOM(node), node.attrs, false);
  const known = nodeMarkup.get(node.attrs);
  if (known !== undefined && known.type === type) return known.rendered;
  const rendered = renderSpec(toDOM(node), node.attrs, false);
  nodeMarkup.set(node.attrs, { type, rendered });
  return rendered;
}

/** How a fragment is written. */
export interface FragmentHTMLOptions {
  /**
   * Add the `<br>` ProseMirror's view puts at the end of a text block that is empty or
   * does not end in text (a hard break, a code block's final newline), so markup shown
   * before the editor starts (server rendering) has the height the editor will have.
   */
  viewBreaks?: boolean;
}

/** Whether ProseMirror's view ends this text block with a `<br>` (prosemirror-view's text block hacks). */
function needsViewBreak(node: PMNode): boolean {
  const last = node.lastChild;
  return !last || !last.isText || /\n$/.test(last.text!);
}

/** How long a chunk of a document's markup grows before it is flattened (in UTF-16 units). */
const CHUNK_LENGTH = 32_768;

/**
 * A long string built from top-level blocks' markup: `+=` makes a rope, flattened one chunk
 * at a time. Pieces of a chunk then die young, where a rope of a long document's every
 * piece would outlive the garbage collector's young generation and be copied to the old
 * one (at 100,000 blocks, more than a hundred megabytes per write).
 */
export class ChunkedHTML {
  private done = '';
  /** The chunk being written. */
  chunk = '';

  /** The length written so far. */
  get length(): number {
    return this.done.length + this.chunk.length;
  }

  /** Ends the chunk once it is long enough: call it between top-level blocks. */
  blockEnded(): void {
    if (this.chunk.length < CHUNK_LENGTH) return;
    this.done += flattened(this.chunk);
    this.chunk = '';
  }

  /** Everything written, as one flat string. */
  text(): string {
    return flattened(this.done + this.chunk);
  }
}

/**
 * Writes nodes' markup into a string. `+=` leaves V8 a rope that is flattened once (per
 * chunk), with no array of pieces to grow and keep alive. Marks open across a fragment's
 * nodes sit on one stack for the whole write: a fragment closes those it opened.
 */
class MarkupWriter {
  out = '';
  private readonly marks: Mark[] = [];
  private readonly closes: string[] = [];
  /** For each open mark, the output before its content when that content is never written (inside a void element), else null. */
  private readonly kept: Array<string | null> = [];

  constructor(
    private readonly viewBreaks: boolean,
    private readonly chunks = new ChunkedHTML(),
  ) {}

  /** A fragment's nodes, marks grouped as ProseMirror's DOMSerializer groups them; `top` for a document's blocks. */
  fragment(fragment: Fragment, top = false): void {
    const base = this.marks.length;
    const nodes = fragment.content;
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index];
      if (node.marks.length || this.marks.length > base) this.syncMarks(node.marks, base, node.isInline);
      this.node(node);
      // Between top-level nodes outside any mark, the output so far is final: a chunk may end there.
      if (top && this.marks.length === 0 && this.out.length >= CHUNK_LENGTH) {
        this.chunks.chunk = this.out;
        this.chunks.blockEnded();
        this.out = this.chunks.chunk;
      }
    }
    this.closeMarks(base);
  }

  /** Keeps the open marks a node shares with the last one (from `base` on), closes the others and opens the node's. */
  private syncMarks(marks: readonly Mark[], base: number, inline: boolean): void {
    let keep = base;
    let next = 0;
    while (keep < this.marks.length && next < marks.length) {
      const mark = marks[next];
      if (!mark.type.spec.toDOM) {
        next++;
        continue;
      }
      if (!mark.eq(this.marks[keep]) || mark.type.spec.spanning === false) break;
      keep++;
      next++;
    }
    this.closeMarks(keep);
    while (next < marks.length) {
      const mark = marks[next++];
      const markup = renderMark(mark, inline);
      if (!markup) continue;
      this.out += markup.open;
      this.marks.push(mark);
      this.closes.push(markup.close ?? '');
      this.kept.push(markup.drop ? this.out : null);
      if (markup.drop) this.out = '';
    }
  }

  /** Closes open marks down to `depth`, each in the output it was opened in. */
  private closeMarks(depth: number): void {
    while (this.marks.length > depth) {
      this.marks.pop();
      const kept = this.kept.pop()!;
      if (kept !== null) this.out = kept;
      this.out += this.closes.pop()!;
    }
  }

  node(node: PMNode): void {
    if (node.isText) {
      this.out += escapeHTMLText(node.text!);
      return;
    }
    const markup = renderNode(node);
    this.out += markup.open;
    if (markup.close === null) return;
    if (node.isLeaf) throw new RangeError('Content hole not allowed in a leaf node spec');
    // Content inside a void element is never written.
    const kept = markup.drop ? this.out : null;
    this.fragment(node.content);
    if (this.viewBreaks && node.isTextblock && needsViewBreak(node)) this.out += '<br class="ProseMirror-trailingBreak">';
    if (kept !== null) this.out = kept;
    this.out += markup.close;
  }
}

/** The writer `writeBlockHTML` uses for one block after another: taken while in use (a render function that writes HTML meanwhile gets a writer of its own), and dropped when a render throws. */
let spareBlockWriter: MarkupWriter | null = null;

/** Adds the markup of a node that has no marks (a document's top-level block) to `html`, and ends the block there. */
export function writeBlockHTML(node: PMNode, html: ChunkedHTML): void {
  const writer = spareBlockWriter ?? new MarkupWriter(false);
  spareBlockWriter = null;
  writer.out = html.chunk;
  writer.node(node);
  html.chunk = writer.out;
  // A node closes the marks it opened: the writer is as new.
  writer.out = '';
  spareBlockWriter = writer;
  html.blockEnded();
}

/**
 * The HTML of a fragment, written from its nodes' and marks' render specs without a DOM.
 * Byte for byte what `innerHTML` gives for ProseMirror's DOMSerializer output in a browser.
 */
export function fragmentToHTML(fragment: Fragment, options: FragmentHTMLOptions = {}): string {
  const html = new ChunkedHTML();
  const writer = new MarkupWriter(!!options.viewBreaks, html);
  writer.fragment(fragment, true);
  html.chunk = writer.out;
  return html.text();
}

/**
 * `text` made one flat string: what `+=` builds stays a rope of all its pieces until it is
 * first read (reading one character flattens it, in V8 as in the other engines), and a
 * string that is kept (a document's HTML, cached) should not hold a cell per piece.
 */
function flattened(text: string): string {
  text.charCodeAt(0);
  return text;
}
