/**
 * The paste pipeline, in one place and in order (PASTE_HANDLERS, then ProseMirror's own parse
 * with the HTML and content steps below). Whatever arrives on the clipboard ends as
 * schema-clean content: the HTML is read inertly and reshaped from other apps' forms
 * (paste-html.ts), pasted images are removed (spec: "Pasted images in HTML are removed"), and
 * a paste that fails is logged and falls back to plain text (spec: paste handling errors are
 * only logged).
 */
import { Fragment, Slice, type Node as PMNode, type NodeType, type ResolvedPos, type Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { pasteKey } from './held-input.js';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { linkPastedAddresses, pasteLinkOverSelection } from './link-paste.js';
import { pasteMarkdown } from './markdown-paste.js';
import { allowsChild, cleanPastedHTML, hasSliceMarker, htmlAsText } from './paste-html.js';
import type { PasteContext } from './paste-sources.js';
import { parseInertHTML } from '../dom.js';

export { pasteKey } from './held-input.js';

/** Whether every child of the node is a type its content expression can hold at all. */
function holdsItsChildren(node: PMNode): boolean {
  let fits = true;
  node.forEach((child) => {
    if (fits && !allowsChild(node.type, child.type)) fits = false;
  });
  return fits;
}

/**
 * The slice without outer wrappers that cannot hold what they wrap. A context built
 * from clipboard JSON can name a wrapper that is valid on its own but not around the
 * pasted content (a code block around a paragraph); ProseMirror would then fail to
 * place the slice. Unwrapping gives the paste it would make without that context.
 */
function withFittingWrappers(slice: Slice): Slice {
  let { content, openStart, openEnd } = slice;
  let misfit = 0;
  let node = content.childCount === 1 ? content.firstChild : null;
  for (let depth = 1; node && depth <= Math.min(openStart, openEnd); depth++) {
    if (!holdsItsChildren(node)) misfit = depth;
    node = node.childCount === 1 ? node.firstChild : null;
  }
  for (let i = 0; i < misfit; i++) {
    content = content.firstChild!.content;
    openStart--;
    openEnd--;
  }
  return misfit ? new Slice(content, openStart, openEnd) : slice;
}

// ---------------------------------------------------------------- images

/** The fragment without image nodes; the same fragment when it held none. */
function stripImages(fragment: Fragment, image: NodeType): Fragment {
  let changed = false;
  const kept: PMNode[] = [];
  fragment.forEach((child) => {
    if (child.type === image) {
      changed = true;
      return;
    }
    const inner = child.isLeaf ? child.content : stripImages(child.content, image);
    if (inner === child.content) {
      kept.push(child);
      return;
    }
    changed = true;
    // A container left empty (a table cell that held only an image) gets the
    // smallest valid content, so the slice still fits the schema.
    const emptied = inner.size === 0 && !child.type.validContent(inner);
    const rebuilt = emptied ? child.type.createAndFill(child.attrs, inner, child.marks) : child.copy(inner);
    if (rebuilt) kept.push(rebuilt);
  });
  return changed ? Fragment.from(kept) : fragment;
}

/** How deep the slice can be open on one side, given its (possibly shrunk) content. */
function openDepth(fragment: Fragment, side: 'start' | 'end', wanted: number): number {
  let depth = 0;
  let node = side === 'start' ? fragment.firstChild : fragment.lastChild;
  while (depth < wanted && node && !node.isLeaf) {
    depth++;
    node = side === 'start' ? node.firstChild : node.lastChild;
  }
  return depth;
}

/** The slice without images (spec: pasted images in HTML are removed). */
function withoutImages(slice: Slice, schema: Schema): Slice {
  const image = schema.nodes.image;
  if (!image) return slice;
  const content = stripImages(slice.content, image);
  if (content === slice.content) return slice;
  if (!content.size) return Slice.empty;
  return new Slice(content, openDepth(content, 'start', slice.openStart), openDepth(content, 'end', slice.openEnd));
}

/**
 * Text copied from inside one block of a ProseMirror editor (its slice marker says the copy was
 * open there), without the lists, quotes and cells around it, and as its words alone unless it
 * is pasted into an empty line. ProseMirror keeps a copy's defining parents where they fit when a
 * paste replaces from a block's start: a heading's word pasted over a paragraph's first word made
 * the paragraph a heading, and a list item's word pasted over the first word of a list item's
 * second paragraph made it a nested list (a quote's word, a nested quote), while the same paste a
 * word later inserted the word. Words pasted are words, as in a word processor; pasted into an
 * empty line, a whole heading copied (three clicks) is a heading there. A copy spanning blocks
 * keeps its structure, and so do other apps' HTML (a heading copied from a web page is a heading)
 * and code, whose lines are not a paragraph's.
 */
function withoutTextContext(slice: Slice, marked: boolean, intoEmptyLine: boolean): Slice {
  const { openStart, openEnd } = slice;
  if (!marked || openStart < 1 || openStart !== openEnd) return slice;
  let fragment = slice.content;
  for (let depth = 1; ; depth++) {
    if (fragment.childCount !== 1) return slice;
    const node = fragment.firstChild!;
    if (depth < openStart) {
      fragment = node.content;
      continue;
    }
    if (!node.isTextblock || node.type.spec.code || !node.content.size) return slice;
    return intoEmptyLine ? new Slice(Fragment.from(node), 1, 1) : new Slice(node.content, 0, 0);
  }
}

/** Whether a paste replaces nothing but the caret in an empty textblock. */
function intoEmptyLine(view: EditorView): boolean {
  const { empty, $from } = view.state.selection;
  return empty && $from.parent.isTextblock && $from.parent.content.size === 0;
}

/**
 * Lines of plain text pasted into a list item, as items of that list: ProseMirror reads each line
 * as a paragraph and puts them all in the one item ("apples", "bananas" and "cherries" pasted
 * into an empty to-do gave one to-do of three paragraphs). As in a word processor, the first line
 * joins the item at the caret, each further line is an item of its own (a to-do not done), and
 * the text after the caret ends the last. Other apps' HTML keeps its own structure.
 */
function linesAsItems(slice: Slice, view: EditorView, asText: boolean): Slice {
  const { $from, $to } = view.state.selection;
  const { paragraph, list_item: listItem, task_item: taskItem } = view.state.schema.nodes;
  const item = $from.depth > 1 ? $from.node(-1) : null;
  if (!asText || !item || (item.type !== listItem && item.type !== taskItem)) return slice;
  if (!$from.sameParent($to) || $from.parent.type !== paragraph) return slice;
  if (slice.openStart !== 1 || slice.openEnd !== 1 || slice.content.childCount < 2) return slice;
  const items: PMNode[] = [];
  // The first line's item is the one at the caret (an empty one is replaced whole, so it keeps its tick).
  slice.content.forEach((line, _offset, index) => {
    if (line.type === paragraph) items.push(item.type.create(index === 0 ? item.attrs : null, line));
  });
  return items.length === slice.content.childCount ? new Slice(Fragment.from(items), 2, 2) : slice;
}

/** A space, tab or no-break space at an edge of the clipboard's text. */
const EDGE_SPACE = { start: /^[ \t\u00a0]/, end: /[ \t\u00a0]$/ } as const;

/** `fragment` with a space at its edge text `depth` open levels down on `side`, unless that text has one already. */
function spacedAt(fragment: Fragment, depth: number, side: 'start' | 'end'): Fragment {
  const index = side === 'start' ? 0 : fragment.childCount - 1;
  const node = fragment.maybeChild(index);
  if (!node) return fragment;
  if (depth > 0) return node.isLeaf ? fragment : fragment.replaceChild(index, node.copy(spacedAt(node.content, depth - 1, side)));
  if (!node.isText || /\s/.test(side === 'start' ? node.text![0]! : node.text!.at(-1)!)) return fragment;
  return fragment.replaceChild(index, node.type.schema.text(side === 'start' ? ` ${node.text}` : `${node.text} `, node.marks));
}

/**
 * The spaces at the ends of pasted text that ProseMirror's HTML parser drops: it trims a
 * run's edges as a browser collapses them at a block's edges, but "word " copied from a web page
 * or Google Docs, pasted inside a paragraph, is meant to keep its space ("Hello INSERTEDworld"
 * otherwise). Where the clipboard's own text starts or ends with a space and the slice's text
 * on that side joins the paragraph pasted into (inline content, or an open block's), the space is
 * put back; a whole block at that edge is left as it is.
 */
function withCopiedSpaces(slice: Slice, plain: string): Slice {
  let content = slice.content;
  if (EDGE_SPACE.start.test(plain)) content = spacedAt(content, slice.openStart, 'start');
  if (EDGE_SPACE.end.test(plain)) content = spacedAt(content, slice.openEnd, 'end');
  return content === slice.content ? slice : new Slice(content, slice.openStart, slice.openEnd);
}

// ---------------------------------------------------------------- failures

/** The clipboard's text, or the text of its HTML when it carries no plain text. */
function plainTextOf(data: DataTransfer | null): string {
  if (!data) return '';
  const text = data.getData('text/plain');
  if (text) return text;
  const html = data.getData('text/html');
  // DOMParser documents are inert: nothing in the markup runs or loads.
  return html ? (parseInertHTML(html).body.textContent ?? '') : '';
}

/** After a failed paste: log it, then try the clipboard's text; if that fails too, ignore the paste. */
function recoverPaste(view: EditorView, event: ClipboardEvent, error: unknown): void {
  // Without this the browser would paste the raw markup into the editable DOM.
  event.preventDefault();
  log.error('Paste could not be handled; it was pasted as plain text', error);
  const text = plainTextOf(event.clipboardData);
  if (!text) return;
  try {
    view.pasteText(text);
  } catch (again) {
    log.error('Plain-text paste failed; the paste was ignored', again);
  }
}

/** Runs a hook, logging a failure and answering the fallback instead of throwing. */
function guarded<T>(what: string, run: () => T, fallback: () => T): T {
  try {
    return run();
  } catch (error) {
    log.error(`Paste handling failed (${what})`, error);
    return fallback();
  }
}

/** VS Code's clipboard entry beside the HTML: `{"mode": "typescript", …}` names the copied code's language. */
const VSCODE_DATA = 'vscode-editor-data';

/** What the clipboard says about a paste besides its HTML. */
function pasteContextOf(data: DataTransfer | null): PasteContext {
  const raw = data?.types.includes(VSCODE_DATA) ? data.getData(VSCODE_DATA) : '';
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as { mode?: unknown };
    return { codeLanguage: typeof parsed.mode === 'string' ? parsed.mode : null };
  } catch {
    return {};
  }
}

