/**
 * Payloads from past rich-text editor advisories and issues (TipTap, ProseMirror,
 * Quill, CKEditor, Vditor), and payloads aimed at this editor's own schema: the
 * attributes it keeps (mention redirect, cell colours, code language, image size)
 * and the clipboard context ProseMirror reads from `data-pm-slice`.
 */
import type { CorpusEntry } from './corpus.js';

const SCHEMA = 'rich-editor schema attributes (spec section 3)';
/** Why attribute-value payloads do nothing raw: they only hurt a serialiser that builds markup from strings. */
const VALUE_INJECTION = 'a quoted value only breaks out of its attribute in a serialiser that concatenates strings';
const PM_SLICE = 'prosemirror-view clipboard.ts: data-pm-slice context built without parse rules';

/** A `data-pm-slice` marker whose context is the given JSON (quoted for a single-quoted attribute). */
function sliceMarker(open: string, context: unknown[], inner: string): string {
  const json = JSON.stringify(context).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  return `<p data-pm-slice='${open} ${json}'>${inner}</p>`;
}

/** The editor-advisory and schema entries. */
export const EDITOR_CORPUS: CorpusEntry[] = [
  {
    name: 'link inserted through insertContent',
    source: 'TipTap issue #2645 / PR #2646 (javascript: links through insertContent)',
    html: '<p><a href="javascript:alert(1)" target="_self" rel="">Malicious link</a></p>',
  },
  {
    name: 'link href with leading spaces',
    source: 'TipTap PR #5160 (allow-list for link hrefs; "   javascript:" case)',
    html: '<p><a href="   javascript:alert(1)">x</a><a href="&#32;&#9;javascript:alert(1)">y</a></p>',
  },
  {
    name: 'pasted img onerror',
    source: 'ProseMirror issue #473 (pasted <img onerror> ran script)',
    html: '<p>looks like text<img src="x" onerror="__xss()"></p>',
  },
  {
    name: 'paste parsed in the live document',
    source: 'Quill issue #2224 (clipboard HTML parsed in the page, script ran on paste)',
    html: '<p>Copy Me</p><img src=x onerror=alert(1)><p>end</p>',
  },
  {
    name: 'img onloadstart stored payload',
    source: 'Quill CVE-2021-3163 (crafted onloadstart on IMG)',
    html: '<p><img src=ffs onloadstart="alert(12345)" onerror="alert(12345)"></p>',
  },
  { name: 'bare clipboard img onerror', source: 'Vditor issue #1248 (clipboard XSS)', html: '<img src onerror=alert(1)>' },
  {
    name: 'malformed attribute soup',
    source: 'after CKEditor 4 GHSA-7889-rm5j-hpgg (malformed pasted HTML injected markup)',
    html: '<p><a href="https://example.test/" onclick="alert(1)"<img src=x onerror=alert(1)>>x</a></p><p title="</p><img src=x onerror=alert(1)>">t</p>',
  },
  {
    name: 'raw HTML embed markup',
    source: 'after CKEditor 5 GHSA-x9gp-vjh6-3wv6 (clipboard XSS through raw HTML elements)',
    html: '<div class="raw-html-embed"><img src=x onerror=alert(1)><script>alert(1)</script></div><p>x</p>',
  },
  {
    name: 'iframe srcdoc',
    source: 'HTML5 Security Cheatsheet (html5sec.org, srcdoc)',
    html: '<iframe srcdoc="&lt;script&gt;parent.__xss()&lt;/script&gt;"></iframe><p>x</p>',
  },
  { name: 'svg animate onbegin', source: 'PortSwigger XSS cheat sheet (onbegin)', html: '<svg><animate onbegin="__xss()" attributeName="x" dur="1s"></animate></svg><p>x</p>' },
  { name: 'style onload', source: 'PortSwigger XSS cheat sheet (style onload)', html: '<style onload="alert(1)"></style><p>x</p>' },
  { name: 'details ontoggle', source: 'PortSwigger XSS cheat sheet (ontoggle)', html: '<details open ontoggle="__xss()"><summary>s</summary><p>x</p></details>' },
  {
    name: 'links inside template and noscript',
    source: 'DOMPurify test suite (template/noscript contents)',
    html: '<template><a href="javascript:alert(1)">t</a></template><noscript><p><a href="javascript:alert(1)">n</a></p></noscript><p>x</p>',
  },
  // Schema attributes.
  {
    name: 'mention redirect javascript:',
    source: SCHEMA,
    html: '<p><span data-type="mention" data-id="1" data-label="bob" data-redirect-uri="javascript:alert(1)" onclick="alert(1)">@bob</span></p>',
  },
  {
    name: 'mention redirect disguised',
    source: SCHEMA,
    html: '<p><span data-type="mention" data-label="a" data-redirect-uri="java&#x09;script:alert(1)">@a</span><span data-type="mention" data-label="b" data-redirect-uri=" data:text/html,<script>parent.alert(1)</script>">@b</span><span data-type="mention" data-label="c" data-redirect-uri="VBSCRIPT:alert(1)">@c</span></p>',
  },
  {
    name: 'mention label and ids carrying markup', inertRaw: VALUE_INJECTION,
    source: SCHEMA,
    html: '<p><span data-type="mention" data-id=\'"><img src=x onerror=alert(1)>\' data-label=\'"><svg onload=alert(1)>\' data-target="users onmouseover=alert(1)" data-entity-name="<script>alert(1)</script>">@x</span></p>',
  },
  {
    name: 'cell and row colours with CSS injection',
    source: SCHEMA,
    html: '<table><tr data-background="red;background:url(javascript:alert(1))" style="background-image:url(javascript:alert(1))"><td data-background="#fff;background:url(javascript:alert(1))" data-text-color="expression(alert(1))">a</td><th data-background="javascript:alert(1)" style="color: red; background: url(javascript:alert(1))"><p>b</p></th></tr></table>',
  },
  {
    name: 'cell colwidth and spans carrying markup', inertRaw: VALUE_INJECTION,
    source: SCHEMA,
    html: '<table><tr><td data-colwidth=\'100" onmouseover="alert(1)\' colspan="2 onclick=alert(1)" rowspan="-1">a</td></tr></table>',
  },
  {
    name: 'code block language injection', inertRaw: VALUE_INJECTION,
    source: SCHEMA,
    html: '<pre data-language=\'js" onmouseover="alert(1)\'><code class="language-x onmouseover=alert(1)">a</code></pre><pre><code class=\'language-"><img src=x onerror=alert(1)>\'>b</code></pre>',
  },
  {
    name: 'image size with CSS injection',
    source: SCHEMA,
    html: '<img src="https://example.test/a.png" width="100px; background:url(javascript:alert(1))" height="1e3" style="width: expression(alert(1)); height: calc(1px + url(javascript:alert(1)))" onload="alert(1)">',
  },
  {
    name: 'image src data: and javascript:',
    source: SCHEMA,
    html: '<img src="data:image/svg+xml,<svg xmlns=&quot;http://www.w3.org/2000/svg&quot; onload=&quot;alert(1)&quot;/>"><img src="javascript:alert(1)"><img src="blob:javascript:alert(1)">',
  },
  {
    name: 'link target, rel and class injection', inertRaw: VALUE_INJECTION,
    source: SCHEMA,
    html: '<p><a href="https://example.test/" target="javascript:alert(1)" rel="opener" class=\'x" onmouseover="alert(1)\'>x</a></p>',
  },
  { name: 'event handlers on paragraphs and headings', source: SCHEMA, html: '<p onclick="alert(1)">p</p><h1 onmouseover="alert(1)">h</h1><blockquote onclick="alert(1)"><p>q</p></blockquote><hr onclick="alert(1)">' },
  { name: 'event handlers on links', source: SCHEMA, html: '<p><a href="https://example.test/" onmouseover="alert(1)" onfocus="alert(1)" autofocus>a</a></p>' },
  {
    name: 'event handlers on table parts',
    source: SCHEMA,
    html: '<table onclick="alert(1)"><tbody onclick="alert(1)"><tr onclick="alert(1)"><td onmouseover="alert(1)">td</td><th onclick="alert(1)"><p>th</p></th></tr></tbody></table>',
  },
  { name: 'event handlers on images', source: SCHEMA, html: '<img src="https://example.test/x.png" onerror="alert(1)" onload="alert(1)" onmouseover="alert(1)">' },
  { name: 'event handlers on mentions', source: SCHEMA, html: '<p><span data-type="mention" data-label="m" onmouseover="alert(1)" onclick="alert(1)">@m</span></p>' },
  {
    name: 'event handlers on task items',
    source: SCHEMA,
    html: '<ul data-type="taskList" onclick="alert(1)"><li data-type="taskItem" data-checked="true" onclick="alert(1)"><label onclick="alert(1)"><input type="checkbox" onchange="alert(1)" onfocus="alert(1)" autofocus></label><div onmouseover="alert(1)"><p>t</p></div></li></ul>',
  },
  {
    name: 'event handlers on lists and code',
    source: SCHEMA,
    html: '<ol start="3" onclick="alert(1)"><li onclick="alert(1)"><p>li</p></li></ol><pre onclick="alert(1)"><code onclick="alert(1)">c</code></pre><p><code onclick="alert(1)">i</code><strong onclick="alert(1)">b</strong></p>',
  },
  {
    name: 'ordered list start carrying markup', inertRaw: VALUE_INJECTION,
    source: SCHEMA,
    html: '<ol start=\'1" onclick="alert(1)\'><li><p>x</p></li></ol>',
  },
  // Clipboard context from "another ProseMirror editor".
  {
    name: 'slice context with hostile cell colours',
    source: PM_SLICE,
    html: sliceMarker('0 0', ['table', null, 'table_row', { background: 'red;background:url(javascript:alert(1))' }, 'table_cell', { background: 'javascript:alert(1)', textColor: 'expression(alert(1))', colwidth: ['1" onclick="alert(1)'] }], 'cell'),
  },
  {
    name: 'slice context with a hostile code language',
    source: PM_SLICE,
    html: sliceMarker('1 1', ['code_block', { language: 'js" onmouseover="alert(1)' }], 'code'),
  },
  {
    name: 'slice context naming leaves and unknown types',
    source: PM_SLICE,
    html: sliceMarker('1 1', ['script', { src: 'javascript:alert(1)' }, 'image', { src: 'javascript:alert(1)' }, 'mention', { redirect_uri: 'javascript:alert(1)' }], 'x'),
  },
  {
    name: 'slice context with hostile list and task attributes',
    source: PM_SLICE,
    html: sliceMarker('0 0', ['ordered_list', { start: '1" onclick="alert(1)' }, 'list_item', { onclick: 'alert(1)' }, 'task_list', null, 'task_item', { checked: '<img src=x onerror=alert(1)>' }], 'x'),
  },
  {
    name: 'slice marker with broken JSON and a script',
    source: PM_SLICE,
    html: '<p data-pm-slice=\'1 1 [{"x":</p><img src=x onerror=alert(1)>\'>x</p><script>alert(1)</script>',
  },
];
