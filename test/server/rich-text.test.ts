import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOMParser } from 'linkedom';
import { markdownToRichText, normaliseRichText, richTextToPlain } from '../../src/server/rich-text/index.js';
import { CORPUS } from '../core/security/corpus.js';

/** The image host EVERY_NODE's second image is on, allowed as IMAGE_HOSTS would (http/image-policy.ts). */
const IMAGE_HOSTS = ['https://cdn.example.com'];

type Json = Record<string, unknown>;

/** Tags and attributes the schema's `toDOM` can produce; anything else in stored HTML is a leak. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [], h1: [], h2: [], h3: [], blockquote: [], hr: [], br: [], ul: ['data-type'], ol: ['start'], li: ['data-type', 'data-checked'],
  label: ['contenteditable'], input: ['type', 'checked'], div: [], pre: ['data-language'], code: ['class'],
  table: [], tbody: [], tr: ['data-background', 'data-text-color', 'style'],
  td: ['colspan', 'rowspan', 'data-colwidth', 'data-background', 'data-text-color', 'style'],
  th: ['colspan', 'rowspan', 'data-colwidth', 'data-background', 'data-text-color', 'style'],
  img: ['src', 'width', 'height', 'alt', 'style'],
  span: ['data-type', 'class', 'data-id', 'data-label', 'data-target', 'data-self', 'data-redirect-uri', 'data-entity-identifier', 'data-entity-name'],
  a: ['href', 'target', 'rel', 'class'], strong: [], em: [], u: [], s: [],
};

/** Styles as the browser writes them (colours as rgb()), which the server now writes too. */
const RGB = 'rgb\\(\\d{1,3}, \\d{1,3}, \\d{1,3}\\)';
const SAFE_STYLE = new RegExp(`^(width: \\d+(\\.\\d+)?(px|%); height: (\\d+(\\.\\d+)?(px|%)|auto);|(background-color: ${RGB};( color: ${RGB};)?|color: ${RGB};))$`);

function isWebAddress(value: string, allowRelative: boolean): boolean {
  try {
    const url = allowRelative ? new URL(value, 'https://base.invalid/') : new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Asserts that stored HTML holds only what the schema writes, with safe values, and is a fixed point. */
function assertClean(html: string, name: string): void {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('*')) as unknown as Element[]) {
    const tag = el.localName;
    assert.ok(tag in ALLOWED, `${name}: <${tag}> must not be stored`);
    for (const attr of Array.from(el.attributes)) {
      assert.ok(ALLOWED[tag].includes(attr.name), `${name}: ${attr.name} on <${tag}> must not be stored`);
      if (attr.name === 'href') assert.ok(attr.value === '' || isWebAddress(attr.value, false), `${name}: href ${attr.value}`);
      if (attr.name === 'src') assert.ok(isWebAddress(attr.value, true) && !/^\s*(javascript|data|vbscript):/i.test(attr.value), `${name}: src ${attr.value}`);
      if (attr.name === 'data-redirect-uri') assert.ok(attr.value.startsWith('/') && !/^\/[/\\]/.test(attr.value), `${name}: redirect ${attr.value} is not a path of the app`);
      if (attr.name === 'style') assert.match(attr.value, SAFE_STYLE, `${name}: style`);
      if (attr.name === 'type' && tag === 'input') assert.equal(attr.value, 'checkbox');
    }
  }
  assert.equal(normaliseRichText({ html }, IMAGE_HOSTS).html, html, `${name}: normalising stored HTML again changes nothing`);
}