/**
 * What takes a paste before ProseMirror parses it, in order: the first that returns true has
 * handled it. Each applies only where its plugin is in the editor (a feature turned off leaves
 * it out). prosemirror-tables' own paste of cells over a cell selection comes after these.
 */
const PASTE_HANDLERS: ReadonlyArray<(view: EditorView, event: ClipboardEvent) => boolean> = [
  // Plain text that reads as markdown, without HTML or files: the document it describes.
  pasteMarkdown,
  // A lone address over selected text: a link on that text.
  pasteLinkOverSelection,
  // Files without HTML (a screenshot, a copied image file) are the upload plugin's own paste,
  // after these (plugins/image-upload.ts): none of these takes files.
];

/**
 * What a content step knows of the paste besides its slice: the clipboard's text (none for a
 * drop), whether the content was copied from a ProseMirror editor (its HTML carried the slice
 * marker, or it is a drag within this document) and whether it was read from plain text.
 */
interface PasteInfo {
  plain: string;
  marked: boolean;
  /**
   * ProseMirror read the clipboard's plain text (no HTML, or Shift held): its `transformPastedText`
   * ran. prosemirror-view 1.43 passes `transformPasted` true only for a paste with Shift.
   */
  asText: boolean;
}

/**
 * What happens to the content ProseMirror parsed from a paste or a drop, in order (HTML has
 * been cleaned first by cleanPastedHTML, in transformPastedHTML below). An internal drag moves
 * content already in this document: only the steps marked `onDrag` apply to it.
 */
