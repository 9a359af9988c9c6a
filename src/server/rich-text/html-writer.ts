/**
 * HTML serialisation of the DOM the core builds, following the HTML standard's
 * fragment serialisation. linkedom's own `innerHTML` leaves `&` unescaped in
 * attribute values (so `data-label="a &amp;lt; b"` would read back as `a < b`) and
 * lists attributes newest first; stored HTML must read back to exactly what was written.
 */

/** Elements that have no end tag and no content. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '\u00a0': '&nbsp;', '<': '&lt;', '>': '&gt;' };
const ATTR_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;' };

function escapeText(value: string): string {
  return value.replace(/[&\u00a0<>]/g, (c) => TEXT_ESCAPES[c]);
}

function escapeAttr(value: string): string {
  // Current browsers also escape < and > in attribute values (HTML standard, 2025).
  return value.replace(/[&\u00a0<>"]/g, (c) => ATTR_ESCAPES[c]);
}

/**
 * Whether this DOM lists an element's attributes newest first. Probed on the document
 * in hand rather than assumed, so the output keeps insertion order whatever the DOM does.
 */
function listsAttributesNewestFirst(document: Document): boolean {
  const probe = document.createElement('span');
  probe.setAttribute('a', '');
  probe.setAttribute('b', '');
  return probe.attributes[0]?.name === 'b';
}

function attributesOf(element: Element, reversed: boolean): Attr[] {
  const list = Array.from(element.attributes);
  return reversed ? list.reverse() : list;
}

function write(node: Node, reversed: boolean, out: string[]): void {
  if (node.nodeType === 3 /* TEXT_NODE */) {
    out.push(escapeText(node.nodeValue ?? ''));
    return;
  }
  if (node.nodeType === 1 /* ELEMENT_NODE */) {
    const element = node as Element;
    const name = element.localName;
    out.push('<', name);
    for (const attr of attributesOf(element, reversed)) out.push(' ', attr.name, '="', escapeAttr(attr.value), '"');
    out.push('>');
    if (VOID_ELEMENTS.has(name)) return;
    for (let child = element.firstChild; child; child = child.nextSibling) write(child, reversed, out);
    out.push('</', name, '>');
  }
  // Comments and processing instructions are never part of stored rich text.
}

/** The HTML of a node's children (a fragment or an element), as a browser's `innerHTML` would give it. */
export function writeHTML(root: DocumentFragment | Element): string {
  const document = root.ownerDocument;
  const reversed = document ? listsAttributesNewestFirst(document) : false;
  const out: string[] = [];
  for (let child = root.firstChild; child; child = child.nextSibling) write(child, reversed, out);
  return out.join('');
}