const MALICIOUS: Array<[string, string]> = [
  ['script tag', '<p>before</p><script>alert(1)</script><p>after</p>'],
  ['script inside a paragraph', '<p>x<script>document.cookie</script>y</p>'],
  ['img onerror', '<img src="x" onerror="alert(1)"><p><img src=/a.png onload=alert(1)></p>'],
  ['javascript: href', '<p><a href="javascript:alert(1)">a</a><a href="  JaVaScRiPt:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a></p>'],
  ['vbscript and data hrefs', '<p><a href="vbscript:msgbox(1)">a</a><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">b</a></p>'],
  ['data: image', '<img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="data:image/png;base64,iVBORw0KGgo=">'],
  ['javascript: image', '<img src="javascript:alert(1)"><img src="&#106;avascript:alert(1)">'],
  ['iframes and embeds', '<iframe src="https://evil.test"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe><object data="x.swf"></object><embed src="x"><p>t</p>'],
  ['style expressions', '<p style="width: expression(alert(1))">a</p><div style="background:url(javascript:alert(1))">b</div><style>@import "javascript:alert(1)";</style>'],
  ['table colour injection', '<table><tr style="background: url(javascript:alert(1))"><td data-background="red;background:url(x)" style="color: expression(alert(1))"><p>c</p></td></tr></table>'],
  ['nested svg', '<p>a<svg><script>alert(1)</script><foreignObject><img src=x onerror=alert(1)></foreignObject></svg></p><svg><svg onload=alert(1)><a xlink:href="javascript:alert(1)"><text>t</text></a></svg></svg>'],
  ['math and template', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><template><img src=x onerror=alert(1)></template>'],
  ['event handlers everywhere', '<h1 onclick="alert(1)">h</h1><blockquote onmouseover=alert(1)><p onfocus=alert(1) tabindex=1 autofocus>q</p></blockquote>'],
  ['mention attribute injection', '<p><span data-type="mention" data-id="1" data-label="x&quot; onmouseover=&quot;alert(1)" data-redirect-uri="javascript:alert(1)" data-target="users onmouseover=x">@x</span></p>'],
  ['code language injection', '<pre data-language="js&quot; onload=&quot;alert(1)"><code class="language-x onload">x</code></pre>'],
  ['link target and class injection', '<p><a href="https://ok.test" target="javascript:alert(1)" rel="opener" class="x&quot; onclick=&quot;alert(1)">k</a></p>'],
  ['form controls', '<form action="https://evil.test"><input type="text" value="v"><button formaction="javascript:alert(1)">b</button></form><p>x</p>'],
  ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//"><p>x</p>'],
  ['comment breakout', '<p><!--<img src="--><img src=x onerror=alert(1)//">--></p>'],
];

describe('normaliseRichText: hostile HTML', () => {
  for (const [name, html] of MALICIOUS) {
    it(`${name} comes out clean`, () => {
      const { html: out } = normaliseRichText({ html });
      assertClean(out, name);
      assert.doesNotMatch(out, /<(script|iframe|svg|style|object|embed|math|form|meta|base|template)\b/i);
    });
  }

  it('keeps the text around stripped markup', () => {
    assert.equal(normaliseRichText({ html: '<p>before</p><script>alert(1)</script><p>after</p>' }).html, '<p>before</p><p>after</p>');
  });

  it('keeps the text of unsafe links and drops the links', () => {
    assert.equal(normaliseRichText({ html: '<p><a href="javascript:alert(1)">click</a></p>' }).html, '<p>click</p>');
  });

  it('drops images whose address is not a web address', () => {
    assert.equal(normaliseRichText({ html: '<p>a</p><img src="data:image/png;base64,iVBORw0KGgo="><img src="javascript:x">' }).html, '<p>a</p>');
  });

  it('escapes text and attribute values so stored HTML reads back the same', () => {
    const json = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [
        { type: 'text', text: '<b>&amp; "q" \u00a0' },
        { type: 'mention', attrs: { id: '1', label: 'Tom &lt; "Jerry"' } },
      ] }],
    };
    const { html } = normaliseRichText({ json });
    assert.match(html, /^<p>&lt;b&gt;&amp;amp; "q" &nbsp;<span /);
    assert.match(html, /data-label="Tom &amp;lt; &quot;Jerry&quot;"/);
    assert.deepEqual(normaliseRichText({ html }).json, normaliseRichText({ json }).json);
  });
});

describe('normaliseRichText: the editor security corpus', () => {
  it('every entry comes out clean through HTML and JSON', () => {
    assert.ok(CORPUS.length > 50);
    for (const entry of CORPUS) {
      if (entry.html !== undefined) assertClean(normaliseRichText({ html: entry.html }).html, entry.name);
      if (entry.json !== undefined) assertClean(normaliseRichText({ json: entry.json }).html, entry.name);
    }
  });
});

const text = (value: string, marks?: Json[]): Json => (marks ? { type: 'text', marks, text: value } : { type: 'text', text: value });
const paragraph = (...content: Json[]): Json => (content.length ? { type: 'paragraph', content } : { type: 'paragraph' });
const cellAttrs = (attrs: Json = {}): Json => ({ colspan: 1, rowspan: 1, colwidth: null, background: null, textColor: null, ...attrs });
const rowAttrs = (attrs: Json = {}): Json => ({ background: null, textColor: null, ...attrs });
const linkMark = (href: string): Json => ({ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null } });

