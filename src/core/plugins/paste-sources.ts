/**
 * What other apps put on the clipboard, reshaped into markup the schema's parse rules
 * read. Each app writes structure in its own way: Word writes lists as paragraphs with
 * `mso-list` styles and typed-out bullets, Google Docs writes checklists as list items
 * with a picture of a box and nests lists inside lists, GitHub writes task lists with
 * disabled checkboxes, VS Code writes code as lines of `<div>`s. Each function here
 * turns one of those into the plain HTML it stands for, in place, on an inert copy of
 * the pasted markup (see paste-html.ts); anything it does not recognise is left alone.
 */
import { knownLanguage } from '../code-language-names.js';

/** What a paste carries besides its HTML. */
export interface PasteContext {
  /** The language the source app names for copied code (VS Code's `vscode-editor-data`). */
  codeLanguage?: string | null;
}

/** Reshapes other apps' markup under `root`, in place. */
export function normalizeSources(root: DocumentFragment | Element, context: PasteContext = {}): void {
  wordLists(root);
  wordEmptyParagraphs(root);
  wordTableEnd(root);
  docsChecklists(root);
  githubTaskLists(root);
  listsInLists(root);
  continuedLists(root);
  githubCodeLanguages(root);
  editorCodeLines(root, context);
  presentation(root);
}

const elementsOf = (root: ParentNode, selector: string): HTMLElement[] => Array.from(root.querySelectorAll<HTMLElement>(selector));

// ---------------------------------------------------------------- Microsoft Word

/** Word's list paragraph style: which list, which level (`mso-list:l0 level2 lfo1`). */
const MSO_LIST = /mso-list:\s*(l\d+)\s+level(\d+)\s+lfo\d+/i;

/** A typed-out list number (`1.`, `a)`, `iv.`, `(3)`), as opposed to a bullet glyph (`·`, `o`, `§`). */
const NUMBER_MARKER = /^\(?([0-9]{1,9}|[a-z]{1,3})[.)]$/i;

/** Word's hidden list marker: the nodes from `<![if !supportLists]>` to `<![endif]>`, or a `mso-list:Ignore` span. */
function takeMarker(paragraph: HTMLElement): string {
  const comments = Array.from(paragraph.childNodes).filter((node): node is Comment => node.nodeType === 8);
  const open = comments.find((c) => /^\[if !supportLists\]$/i.test(c.data.trim()));
  const close = open && comments.find((c) => c !== open && /^\[endif\]$/i.test(c.data.trim()) && open.compareDocumentPosition(c) & 4);
  let text = '';
  if (open && close) {
    for (let node: ChildNode | null = open; node; ) {
      const next: ChildNode | null = node === close ? null : node.nextSibling;
      text += node.nodeType === 8 ? '' : (node.textContent ?? '');
      node.remove();
      node = next;
    }
  } else {
    for (const ignored of elementsOf(paragraph, '[style*="mso-list"]').filter((el) => /mso-list:\s*ignore/i.test(el.getAttribute('style') ?? ''))) {
      text += ignored.textContent ?? '';
      ignored.remove();
    }
  }
  return text.replace(/[\s\u00a0]+/g, ' ').trim().split(' ').pop() ?? '';
}

/** The number a marker stands for (`3.` is 3, `c)` is 3, `iv.` and `i.` are 4 and 1); 1 when it is none of those. */
function markerNumber(marker: string): number {
  const value = NUMBER_MARKER.exec(marker)?.[1] ?? '1';
  if (/^\d+$/.test(value)) return Number(value);
  // `i`, `v` and `x` alone start roman lists far more often than they are the 9th, 22nd or 24th letter.
  if (/^[ivx]$/i.test(value) || (value.length > 1 && /^[ivxlc]+$/i.test(value))) return romanValue(value);
  if (value.length === 1) return value.toLowerCase().charCodeAt(0) - 96;
  return romanValue(value) || 1;
}