const CONTENT_STEPS: ReadonlyArray<{ step: (slice: Slice, view: EditorView, info: PasteInfo) => Slice; onDrag?: true }> = [
  // The spaces at the copied text's ends that the parser dropped are put back.
  { step: (slice, _view, { plain }) => withCopiedSpaces(slice, plain) },
  // Outer wrappers that cannot hold what they wrap are dropped.
  { step: (slice) => withFittingWrappers(slice) },
  // Text from inside one block comes without the lists, quotes and cells it was copied from.
  { step: (slice, view, { marked }) => withoutTextContext(slice, marked, !view.dragging && intoEmptyLine(view)), onDrag: true },
  // Lines of plain text pasted into a list item are items of its list.
  { step: (slice, view, { asText }) => linesAsItems(slice, view, asText) },
  // Images in pasted HTML are removed (spec): those the HTML step left (a copy that starts with
  // one); a dragged image keeps its place in the document.
  { step: (slice, view) => withoutImages(slice, view.state.schema) },
  // Addresses in the text become links.
  { step: linkPastedAddresses, onDrag: true },
];

/**
 * A slice dragged from this document, as the text of a code block it is dropped into: the open
 * text it carries with each leaf written as its text (a mention's label, a line break's new line)
 * and blocks on lines of their own. ProseMirror would fit the slice into the code block as it is,
 * deleting each node a code block cannot hold. A whole block dragged (a closed slice of blocks) is
 * left to land beside the code block, and a slice holding something with no text (an image) as it is.
 */
