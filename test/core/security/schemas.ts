/** The schemas the security corpus runs through, and the entries aimed at their extensions' nodes. */
import type { Schema } from 'prosemirror-model';
import { schema as builtinSchema } from '../../../src/core/index.js';
import { editorSetup } from '../../../src/core/extensions/setup.js';
import type { MarkDefinition, NodeDefinition } from '../../../src/core/extensions/types.js';
import { callout } from '../../../src/extensions/callout.js';
import type { CorpusEntry } from './corpus.js';
import type { InspectOptions } from './inspect.js';

/**
 * An extension that tries what a careless host might: an address attribute of text
 * kind, a render function that writes handlers, styles and scripts from attributes.
 * Its kinds and the safe-DOM rules must keep it as inert as the built-in nodes.
 */
const careless: NodeDefinition = {
  name: 'linkcard',
  group: 'block',
  content: 'paragraph+',
  attrs: { href: { type: 'url' }, note: { type: 'text' } },
  parseDOM: [{ tag: 'div[data-card]', getAttrs: (dom) => ({ href: dom.getAttribute('data-href'), note: dom.getAttribute('data-note') }) }],
  toDOM: (node) => [
    'div',
    { 'data-card': '', title: node.attrs.note, onmouseover: node.attrs.note, style: `background: url(${String(node.attrs.note)})` },
    ['a', { href: node.attrs.href || String(node.attrs.note) }, 'open'],
    ['iframe', { src: String(node.attrs.note) }],
    ['div', 0],
  ],
};

/**
 * A mark as careless: its render function writes handlers and styles from a text attribute.
 * Having no markdown form, it is written into markdown as its HTML, and the markdown reader
 * then reads inline HTML for it: neither may let anything else through.
 */
const carelessMark: MarkDefinition = {
  name: 'tagged',
  attrs: { note: { type: 'text' } },
  parseDOM: [{ tag: 'mark[data-tag]', getAttrs: (dom) => ({ note: dom.getAttribute('title') }) }],
  toDOM: (mark) => ['mark', { 'data-tag': '', title: mark.attrs.note, onclick: mark.attrs.note, style: `background: url(${String(mark.attrs.note)})` }, 0],
};

/** The schemas the corpus runs through (the built-in one, and one with the example callout and the careless card and mark), with what their extensions write. */
export const SCHEMAS: ReadonlyArray<[string, Schema, InspectOptions['extra']]> = [
  ['built-in schema', builtinSchema, {}],
  [
    'with extensions',
    editorSetup([callout, careless, { name: 'careless_marks', marks: [carelessMark] }]).schema,
    { elements: ['aside', 'mark'], attributes: ['data-kind', 'data-card', 'data-tag', 'title'] },
  ],
];

/** Markup aimed at the extensions' nodes. */
export const EXTENSION_CORPUS: readonly CorpusEntry[] = [
  {
    name: 'callout with a hostile kind and handlers',
    source: 'extension API',
    html: '<aside class="callout" data-kind="javascript:alert(1)" onclick="alert(2)" style="background:url(javascript:alert(3))"><p><img src=x onerror=alert(4)>note</p></aside>',
  },
  {
    name: 'card whose text attribute carries script',
    source: 'extension API',
    html: '<div data-card data-href="javascript:alert(1)" data-note="javascript:alert(2)" data-x="\"><img src=x onerror=alert(3)>"><p>card</p></div>',
  },
  { name: 'callout in markdown alert form with raw HTML', source: 'extension API', html: '> [!WARNING]\n> <img src=x onerror=alert(1)> [x](javascript:alert(2))' },
  {
    name: 'mark whose text attribute carries script, in HTML and as markdown inline HTML',
    source: 'extension API',
    html: 'a <mark data-tag title="&quot;><img src=x onerror=alert(1)>" onmouseover="alert(2)">b <img src=x onerror=alert(3)></mark> <mark data-tag title="x"><script>alert(4)</script></mark>',
  },
];
