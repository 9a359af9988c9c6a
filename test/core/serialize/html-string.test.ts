/**
 * The HTML written from the document model (no DOM) must be byte for byte what the
 * browser writes for ProseMirror's DOMSerializer output. Over the seeded corpus, the
 * browser's HTML is also checked against test/fixtures/serialize/corpus.json.gz, which the
 * Node test (test/core/serialize/serialize.node.test.mjs) checks the DOM-free writer
 * against: so Node writes what the browser writes.
 *
 * To regenerate the fixture (after a change to the generator or to the HTML form),
 * delete test/fixtures/serialize/corpus.json.gz and run this file once:
 *   npx wtr --files test/core/serialize/html-string.test.ts
 * It writes a new fixture and fails, asking for a review of the diff; the next run passes.
 */
import { expect } from '@open-wc/testing';
import { writeFile } from '@web/test-runner-commands';
import { DOMSerializer, Schema, type Fragment, type Node as PMNode } from 'prosemirror-model';
import { LINK_REL, parseHTML, schema, serializeHTML, trimEmptyParagraphs } from '../../../src/core/index.js';
import { CORPUS } from '../security/corpus.js';
import { fragmentToHTML } from '../../../src/core/serialize/html-string.js';
import { a, code, doc, em, img, li, mention, p, pre, s, strong, table, taskItem, taskList, td, th, tr, u, ul, br, h2 } from '../../helpers/builder.js';
import { CORPUS_BASE_SEED, randomCorpus } from '../../helpers/random-doc.js';

/** Gzipped JSON (all 1,000 documents and their HTML in about 2 MB); `zcat` shows it. */
const FIXTURE = '../../fixtures/serialize/corpus.json.gz';

/** The fixture: each corpus document (JSON without default attributes) and the HTML the browser writes for it. */
interface CorpusFixture {
  about: string;
  baseSeed: number;
  docs: unknown[];
  html: string[];
  /** The security corpus's markup and what the browser keeps of it (parsed, then written). */
  security: Array<{ name: string; html: string; kept: string }>;
}

/** The HTML the browser writes: DOMSerializer output in an inert document, read back through innerHTML. */
function domHTML(fragment: Fragment, from: Schema = schema): string {
  const document = window.document.implementation.createHTMLDocument('');
  const container = document.createElement('div');
  container.appendChild(DOMSerializer.fromSchema(from).serializeFragment(fragment, { document }));
  return container.innerHTML;
}

/** Where two strings first differ, with a little context either side, or null when equal. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 40), i + 40));
  return `first difference at offset ${i}: got ${around(actual)}, expected ${around(expected)}`;
}

/** Gzipped bytes through the browser's own compression streams. */
async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gunzip(bytes: ArrayBuffer): Promise<string> {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Chromium writes a style set through the CSSOM (as ProseMirror sets it) after the
 * element's other attributes, since it syncs the attribute lazily; Firefox writes it where
 * it was set. The writer follows Chromium, so in an engine that writes it in place both
 * sides are compared with each element's attributes in name order: every other byte counts.
 */
const styleWrittenInPlace = (() => {
  const probe = document.createElement('img');
  probe.setAttribute('alt', '');
  probe.style.cssText = 'width: 1px';
  probe.setAttribute('src', 'x');
  return probe.outerHTML.indexOf('style') < probe.outerHTML.indexOf('src');
})();

/** `html` with every element's attributes in name order (see `styleWrittenInPlace`). */
function attributesInNameOrder(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT);
  for (let element = walker.nextNode() as Element | null; element; element = walker.nextNode() as Element | null) {
    const attributes = [...element.attributes].map((attr) => attr.cloneNode() as Attr).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    for (const attr of attributes) element.removeAttributeNode(element.getAttributeNodeNS(attr.namespaceURI, attr.localName)!);
    for (const attr of attributes) element.setAttributeNodeNS(attr);
  }
  return template.innerHTML;
}

function expectSameHTML(actual: string, expected: string, label: string): void {
  if (styleWrittenInPlace && actual !== expected) {
    actual = attributesInNameOrder(actual);
    expected = attributesInNameOrder(expected);
  }
  const difference = firstDifference(actual, expected);
  if (difference) throw new Error(`${label}: ${difference}`);
}

/** The string writer and the browser agree on `fragment`. */
function expectAgree(fragment: Fragment, from: Schema = schema): string {
  const html = fragmentToHTML(fragment);
  expectSameHTML(html, domHTML(fragment, from), 'string writer vs DOM');
  return html;
}

/** A node as compact JSON: attributes left out where they hold their default. */
function compactJSON(node: PMNode): Record<string, unknown> {
  const out: Record<string, unknown> = { type: node.type.name };
  const attrs = nonDefault(node.attrs, node.type.spec.attrs);
  if (attrs) out.attrs = attrs;
  if (node.isText) out.text = node.text;
  if (node.childCount) out.content = node.content.content.map(compactJSON);
  if (node.marks.length) {
    out.marks = node.marks.map((mark) => {
      const markAttrs = nonDefault(mark.attrs, mark.type.spec.attrs);
      return markAttrs ? { type: mark.type.name, attrs: markAttrs } : { type: mark.type.name };
    });
  }
  return out;
}