function droppedIntoCode(slice: Slice, $at: ResolvedPos | null): Slice {
  if (!$at?.parent.type.spec.code || (slice.openStart === 0 && !slice.content.firstChild?.isInline)) return slice;
  let lossless = true;
  slice.content.descendants((node) => {
    if (node.isLeaf && !node.isText && !node.type.spec.leafText) lossless = false;
    return lossless;
  });
  const text = slice.content.textBetween(0, slice.content.size, '\n');
  return lossless && text ? new Slice(Fragment.from($at.doc.type.schema.text(text)), 0, 0) : slice;
}

/**
 * The paste plugin. Put it first among plugins that listen to DOM `paste`
 * events: it runs the editor's whole paste (the steps above and every other plugin's hooks)
 * inside a guard, so a failure anywhere is logged and the paste degrades to text.
 */
export function pastePlugin(): Plugin {
  // Events this plugin is already running, so the guarded re-dispatch below reaches
  // ProseMirror's own paste handler instead of this one. Held per plugin, weakly.
  const running = new WeakSet<Event>();
  // What the paste being handled carries besides its HTML (read before ProseMirror
  // parses it, which happens synchronously inside the re-dispatch).
  let context: PasteContext = {};
  // The clipboard's text beside it (none for a drop).
  let plain = '';
  // Whether the HTML being parsed carries ProseMirror's slice marker (read in transformPasted).
  let marked = false;
  // Where a drag from this document is being dropped (read in the drop's transformPasted).
  let dropAt: number | null = null;
  // Whether ProseMirror read the content being parsed from plain text (read in transformPasted).
  let readText = false;
  return new Plugin({
    key: pasteKey,
    props: {
      handleDOMEvents: {
        paste(view, event) {
          if (running.has(event)) return false;
          running.add(event);
          context = pasteContextOf(event.clipboardData);
          plain = event.clipboardData?.getData('text/plain') ?? '';
          try {
            // ProseMirror's public (if test-oriented) entry to its own event handling: its paste
            // keeps every rule it has (Shift for plain text, code blocks, composition, the
            // clipboard fallback) and runs every plugin's hooks, all inside this guard.
            view.dispatchEvent(event);
          } catch (error) {
            recoverPaste(view, event, error);
          } finally {
            running.delete(event);
            context = {};
            plain = '';
            marked = false;
            readText = false;
          }
          return true;
        },
        drop(view, event) {
          dropAt = view.dragging ? (view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null) : null;
          return false;
        },
      },

      handlePaste: (view, event) => PASTE_HANDLERS.some((handle) => handle(view, event)),

      transformPastedText: (text) => {
        readText = true;
        return text;
      },

      transformPastedHTML: (html, view) => {
        const cleaned = guarded(
          'HTML',
          () => cleanPastedHTML(html, view.state.schema, context),
          // Markup that cannot be cleaned is pasted as its text: nothing in it is parsed as HTML.
          () => htmlAsText(html),
        );
        marked = hasSliceMarker(cleaned);
        return cleaned;
      },

      transformPasted: (slice, view, asText) => {
        const steps = CONTENT_STEPS.filter(({ onDrag }) => onDrag || !view.dragging);
        const at = view.dragging && dropAt !== null ? view.state.doc.resolve(dropAt) : null;
        const info: PasteInfo = { plain, marked: marked || !!view.dragging, asText: asText || readText };
        dropAt = null;
        marked = false;
        readText = false;
        return guarded(
          'content',
          () => droppedIntoCode(steps.reduce((current, { step }) => step(current, view, info), slice), at),
          () => (view.dragging ? slice : Slice.empty),
        );
      },
    },
  });
}