/** A document with every node and mark of the schema, as `Node.toJSON()` writes it. */
const EVERY_NODE: Json = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Heading one')] },
    { type: 'heading', attrs: { level: 2 }, content: [text('Heading two')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Heading three')] },
    paragraph(
      text('plain '),
      text('bold', [{ type: 'bold' }]),
      text(' '),
      text('italic', [{ type: 'italic' }]),
      text(' '),
      text('under', [{ type: 'underline' }]),
      text(' '),
      text('struck', [{ type: 'strike' }]),
      text(' '),
      text('code', [{ type: 'code' }]),
      text(' '),
      text('all', [linkMark('https://example.com/a?b=1&c=2'), { type: 'bold' }, { type: 'italic' }]),
      { type: 'hard_break' },
      text('after break '),
      {
        type: 'mention',
        attrs: { id: 'u-1', label: 'Ann', target: 'users', self: false, redirect_uri: '/acme/profile/u-1', entity_identifier: 'u-1', entity_name: 'user_mention' },
      },
    ),
    { type: 'bullet_list', content: [{ type: 'list_item', content: [paragraph(text('bullet')), { type: 'bullet_list', content: [{ type: 'list_item', content: [paragraph(text('nested'))] }] }] }] },
    { type: 'ordered_list', attrs: { start: 3 }, content: [{ type: 'list_item', content: [paragraph(text('third'))] }] },
    {
      type: 'task_list',
      content: [
        { type: 'task_item', attrs: { checked: true }, content: [paragraph(text('done'))] },
        { type: 'task_item', attrs: { checked: false }, content: [paragraph(text('todo')), { type: 'task_list', content: [{ type: 'task_item', attrs: { checked: false }, content: [paragraph(text('sub'))] }] }] },
      ],
    },
    { type: 'blockquote', content: [paragraph(text('quoted'))] },
    { type: 'code_block', attrs: { language: 'typescript' }, content: [text('const a = 1;\n  if (a < 2) {}')] },
    { type: 'horizontal_rule' },
    {
      type: 'table',
      content: [
        {
          type: 'table_row',
          attrs: rowAttrs({ background: '#d6e4fc' }),
          content: [
            { type: 'table_header', attrs: cellAttrs({ colwidth: [120], background: '#fde3cf' }), content: [paragraph(text('Name'))] },
            { type: 'table_header', attrs: cellAttrs(), content: [paragraph(text('Value'))] },
          ],
        },
        {
          type: 'table_row',
          attrs: rowAttrs({ textColor: '#1c7a3e' }),
          content: [
            { type: 'table_cell', attrs: cellAttrs({ textColor: '#b42323', background: '#fbd6d6' }), content: [paragraph(text('a'))] },
            { type: 'table_cell', attrs: cellAttrs({ rowspan: 1, colwidth: [200] }), content: [paragraph(text('b'))] },
          ],
        },
        { type: 'table_row', attrs: rowAttrs(), content: [{ type: 'table_cell', attrs: cellAttrs({ colspan: 2 }), content: [paragraph(text('wide'))] }] },
      ],
    },
    { type: 'image', attrs: { src: '/api/assets/ws/1.png', width: '50%', height: null, alt: null } },
    { type: 'image', attrs: { src: 'https://cdn.example.com/i.webp', width: '320px', height: '200px', alt: 'Release "plan" & dates' } },
    paragraph(text('end')),
  ],
};