function nonDefault(attrs: Readonly<Record<string, unknown>>, specs: Readonly<Record<string, { default?: unknown }>> | undefined): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (JSON.stringify(value) !== JSON.stringify(specs?.[name]?.default)) out[name] = value;
  }
  return Object.keys(out).length ? out : null;
}

describe('HTML written without a DOM', function () {
  this.timeout(120_000);

  describe('the seeded corpus', () => {
    const corpus = randomCorpus({});

    it('every document is written byte for byte as the browser writes it', () => {
      for (const { seed, doc: document } of corpus) {
        const content = trimEmptyParagraphs(document);
        expectSameHTML(serializeHTML(document), domHTML(content), `seed ${seed}`);
      }
    });

    it('the browser writes what the committed fixture holds (the HTML the Node test expects)', async () => {
      const fixture: CorpusFixture = {
        about: 'Written by test/core/serialize/html-string.test.ts (delete corpus.json.gz and run that test to regenerate). Docs: compact JSON (default attributes left out); html: what the browser writes for each.',
        baseSeed: CORPUS_BASE_SEED,
        docs: corpus.map(({ doc: document }) => compactJSON(document)),
        html: corpus.map(({ doc: document }) => domHTML(trimEmptyParagraphs(document))),
        security: CORPUS.filter((entry) => entry.html !== undefined).map((entry) => ({ name: entry.name, html: entry.html!, kept: serializeHTML(parseHTML(entry.html)) })),
      };
      const response = await fetch(new URL(FIXTURE, import.meta.url));
      if (response.status === 404) {
        // One document or HTML string per line, so `zcat … | diff` reads well.
        const json = JSON.stringify(fixture).replace(/,"(docs|html)":\[/g, ',\n"$1":[\n').replace(/\},\{"type":"doc"/g, '},\n{"type":"doc"').replace(/","(?=<|")/g, '",\n"');
        await writeFile({ path: FIXTURE, content: base64(await gzip(`${json}\n`)), encoding: 'base64' });
        throw new Error('The fixture was missing and has been written: review it, commit it and run again');
      }
      const committed = JSON.parse(await gunzip(await response.arrayBuffer())) as CorpusFixture;
      expect(committed.docs.length).to.equal(corpus.length);
      corpus.forEach(({ seed, doc: document }, i) => {
        const storedDoc = schema.nodeFromJSON(committed.docs[i]);
        if (!storedDoc.eq(document)) throw new Error(`seed ${seed}: the fixture's document is not the generator's; regenerate the fixture`);
        expectSameHTML(fixture.html[i], committed.html[i], `seed ${seed} (fixture)`);
      });
      expect(committed.security.length).to.equal(fixture.security.length);
      fixture.security.forEach((entry, i) => {
        expect(committed.security[i].html === entry.html, `${entry.name}: the fixture's markup is the corpus's`).to.equal(true);
        expectSameHTML(entry.kept, committed.security[i].kept, `${entry.name} (fixture)`);
      });
    });
  });

  describe('escaping', () => {
    it('text escapes &, <, > and no-break spaces, and keeps quotes', () => {
      const html = expectAgree(doc(p('a & b < c > d "e" \'f\' g\u00a0h')).content);
      expect(html).to.equal('<p>a &amp; b &lt; c &gt; d "e" \'f\' g&nbsp;h</p>');
    });

    it('attribute values escape &, ", <, > and no-break spaces, and keep single quotes', () => {
      const href = 'https://example.com/a"b<c>\'d?x=1&y=\u00a02';
      const html = expectAgree(doc(p(a({ href }, 'link'))).content);
      expect(html).to.contain('href="https://example.com/a&quot;b&lt;c&gt;\'d?x=1&amp;y=&nbsp;2"');
    });

    it('mention labels and attributes with quotes, entities and unicode', () => {
      const node = mention({ id: 'u"1', label: 'Zoë <&> "Ω" 😀', entity_name: "it's & \u00a0", redirect_uri: '/acme/profile/42' });
      expectAgree(doc(p('hi ', node, ' there')).content);
    });

    it('unicode text, right-to-left text and astral characters pass through unescaped', () => {
      const html = expectAgree(doc(p('中文 日本 😀 שלום é\u200b')).content);
      expect(html).to.equal('<p>中文 日本 😀 שלום é\u200b</p>');
    });
  });

  describe('blocks', () => {
    it('empty paragraphs inside the document are kept, edge ones trimmed', () => {
      const document = doc(p(), p('a'), p(), p(), p('b'), p());
      expectSameHTML(serializeHTML(document), domHTML(trimEmptyParagraphs(document)), 'trimmed');
      expect(serializeHTML(document)).to.equal('<p>a</p><p></p><p></p><p>b</p>');
    });

    it('tables with column widths, spans and colours', () => {
      const cell = { colwidth: [120, 80], colspan: 2, background: '#d6e4fc', textColor: '#1f4fb4' };
      const html = expectAgree(doc(table(tr({ background: '#abc' }, th(cell, p('h'))), tr(td({ colwidth: [200, 0] }, p('x')), td(p('y'))))).content);
      expect(html).to.contain('style="background-color: rgb(214, 228, 252); color: rgb(31, 79, 180);"');
    });

    it('images with widths, heights and addresses with entities', () => {
      expectAgree(doc(img({ src: 'http://example.org/img?size=large&v=2', width: '12.5px', height: '40%' }), img({ src: '/a.png' })).content);
    });

    it('code blocks keep their language and every character', () => {
      const html = expectAgree(doc(pre({ language: 'c++' }, 'if (a < b && c > d) {\n\t"x";\u00a0\n}'), pre({ language: 'objective-c' })).content);
      expect(html).to.contain('<pre data-language="c++"><code class="language-c++">if (a &lt; b &amp;&amp; c &gt; d)');
    });

    it('task lists, checked and not, with nested content', () => {
      expectAgree(doc(taskList(taskItem({ checked: true }, p('done')), taskItem({ checked: false }, p('todo'), ul(li(p('sub')))))).content);
    });

    it('nested and adjacent marks group as ProseMirror groups them', () => {
      const link = { href: 'https://example.com', target: '_self', rel: LINK_REL, class: 'x y' };
      expectAgree(doc(h2(strong('a', em('b', u('c')), s('d')), a(link, 'e', code('f')), br(), a(link, strong('g')))).content);
    });
  });

  describe('render specs beyond the editor\'s own', () => {
    const svg = 'http://www.w3.org/2000/svg';
    const custom = new Schema({
      nodes: {
        doc: { content: 'block+' },
        text: { group: 'inline' },
        para: { group: 'block', content: 'inline*', attrs: { style: { default: null } }, toDOM: (node) => ['p', { STYLE: 'x', style: node.attrs.style, 'data-A': 'b' }, 0] },
        drawing: { group: 'block', atom: true, toDOM: () => ['div', [`${svg} svg`, { viewBox: '0 0 1 1', 'http://www.w3.org/1999/xlink xlink:href': '#a' }, ['circle', { cx: '1' }], ['foreignObject']]] },
        rawText: { group: 'block', atom: true, toDOM: () => ['div', ['style', 'a < b & c'], ['textarea', 'a < b']] },
        domNode: {
          group: 'block',
          content: 'inline*',
          toDOM: () => {
            const dom = window.document.createElement('section');
            dom.setAttribute('data-x', '"&"');
            dom.append('before<', window.document.createElement('br'));
            const contentDOM = dom.appendChild(window.document.createElement('div'));
            return { dom, contentDOM };
          },
        },
        styled: { group: 'block', atom: true, attrs: { style: { default: null } }, toDOM: (node) => ['img', { alt: 'a', style: node.attrs.style, src: 'x.png' }] },
        voidHole: { group: 'block', content: 'inline*', toDOM: () => ['div', ['br', 0], 'after'] },
      },
      marks: {
        noHole: { toDOM: () => ['span', { class: 'k' }, 'label:'] },
        voidMark: { toDOM: () => ['img', { alt: 'x' }] },
        hidden: {},
      },
    });
    const c = custom.nodes;
    const mk = custom.marks;

    it('namespaced elements and attributes, attribute name case and styles', () => {
      const content = custom.node('doc', null, [
        c.para.create({ style: 'color: #11223380; width: 0; WIDTH: 12.50px; background-color: RGBA(300, 0, 0, 0.25); height: AUTO; color: #aabbccdd; min-width: 12' }, custom.text('x')),
        c.styled.create({ style: 'width: 3' }),
        c.styled.create({ style: 'text-align: CENTER; vertical-align: -1.50em; font-weight: 700' }),
        c.drawing.create(),
      ]).content;
      expectAgree(content, custom);
    });

    it('raw text elements, DOM nodes from a render function, holes inside void elements', () => {
      const content = custom.node('doc', null, [c.rawText.create(), c.domNode.create(null, custom.text('in')), c.voidHole.create(null, custom.text('lost'))]).content;
      expectAgree(content, custom);
    });

    it('marks without a hole hold their content; marks without a render are left out', () => {
      const content = custom.node('doc', null, [
        c.para.create(null, [custom.text('a', [mk.noHole.create()]), custom.text('b', [mk.noHole.create(), mk.hidden.create()]), custom.text('c', [mk.voidMark.create()]), custom.text('d')]),
      ]).content;
      expectAgree(content, custom);
    });
  });
});
