/**
 * Stored JSON documents with hostile attributes: what a compromised or careless
 * backend could hand `parseJSON`. The first is TipTap's advisory case, where JSON
 * content bypassed the link extension's `validate`.
 */
import type { CorpusEntry } from './corpus.js';

const TIPTAP_JSON = 'TipTap issue #3673 (link href javascript: through JSON content)';
const SCHEMA_JSON = 'rich-editor schema attributes (spec section 3), stored JSON';

type Json = Record<string, unknown>;

function text(value: string, marks?: Json[]): Json {
  return marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
}

function paragraph(...content: Json[]): Json {
  return { type: 'paragraph', content };
}

function doc(...content: Json[]): Json {
  return { type: 'doc', content };
}

function link(href: string, extra: Json = {}): Json {
  return { type: 'link', attrs: { href, ...extra } };
}

function mention(attrs: Json): Json {
  return { type: 'mention', attrs: { id: '1', label: 'bob', ...attrs } };
}

function cell(attrs: Json, type = 'table_cell'): Json {
  return { type, attrs, content: [paragraph(text('c'))] };
}

/** The JSON entries. */
export const JSON_CORPUS: CorpusEntry[] = [
  { name: 'JSON link href javascript:', source: TIPTAP_JSON, json: doc(paragraph(text('XSS attack link', [link('javascript:alert(1)', { target: '_blank', class: null })]))) },
  {
    name: 'JSON link href disguises',
    source: SCHEMA_JSON,
    json: doc(
      paragraph(
        text('a', [link('JAVASCRIPT:alert(1)')]),
        text('b', [link('java\tscript:alert(1)')]),
        text('c', [link('\u0000 javascript:alert(1)')]),
        text('d', [link('&#106;avascript:alert(1)')]),
        text('e', [link('data:text/html,<script>alert(1)</script>')]),
        text('f', [link('vbscript:alert(1)')]),
      ),
    ),
  },
  {
    name: 'JSON link target, rel and class injection',
    source: SCHEMA_JSON,
    json: doc(paragraph(text('x', [link('https://example.test/', { target: 'javascript:alert(1)', rel: 'opener', class: 'a" onmouseover="alert(1)' })]))),
  },
  {
    name: 'JSON image src data: and javascript:',
    source: SCHEMA_JSON,
    json: doc(
      { type: 'image', attrs: { src: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' } },
      { type: 'image', attrs: { src: 'javascript:alert(1)' } },
      { type: 'image', attrs: { src: ' data:text/html,<script>alert(1)</script>' } },
    ),
  },
  {
    name: 'JSON image size with CSS injection',
    source: SCHEMA_JSON,
    json: doc({ type: 'image', attrs: { src: 'https://example.test/a.png', width: '100px;background:url(javascript:alert(1))', height: 'expression(alert(1))' } }),
  },
  {
    name: 'JSON mention redirect_uri javascript:',
    source: SCHEMA_JSON,
    json: doc(paragraph(mention({ redirect_uri: 'javascript:alert(1)' }), mention({ redirect_uri: 'data:text/html,<script>alert(1)</script>' }), mention({ redirect_uri: ' \tjavascript:alert(1)' }))),
  },
  {
    name: 'JSON mention label and ids carrying markup',
    source: SCHEMA_JSON,
    json: doc(paragraph(mention({ label: '"><img src=x onerror=alert(1)>', id: '<svg onload=alert(1)>', target: 'users" onclick="alert(1)', entity_name: '</span><script>alert(1)</script>' }))),
  },
  {
    name: 'JSON cell and row colours with ";"',
    source: SCHEMA_JSON,
    json: doc({
      type: 'table',
      content: [
        {
          type: 'table_row',
          attrs: { background: 'red;background:url(javascript:alert(1))', textColor: '#fff;x:expression(alert(1))' },
          content: [cell({ background: '#000" onmouseover="alert(1)', textColor: 'expression(alert(1))', colwidth: ['1" onclick="alert(1)'] }), cell({ background: 'url(javascript:alert(1))' }, 'table_header')],
        },
      ],
    }),
  },
  {
    name: 'JSON code language with spaces and quotes',
    source: SCHEMA_JSON,
    json: doc(
      { type: 'code_block', attrs: { language: 'js" onmouseover="alert(1)' }, content: [text('a')] },
      { type: 'code_block', attrs: { language: "x y'><img src=x onerror=alert(1)>" }, content: [text('b')] },
    ),
  },
  {
    name: 'JSON heading level and list start carrying markup',
    source: SCHEMA_JSON,
    json: doc({ type: 'heading', attrs: { level: '1 onclick=alert(1)' }, content: [text('h')] }, { type: 'ordered_list', attrs: { start: '2" onclick="alert(1)' }, content: [{ type: 'list_item', content: [paragraph(text('i'))] }] }),
  },
  {
    name: 'JSON unknown nodes and marks',
    source: SCHEMA_JSON,
    json: doc(
      { type: 'script', attrs: { src: 'javascript:alert(1)' }, content: [paragraph(text('kept text'))] },
      { type: 'iframe', attrs: { srcdoc: '<script>parent.alert(1)</script>' } },
      paragraph(text('m', [{ type: 'script', attrs: { onload: 'alert(1)' } }, { type: 'style', attrs: { css: 'x' } }])),
    ),
  },
  {
    name: 'JSON text that is markup',
    source: SCHEMA_JSON,
    json: doc(paragraph(text('<img src=x onerror=alert(1)><script>alert(1)</script>')), { type: 'code_block', content: [text('</code></pre><svg onload=alert(1)>')] }),
  },
  {
    name: 'JSON string input with a hostile link',
    source: TIPTAP_JSON,
    json: JSON.stringify(doc(paragraph(text('x', [link('javascript:alert(document.domain)')])))),
  },
];