describe('normaliseRichText: valid documents', () => {
  it('a document of every node type round-trips unchanged through JSON', () => {
    assert.deepEqual(normaliseRichText({ json: EVERY_NODE }, IMAGE_HOSTS).json, EVERY_NODE);
  });

  it('its HTML round-trips unchanged and parses back to the same document', () => {
    const { html } = normaliseRichText({ json: EVERY_NODE }, IMAGE_HOSTS);
    const again = normaliseRichText({ html }, IMAGE_HOSTS);
    assert.equal(again.html, html);
    assert.deepEqual(again.json, EVERY_NODE);
    assertClean(html, 'every node');
  });

  it('writes attributes in the order the schema declares them', () => {
    const { html } = normaliseRichText({ json: EVERY_NODE }, IMAGE_HOSTS);
    assert.match(html, /<a href="https:\/\/example.com\/a\?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow"><strong><em>all<\/em><\/strong><\/a>/);
    assert.match(html, /<li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"><\/label><div><p>done<\/p><\/div><\/li>/);
    assert.match(html, /<pre data-language="typescript"><code class="language-typescript">const a = 1;\n {2}if \(a &lt; 2\) \{\}<\/code><\/pre>/);
    // As a browser writes them: colours as rgb(), the style (set through the CSSOM) last.
    assert.match(html, /<th data-colwidth="120" data-background="#fde3cf" style="background-color: rgb\(253, 227, 207\);"><p>Name<\/p><\/th>/);
    assert.match(html, /<img width="320px" src="https:\/\/cdn.example.com\/i.webp" height="200px" alt="Release &quot;plan&quot; &amp; dates" style="width: 320px; height: 200px;">/);
  });

  it('HTML as the browser writes it (browser CSS colours) parses to the same document', () => {
    const html =
      '<table><tbody><tr data-background="#d6e4fc" style="background-color: rgb(214, 228, 252);"><th data-colwidth="120" data-background="#fde3cf" style="background-color: rgb(253, 227, 207);"><p>h</p></th></tr></tbody></table>' +
      '<img width="35%" src="/a.png" style="width: 35%; height: auto;">';
    const { json } = normaliseRichText({ html }, IMAGE_HOSTS);
    const [table, image] = json.content ?? [];
    assert.deepEqual(table.content?.[0].attrs, rowAttrs({ background: '#d6e4fc' }));
    assert.deepEqual(table.content?.[0].content?.[0].attrs, cellAttrs({ colwidth: [120], background: '#fde3cf' }));
    assert.deepEqual(image, { type: 'image', attrs: { src: '/a.png', width: '35%', height: null, alt: null } });
  });
});

describe('normaliseRichText: backslashes in addresses', () => {
  it('are stored as browsers read them, so a path with /\\ is seen to lead off-site', () => {
    const { html, json } = normaliseRichText({
      html: '<p><img src="/\\evil.example/x.png"><a href="https:\\\\evil.example\\a">l</a><span data-type="mention" data-id="1" data-label="x" data-redirect-uri="/\\evil.example/u">@x</span></p>',
    });
    // The image's address is another site's (//evil.example): kept as its address, not loaded.
    assert.doesNotMatch(html, /<img/);
    assert.match(html, /<p>\/\/evil\.example\/x\.png/);
    assert.match(html, /<a href="https:\/\/evil\.example\/a"/);
    // A mention's target stays on the app: read as a browser reads it, this one leaves, so it is gone.
    assert.match(html, /data-redirect-uri="\/"/);
    assert.doesNotMatch(JSON.stringify(json), /\\\\/);
  });
});

describe('normaliseRichText: mention targets', () => {
  const mention = (target: string) => `<p><span data-type="mention" data-id="1" data-label="ann" data-redirect-uri="${target}">@ann</span></p>`;

  it("stay on the app's own paths: another site's address, in any spelling, becomes /", () => {
    for (const target of ['https://evil.com/phish', '//evil.com/x', '/\\evil.com/x', 'HTTPS://EVIL.COM', ' //evil.com', 'http://localhost:3000/acme']) {
      const { html, json } = normaliseRichText({ html: mention(target) });
      assert.match(html, /data-redirect-uri="\/"/, target);
      assert.doesNotMatch(JSON.stringify(json), /evil|localhost/, target);
    }
  });

  it('keep a path of the app with its query and fragment, from HTML and from JSON', () => {
    assert.match(normaliseRichText({ html: mention('/acme/profile/42?tab=activity#top') }).html, /data-redirect-uri="\/acme\/profile\/42\?tab=activity#top"/);
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id: '1', label: 'ann', redirect_uri: 'https://evil.com/phish' } }] }] };
    assert.match(normaliseRichText({ json }).html, /data-redirect-uri="\/"/);
  });
});

