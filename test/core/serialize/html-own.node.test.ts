import { expect } from 'chai';
import { Schema, type Node as PMNode } from 'prosemirror-model';
import { parseInertHTML } from '../../../src/core/dom.js';
import { parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import { readOwnHTML } from '../../../src/core/serialize/html-own.js';
import { withoutInlineHandlers } from '../../../src/core/serialize/inline-handlers.js';
import { canonicalHtmlDoc, mulberry32, randomCorpus } from '../../helpers/random-doc.js';
import { CORPUS } from '../security/corpus.js';
import { expectSameDoc, forAll } from './corpus-properties.js';

// The fast reader of the editor's own markup (html-own.ts) must give exactly the document the
// DOM path gives for every input it takes, and leave every other input to the DOM path.

/** The document the DOM path gives (parseHTML with the page's parser, as it reads markup without the fast reader). */
function viaDOM(html: string, target: Schema = schema): PMNode {
  const parseDocument = (markup: string) => parseInertHTML(`<!doctype html><html><head></head><body>${withoutInlineHandlers(markup)}</body></html>`);
  return parseHTML(html, { parseDocument, schema: target });
}

/** Reads `html` both ways: when the fast reader takes it, the documents must be equal; returns whether it took it. */
function sameAsDOM(html: string, target: Schema = schema): boolean {
  const own = readOwnHTML(html, target);
  if (own) expectSameDoc(own, viaDOM(html, target));
  return !!own;
}

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  '<img src="x" onerror="alert(1)">',
  '<p onclick="alert(1)">a</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<p><a href="jav&#x09;ascript:alert(1)">x</a></p>',
  '<script>alert(1)</script>',
  '<p>a<script>alert(1)</script></p>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<p style="background:url(javascript:alert(1))">a</p>',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<p><a href="https://ok.example" onmouseover="alert(1)">x</a></p>',
  '<table><tr><td><p>a</p></td></tr></table><img src=x onerror=alert(1)>',
  '<p>a<p><img src="x" onerror="alert(1)"></p>',
  '<p><span data-type="mention" data-id="&quot;><img src=x onerror=alert(1)>" data-label="x">@x</span></p>',
  '<p><a href="https://ok.example" title=\'<b onmouseover=alert(1)>\'>x</a></p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p><!-- --><img src=x onerror=alert(1)></p>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
];