function romanValue(roman: string): number {
  const digits: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  const chars = roman.toLowerCase().split('');
  chars.forEach((char, i) => {
    const value = digits[char] ?? 0;
    total += value < (digits[chars[i + 1]] ?? 0) ? -value : value;
  });
  return total;
}

/** The element sibling after `node`, passing over whitespace and comments; null at anything else. */
function nextElementInRun(node: Element): Element | null {
  for (let next = node.nextSibling; next; next = next.nextSibling) {
    if (next.nodeType === 1) return next as Element;
    if (next.nodeType === 3 && next.textContent!.trim()) return null;
  }
  return null;
}

interface OpenList {
  list: HTMLElement;
  level: number;
  ordered: boolean;
}

/**
 * Word (desktop, Windows and Mac) writes each list item as a paragraph with a
 * `mso-list:lN levelM` style and its bullet or number typed out in a hidden span.
 * Consecutive such paragraphs become real nested lists, numbered ones `<ol>` (starting
 * at their first number), the typed-out markers gone.
 */
function wordLists(root: ParentNode): void {
  const done = new Set<Element>();
  for (const first of elementsOf(root, 'p, h1, h2, h3, h4, h5, h6')) {
    if (done.has(first) || !MSO_LIST.test(first.getAttribute('style') ?? '')) continue;
    const run: HTMLElement[] = [];
    for (let el: Element | null = first; el && MSO_LIST.test(el.getAttribute('style') ?? ''); el = nextElementInRun(el)) {
      run.push(el as HTMLElement);
      done.add(el);
    }
    const doc = first.ownerDocument;
    const stack: OpenList[] = [];
    const anchor = doc.createElement('div');
    first.before(anchor);
    for (const paragraph of run) {
      const level = Number(MSO_LIST.exec(paragraph.getAttribute('style') ?? '')![2]);
      const marker = takeMarker(paragraph);
      const ordered = NUMBER_MARKER.test(marker);
      while (stack.length && stack[stack.length - 1].level > level) stack.pop();
      let top = stack[stack.length - 1];
      if (top && top.level === level && top.ordered !== ordered) {
        stack.pop();
        top = stack[stack.length - 1];
      }
      if (!top || top.level < level) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        const start = ordered ? markerNumber(marker) : 1;
        if (start !== 1) list.setAttribute('start', String(start));
        const parentItem = top?.list.lastElementChild;
        if (parentItem) parentItem.appendChild(list);
        else anchor.appendChild(list);
        top = { list, level, ordered };
        stack.push(top);
      }
      const item = doc.createElement('li');
      item.appendChild(paragraph);
      top.list.appendChild(item);
    }
    anchor.replaceWith(...Array.from(anchor.childNodes));
  }
}

/** Word keeps an empty paragraph open with `<o:p>&nbsp;</o:p>`: it is an empty paragraph, not a space. */
function wordEmptyParagraphs(root: ParentNode): void {
  for (const keeper of elementsOf(root, 'o\\:p')) {
    if (/^[\s\u00a0]*$/.test(keeper.textContent ?? '')) keeper.remove();
  }
}

/**
 * Word copies a table with the paragraph mark after it: an empty Word paragraph after a table that
 * ends the copy is Word's, not the user's. Without it the copy is the table alone, which a table
 * pasted into takes as cells (as it takes Excel's), where the two made a table nested in a cell.
 */
function wordTableEnd(root: ParentNode): void {
  const last = (root as Element | DocumentFragment).lastElementChild;
  if (last?.matches('p.MsoNormal') && !last.textContent?.trim() && last.previousElementSibling?.localName === 'table') last.remove();
}

// ---------------------------------------------------------------- Google Docs

/**
 * Google Docs writes a checklist item as `<li role="checkbox" aria-checked>` holding
 * a picture of the box, and strikes the text of ticked items through as decoration:
 * they become to-do items with their state, without the picture or the strike.
 */
