import { expect } from '@open-wc/testing';
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import type { Schema } from 'prosemirror-model';
import { emptyDoc, parseHTML, parseJSON, schema as builtinSchema, serializeHTML, serializeJSON } from '../../../src/core/index.js';
import { editorSetup } from '../../../src/core/extensions/setup.js';
import type { NodeDefinition } from '../../../src/core/extensions/types.js';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';
import { serializeMarkdown } from '../../../src/core/serialize/markdown.js';
import { callout } from '../../../src/extensions/callout.js';
import { CORPUS, type CorpusEntry } from './corpus.js';
import { findUnsafe, inertFragment, type InspectOptions } from './inspect.js';
import { blockImageLoads, createStage, installTrap, pasteInto, settle, type Trap } from './live.js';
import { renderMarkdownPermissively } from './render-markdown.js';

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

/** The schemas the corpus runs through (the built-in one, and one with the example callout and the careless card), with what their extensions write. */
const SCHEMAS: ReadonlyArray<[string, Schema, InspectOptions['extra']]> = [
  ['built-in schema', builtinSchema, {}],
  ['with extensions', editorSetup([callout, careless]).schema, { elements: ['aside'], attributes: ['data-kind', 'data-card', 'title'] }],
];

/** Markup aimed at the extensions' nodes. */
const EXTENSION_CORPUS: readonly CorpusEntry[] = [
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
];

/**
 * Every corpus entry through every way content enters (parseHTML, parseJSON, paste,
 * markdown) and every way it leaves (serializeHTML, a live editor's DOM,
 * serializeJSON, serializeMarkdown), with the output put on the live page, once with
 * the built-in schema and once with example extensions loaded.
 */
for (const [schemaName, schema, extra] of SCHEMAS)
describe(`security corpus (${schemaName})`, function () {
  this.timeout(30_000);
  const stage = createStage();
  let trap: Trap;

  before(() => {
    blockImageLoads();
    trap = installTrap();
  });

  after(() => {
    trap.restore();
  });

  afterEach(() => {
    stage.clear();
  });

  /** Judges markup statically (so nothing forbidden is ever put on the page), then live on the page. */
  async function expectInertHTML(html: string, options: InspectOptions = { strict: true, extra }): Promise<void> {
    expect(findUnsafe(inertFragment(html), options), html).to.deep.equal([]);
    const container = stage.mountHTML(html);
    await settle(container);
    expect(trap.fired, `a payload ran from ${html}`).to.equal(0);
  }

  /** Judges what a live editor rendered, then waits for it to do whatever it would do. */
  async function expectInertView(view: EditorView): Promise<void> {
    expect(findUnsafe(view.dom, { strict: true, extra }), view.dom.innerHTML).to.deep.equal([]);
    await settle(view.dom);
    expect(trap.fired, `a payload ran from ${view.dom.innerHTML}`).to.equal(0);
  }

  /** The tests every parsed document gets: each serialiser, and a live editor showing it. */
  function outputTests(parser: string, load: () => PMNode): void {
    it(`${parser} then serializeHTML gives inert markup`, async () => {
      await expectInertHTML(serializeHTML(load()));
    });

    it(`${parser} then a live editor renders inert DOM`, async () => {
      await expectInertView(stage.editor(load()));
    });

    it(`${parser} then serializeJSON holds only values the cleaners keep`, () => {
      const doc = load();
      const json = serializeJSON(doc);
      expect(parseJSON(json, { schema }).eq(doc), JSON.stringify(json)).to.equal(true);
    });

    it(`${parser} then serializeMarkdown is inert under a renderer that trusts raw HTML and links`, async () => {
      // Markdown renderers differ in what they output; only the safety rules apply, not the schema's element list.
      await expectInertHTML(renderMarkdownPermissively(serializeMarkdown(load())), { strict: false });
    });

    it(`${parser} then serializeMarkdown read back by parseMarkdown stays inert`, async () => {
      await expectInertHTML(serializeHTML(parseMarkdownNow(serializeMarkdown(load()), schema)));
    });
  }

  function pasteTests(html: string): void {
    it('pasted as HTML into a live editor stays inert', async () => {
      const view = stage.editor(emptyDoc(schema));
      pasteInto(view, { html, text: html });
      view.state.doc.check();
      if (parseHTML(html, { schema }).textContent.trim()) expect(view.state.doc.textContent, 'the paste happened').to.not.equal('');
      await expectInertView(view);
      await expectInertHTML(serializeHTML(view.state.doc));
    });

    it('pasted as plain text into a live editor is kept as text', async () => {
      const view = stage.editor(emptyDoc(schema));
      pasteInto(view, { text: html });
      expect(view.state.doc.textContent).to.equal(html.replace(/(?:\r\n?|\n)+/g, ''));
      await expectInertView(view);
      await expectInertHTML(serializeHTML(view.state.doc));
    });

    it('read as markdown source by parseMarkdown stays inert', async () => {
      await expectInertHTML(serializeHTML(parseMarkdownNow(html, schema)));
    });
  }

  it('has at least 60 entries, each with a unique name and a source', () => {
    expect(CORPUS.length).to.be.at.least(60);
    expect(new Set(CORPUS.map((e) => e.name)).size).to.equal(CORPUS.length);
    for (const entry of CORPUS) {
      expect(entry.source, entry.name).to.be.a('string').and.not.equal('');
      expect(entry.html !== undefined || entry.json !== undefined, entry.name).to.equal(true);
    }
  });

  for (const entry of [...CORPUS, ...EXTENSION_CORPUS]) {
    describe(`${entry.name} [${entry.source}]`, () => {
      const { html, json } = entry as CorpusEntry;
      if (html !== undefined) {
        outputTests('parseHTML', () => parseHTML(html, { schema }));
        pasteTests(html);
      }
      if (json !== undefined) outputTests('parseJSON', () => parseJSON(json, { schema }));
    });
  }
});