describe('reading the editor\'s own HTML without a DOM', function () {
  this.timeout(120_000);

  it('every document of the round-trip corpus is read by the fast reader, as the DOM reads it, and writes back the same HTML', () => {
    forAll(randomCorpus({}), {}, (doc) => {
      const html = serializeHTML(doc);
      if (!html) return;
      const own = readOwnHTML(html, schema);
      expect(own, 'the fast reader takes the editor\'s own markup').to.not.equal(null);
      expectSameDoc(own!, viaDOM(html));
      expectSameDoc(own!, canonicalHtmlDoc(doc));
      expect(serializeHTML(own!)).to.equal(html);
    });
  });

  it('the benchmark\'s documents are read as the DOM reads them', async () => {
    // The benchmark's generator writes markup close to the editor's, as a host would store it (plain `<a href>`, `<input checked>`, `<img alt>`).
    const generator: string = '../../../bench/generate.mjs';
    const { generateDocument } = (await import(generator)) as { generateDocument: (blocks: number, seed?: number) => string };
    for (const seed of [1, 7, 42]) {
      const html = generateDocument(400, seed);
      expect(sameAsDOM(html), `seed ${seed}`).to.equal(true);
      const written = serializeHTML(viaDOM(html));
      expect(sameAsDOM(written), `seed ${seed}, written back`).to.equal(true);
    }
  });

  it('parseHTML gives the fast reader\'s document for the editor\'s markup', () => {
    const html = '<h2>Title</h2><p>a <strong>b <em>c</em></strong> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">d</a></p>';
    expectSameDoc(parseHTML(html), readOwnHTML(html, schema)!);
    expect(serializeHTML(parseHTML(html))).to.equal(html);
  });

  it('hostile markup is left to the DOM path, which cleans it as before', () => {
    for (const html of HOSTILE) {
      expect(readOwnHTML(html, schema), html).to.equal(null);
      expectSameDoc(parseHTML(html), viaDOM(html));
    }
  });

  it('every entry of the security corpus the fast reader takes gives the DOM path\'s document', () => {
    let taken = 0;
    for (const entry of CORPUS) {
      if (entry.html === undefined) continue;
      if (sameAsDOM(entry.html)) taken++;
      expectSameDoc(parseHTML(entry.html), viaDOM(entry.html));
    }
    expect(taken).to.be.greaterThan(0);
  });

  it('hostile attribute values in markup it takes are cleaned by the same rules', () => {
    const cases = [
      '<p><span data-type="mention" data-redirect-uri="javascript:alert(1)" data-id="1" data-label="x">@x</span></p>',
      '<p><a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
      '<p><a href="https://ok.example" target="_top" rel="opener" class="a b">x</a></p>',
      '<img src="javascript:alert(1)" width="35%" style="width: 35%; height: auto;">',
      '<img src="https://ok.example/x.png" width="35%;position:fixed" style="width: 35%; height: auto;">',
      '<pre data-language="&lt;script&gt;"><code class="language-x">a</code></pre>',
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
      '<table><tbody><tr data-background="url(javascript:alert(1))"><td data-text-color="expression(alert(1))"><p>a</p></td></tr></tbody></table>',
    ];
    for (const html of cases) {
      sameAsDOM(html);
      expect(serializeHTML(parseHTML(html)), html).to.not.match(/javascript:|expression\(|<script|position:/);
    }
  });

  it('markup a browser parses into another tree than written is left to the DOM path', () => {
    const moved = [
      '<p>a<ul><li><p>b</p></li></ul></p>',
      '<p>a<table><tbody><tr><td><p>b</p></td></tr></tbody></table></p>',
      '<table><tr><td><p>a</p></td></tr></table>',
      '<table><tbody>x<tr><td><p>a</p></td></tr></tbody></table>',
      '<ul><p>a</p></ul>',
      '<ul><li><p>a</p></li> </ul>',
      '<li><p>a</p></li>',
      '<p><a href="https://a.example">a<a href="https://b.example">b</a></a></p>',
      '<h1>a<h2>b</h2></h1>',
      '<pre>\nabc</pre>',
      '<p>a</p></p>',
      '<p>a<br/>b</p>',
      '<p>a</strong></p>',
      '<p><strong>a</p>',
      '<p>a &amp b</p>',
      '<p>a &copy; b</p>',
      '<p title=x>a</p>',
      '<p>a\r\nb</p>',
      '<p>a\nb</p>',
      '<p>a\u0000b</p>',
      '<p>a\ud800b</p>',
      '<table><tbody style="font-weight: bold"><tr><td><p>a</p></td></tr></tbody></table>',
      '<p><span style="font-style: italic">a</span></p>',
      '\n<p>a</p>',
      'text',
      '<p>a</p>text',
      '<div><p>a</p></div>',
      '<ul><li>a</li></ul>',
      '<p><img src="https://a.example/x.png"></p>',
    ];
    for (const html of moved) {
      expect(readOwnHTML(html, schema), JSON.stringify(html)).to.equal(null);
      expectSameDoc(parseHTML(html), viaDOM(html));
    }
  });

  it('attributes are read and cleaned by the schema\'s rules', () => {
    const cases = [
      '<ol start="3"><li><p>a</p></li></ol>',
      '<ol start="-4"><li><p>a</p></li></ol>',
      '<h5>deep</h5>',
      '<pre data-language="typescript"><code class="language-typescript">let a = 1;\n\n  b</code></pre>',
      '<pre><code class="language-rust">fn</code></pre>',
      '<pre><code>plain</code></pre>',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>done</p></div></li></ul>',
      '<ul data-type="taskList"><li data-type="taskItem"><label><input type="checkbox" checked></label><div><p>boxed</p></div></li></ul>',
      '<img src="https://a.example/x.png" width="50%" style="width: 50%; height: 120px;" height="120px">',
      '<img src="https://a.example/x.png" style="width: 320px; height: auto;">',
      '<img src="javascript:alert(1)">',
      '<table><tbody><tr data-background="#fde68a" style="background-color: #fde68a"><td colspan="2" data-colwidth="100,120"><p>a</p></td></tr></tbody></table>',
      '<table><tbody><tr><td style="background-color: rgb(253, 230, 138); color: rgb(0, 0, 0)"><p>a</p></td></tr></tbody></table>',
      '<table><tbody><tr><th><p>h</p><p>i</p></th></tr><tr><td><p>a</p><ul><li><p>b</p></li></ul></td></tr></tbody></table>',
      '<p><span data-type="mention" class="mention" data-id="7" data-label="Ada" data-target="users" data-redirect-uri="/users/7" data-entity-identifier="7" data-entity-name="user_mention">@Ada</span></p>',
      '<p><span data-type="mention" data-id="7">@Label from text</span></p>',
      '<p><a href="mailto:a@b.example">mail</a> <a href="https://x.example" target="_self" class="btn big">x</a></p>',
      '<p><code><strong>a</strong></code><strong><code>b</code></strong><b>c</b><i>d</i><del>e</del><strike>f</strike></p>',
      '<p>a&nbsp;&nbsp;b &lt;c&gt; &quot;d&quot; &#39;e&#39; f > g</p>',
      '<p><span>a <b>b</b></span><a>no address</a></p>',
      '<blockquote><p>a</p><blockquote><p>b</p></blockquote><hr></blockquote>',
    ];
    for (const html of cases) sameAsDOM(html);
    expect(cases.filter((html) => readOwnHTML(html, schema)).length).to.be.greaterThan(cases.length - 4);
  });

  it('any edit of the editor\'s markup is either read as the DOM reads it or left to the DOM path', () => {
    const rng = mulberry32(0x0ddba11);
    const pieces = ['<', '>', '</p>', '<p>', '&', '&amp;', '"', '\n', ' ', '<br>', '<strong>', '</strong>', '<li>', '</ul>', '<td>', 'x', ' style="color: red"', ' onclick="x"', '<pre>', '<code>'];
    let taken = 0;
    for (const { doc } of randomCorpus({}, 150)) {
      const html = serializeHTML(doc);
      for (let edit = 0; edit < 6; edit++) {
        const at = Math.floor(rng() * (html.length + 1));
        const cut = rng() < 0.5 ? 0 : Math.floor(rng() * 6);
        const edited = html.slice(0, at) + pieces[Math.floor(rng() * pieces.length)] + html.slice(at + cut);
        if (sameAsDOM(edited)) taken++;
      }
    }
    expect(taken).to.be.greaterThan(0);
  });

  it('a schema\'s own rules are followed, and rules it cannot answer for leave the markup to the DOM path', () => {
    const withMark = (spec: object) => new Schema({ nodes: schema.spec.nodes, marks: schema.spec.marks.addToEnd('highlight', { toDOM: () => ['mark', 0], ...spec }) });
    const plain = withMark({ parseDOM: [{ tag: 'mark' }] });
    expect(sameAsDOM('<p>a <mark>b <strong>c</strong></mark></p>', plain)).to.equal(true);
    const byClass = withMark({ parseDOM: [{ tag: 'mark', getAttrs: (dom: HTMLElement) => (dom instanceof HTMLElement && dom.classList.contains('x') ? null : false) }] });
    expect(sameAsDOM('<p><mark class="x">b</mark></p>', byClass)).to.equal(false);
    const byId = withMark({ parseDOM: [{ tag: 'mark', getAttrs: (dom: HTMLElement) => (dom.id ? null : false) }] });
    expect(sameAsDOM('<p><mark id="x">b</mark></p>', byId)).to.equal(false);
    const byStyle = withMark({ parseDOM: [{ style: 'color' }] });
    expect(sameAsDOM('<p>b</p>', byStyle)).to.equal(false);
    const inContext = withMark({ parseDOM: [{ tag: 'mark', context: 'paragraph/' }] });
    expect(sameAsDOM('<p><mark>b</mark></p>', inContext)).to.equal(false);
  });
});