function docsChecklists(root: ParentNode): void {
  const items = elementsOf(root, 'li[role="checkbox"]');
  for (const item of items) {
    const checked = item.getAttribute('aria-checked') === 'true';
    item.setAttribute('data-type', 'taskItem');
    item.setAttribute('data-checked', String(checked));
    for (const box of elementsOf(item, ':scope > img[aria-roledescription="checkbox"]')) box.remove();
    if (checked) for (const styled of [item, ...elementsOf(item, '[style*="line-through"]')]) styled.style.textDecoration = 'none';
  }
  markTaskLists(items);
}

/**
 * Lists whose every item became a to-do item are to-do lists; in a list that also holds
 * plain items, the to-do items are plain items too (a to-do list holds only to-dos).
 */
function markTaskLists(items: readonly HTMLElement[]): void {
  for (const list of new Set(items.map((item) => item.parentElement))) {
    if (!list) continue;
    const children = Array.from(list.children).filter((child) => child.tagName === 'LI');
    if (/^(UL|OL)$/.test(list.tagName) && children.every((child) => child.getAttribute('data-type') === 'taskItem')) {
      list.setAttribute('data-type', 'taskList');
      continue;
    }
    for (const child of children) {
      child.removeAttribute('data-type');
      child.removeAttribute('data-checked');
    }
  }
}

// ---------------------------------------------------------------- GitHub

/**
 * GitHub renders task lists as `li.task-list-item` with a (disabled) checkbox and a drag
 * handle: to-do items with the checkbox's state.
 */
function githubTaskLists(root: ParentNode): void {
  const items = elementsOf(root, 'li.task-list-item');
  for (const item of items) {
    const box = item.querySelector(':scope > input[type="checkbox"]');
    item.setAttribute('data-type', 'taskItem');
    item.setAttribute('data-checked', String(!!box?.hasAttribute('checked')));
    box?.remove();
    for (const handle of elementsOf(item, ':scope > .handle')) handle.remove();
  }
  markTaskLists(items);
}

/** GitHub names a highlighted block's language in its wrapper's class (`highlight-source-js`). */
function githubCodeLanguages(root: ParentNode): void {
  for (const pre of elementsOf(root, 'div[class*="highlight-source-"] > pre, div[class*="highlight-text-"] > pre')) {
    if (pre.hasAttribute('data-language')) continue;
    const scope = /(?:^|\s)highlight-(?:source|text)-([\w-]+)/.exec(pre.parentElement!.className)?.[1] ?? '';
    const language = knownLanguage(scope.split('-')[0]);
    if (language) pre.setAttribute('data-language', language);
  }
}

// ---------------------------------------------------------------- lists in lists

/**
 * Google Docs (and other apps) nest a list directly inside a list, beside the items,
 * where HTML puts it inside the item before it: it is moved there.
 */
function listsInLists(root: ParentNode): void {
  for (const nested of elementsOf(root, 'ul > ul, ul > ol, ol > ul, ol > ol')) {
    let previous = nested.previousElementSibling;
    if (!previous || previous.tagName !== 'LI') {
      previous = nested.ownerDocument.createElement('li');
      nested.before(previous);
    }
    previous.appendChild(nested);
  }
}

/**
 * Notion (and others) write each list item as a list of its own: adjacent lists of one
 * kind (a numbered one continuing the count) are one list.
 */
function continuedLists(root: ParentNode): void {
  for (const list of elementsOf(root, 'ul, ol')) {
    const next = nextElementInRun(list);
    if (!next || next.tagName !== list.tagName || next.getAttribute('data-type') !== list.getAttribute('data-type')) continue;
    if (list.tagName === 'OL') {
      const start = Number(list.getAttribute('start') ?? 1);
      if (Number(next.getAttribute('start') ?? 1) !== start + list.children.length) continue;
    }
    next.prepend(...Array.from(list.childNodes));
    if (list.hasAttribute('start')) next.setAttribute('start', list.getAttribute('start')!);
    else next.removeAttribute('start');
    list.remove();
  }
}

// ---------------------------------------------------------------- code editors

const MONOSPACE = /monospace|consolas|courier|menlo|monaco|mono\b|fira code|source code|cascadia|sf mono|ubuntu mono|hack\b/i;