describe('normaliseRichText: JSON input', () => {
  it('cleans JSON the same way as HTML', () => {
    const json = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('x', [linkMark('javascript:alert(1)')]), { type: 'script', content: [text('alert(1)')] }] },
        { type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } },
        { type: 'heading', attrs: { level: 6, onclick: 'alert(1)' }, content: [text('deep')] },
      ],
    };
    const fromJson = normaliseRichText({ json });
    const fromHtml = normaliseRichText({ html: '<p><a href="javascript:alert(1)">x</a><script>alert(1)</script></p><img src="data:image/png;base64,AAAA"><h6 onclick="alert(1)">deep</h6>' });
    assert.equal(fromJson.html, '<p>xalert(1)</p><h3>deep</h3>');
    assert.equal(fromHtml.html, '<p>x</p><h3>deep</h3>');
    assertClean(fromJson.html, 'json');
  });

  it('mends content the schema would refuse', () => {
    const json = { type: 'doc', content: [{ type: 'table_header', content: [{ type: 'heading', attrs: { level: 1 }, content: [text('h')] }] }] };
    const { html } = normaliseRichText({ json });
    assert.equal(html, '<table><tbody><tr><th><p>h</p></th></tr></tbody></table>');
  });

  it('accepts JSON sent as a string', () => {
    assert.equal(normaliseRichText({ json: JSON.stringify({ type: 'doc', content: [paragraph(text('s'))] }) }).html, '<p>s</p>');
  });

  it('prefers JSON over HTML when both are given', () => {
    assert.equal(normaliseRichText({ json: { type: 'doc', content: [paragraph(text('from json'))] }, html: '<p>from html</p>' }).html, '<p>from json</p>');
  });
});

describe('normaliseRichText: empty input', () => {
  const EMPTY = { html: '', json: { type: 'doc', content: [{ type: 'paragraph' }] } };

  it('gives the empty document for nothing, blanks and empty paragraphs', () => {
    assert.deepEqual(normaliseRichText({}), EMPTY);
    assert.deepEqual(normaliseRichText({ html: '' }), EMPTY);
    assert.deepEqual(normaliseRichText({ html: '  \n ' }), EMPTY);
    assert.deepEqual(normaliseRichText({ html: null }), EMPTY);
    assert.deepEqual(normaliseRichText({ html: '<p></p><p></p>' }).html, '');
    assert.deepEqual(normaliseRichText({ json: null }), EMPTY);
    assert.deepEqual(normaliseRichText({ json: {} }), EMPTY);
    assert.deepEqual(normaliseRichText({ json: 42 }), EMPTY);
  });

  it('gives the empty document for markup with nothing the schema keeps', () => {
    assert.deepEqual(normaliseRichText({ html: '<script>alert(1)</script>' }), EMPTY);
  });

  it('trims empty paragraphs at the edges of the HTML only', () => {
    assert.equal(normaliseRichText({ html: '<p></p><p>a</p><p></p><p>b</p><p></p>' }).html, '<p>a</p><p></p><p>b</p>');
  });
});

describe('richTextToPlain', () => {
  it('gives one line per block, breaks as newlines and mentions as @label', () => {
    const html = '<h1>Title</h1><p>a <strong>b</strong><br>c <span data-type="mention" data-label="Ann">@Ann</span></p><ul><li><p>one</p></li><li><p>two</p></li></ul><img src="/x.png"><script>evil()</script>';
    assert.equal(richTextToPlain(html), 'Title\na b\nc @Ann\none\ntwo');
  });

  it('decodes entities and is empty for empty input', () => {
    assert.equal(richTextToPlain('<p>&lt;tag&gt; &amp; co</p>'), '<tag> & co');
    assert.equal(richTextToPlain(''), '');
    assert.equal(richTextToPlain(null), '');
  });
});

describe('markdownToRichText', () => {
  it('turns a model answer into schema-valid rich text', async () => {
    const { html, json } = await markdownToRichText('# Plan\n\nDo **this** and [read](https://example.com).\n\n- [x] done\n- [ ] next\n\n```ts\nlet a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    assert.equal(
      html,
      '<h1>Plan</h1><p>Do <strong>this</strong> and <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">read</a>.</p>' +
        '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>done</p></div></li>' +
        '<li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>next</p></div></li></ul>' +
        '<pre data-language="ts"><code class="language-ts">let a = 1;</code></pre>' +
        '<table><tbody><tr><th><p>a</p></th><th><p>b</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>',
    );
    assert.deepEqual(normaliseRichText({ html }).json, json);
  });

  it('keeps raw HTML as text and cleans unsafe links and images', async () => {
    const { html } = await markdownToRichText('<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![i](data:image/png;base64,AA)');
    assertClean(html, 'markdown');
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /javascript:|data:/);
  });

  it('gives the empty document for empty markdown', async () => {
    assert.equal((await markdownToRichText('  ')).html, '');
  });
});