/**
 * VS Code (and editors built like it) write copied code as a `<div>` with
 * `white-space: pre` and a monospace font, one child `<div>` per line (`<div><br></div>`
 * for an empty one). It becomes one code block with the lines intact (spaces written as
 * non-breaking ones read as spaces), in the language the app names when the editor knows it.
 */
function editorCodeLines(root: ParentNode, context: PasteContext): void {
  for (const block of elementsOf(root, 'div[style*="white-space"]')) {
    const style = block.style;
    if (!/^pre/.test(style.whiteSpace) || !MONOSPACE.test(style.fontFamily) || block.closest('pre')) continue;
    const lines = Array.from(block.children).every((child) => child.tagName === 'DIV' || child.tagName === 'BR')
      ? Array.from(block.children).map((child) => (child.tagName === 'BR' ? '' : (child.textContent ?? '')))
      : [block.textContent ?? ''];
    const doc = block.ownerDocument;
    const pre = doc.createElement('pre');
    const code = doc.createElement('code');
    const language = knownLanguage(context.codeLanguage);
    if (language) pre.setAttribute('data-language', language);
    // Such editors may write runs of spaces as non-breaking ones (VS Code on Windows): code wants the spaces.
    code.textContent = lines.join('\n').replace(/\u00a0/g, ' ');
    pre.appendChild(code);
    block.replaceWith(pre);
  }
}

// ---------------------------------------------------------------- any app

const BLOCK = /^(?:P|DIV|UL|OL|LI|TABLE|BLOCKQUOTE|PRE|H[1-6]|HR)$/;

/**
 * Presentation other apps copy along that is not content: a link's own underline and
 * classes (the app's styling, whether or not the link is kept), a heading's own weight
 * (headings are bold already), the line break before a block (the block starts a line
 * anyway) and the newline an IDE adds after the last line of copied code.
 */
function presentation(root: ParentNode): void {
  for (const link of elementsOf(root, 'a')) {
    link.removeAttribute('class');
    // Where a link opens is the editor's choice (a new tab), not the page it was copied from.
    link.removeAttribute('target');
    for (const styled of [link, ...elementsOf(link, '[style]')]) {
      if (/underline/.test(styled.style.textDecoration) || /underline/.test(styled.style.textDecorationLine)) {
        styled.style.removeProperty('text-decoration');
        styled.style.removeProperty('text-decoration-line');
      }
    }
  }
  for (const heading of elementsOf(root, 'h1, h2, h3, h4, h5, h6')) {
    heading.style.removeProperty('font-weight');
    // A page's permalink to its own heading ("#", "¶", "§" or an icon) is the page's furniture, not the title.
    for (const link of elementsOf(heading, 'a[href^="#"]')) if (/^[#¶§🔗]?$/u.test(link.textContent!.trim())) link.remove();
  }
  // The browser's mark of a copy that ended at a line's end (Chrome, Safari): never content.
  for (const br of elementsOf(root, 'br.Apple-interchange-newline')) br.remove();
  // A line break beside a block (Google Docs' blank line between blocks, or after the last one a
  // copy ended on) stands for an empty paragraph, not a break in text.
  for (const br of elementsOf(root, 'br')) {
    const next = br.nextElementSibling;
    const between = next ? br.nextSibling === next || !(br.nextSibling?.textContent ?? '').trim() : false;
    const previous = br.previousElementSibling;
    const last = !next && !(br.nextSibling?.textContent ?? '').trim() && !!previous && (br.previousSibling === previous || !(br.previousSibling?.textContent ?? '').trim());
    if ((next && between && BLOCK.test(next.tagName)) || (last && BLOCK.test(previous.tagName))) br.remove();
  }
  for (const pre of elementsOf(root, 'pre')) {
    const last = pre.lastChild?.nodeType === 3 ? pre.lastChild : pre.lastElementChild?.lastChild;
    if (last?.nodeType === 3 && last.textContent!.endsWith('\n') && (pre.textContent ?? '').trim()) last.textContent = last.textContent!.slice(0, -1);
  }
}
