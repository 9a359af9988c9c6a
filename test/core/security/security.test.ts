import { expect } from '@open-wc/testing';
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { emptyDoc, parseHTML, parseJSON, serializeHTML } from '../../../src/core/index.js';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';
import { serializeMarkdown } from '../../../src/core/serialize/markdown.js';
import { CORPUS, type CorpusEntry } from './corpus.js';
import { findUnsafe, inertFragment, type InspectOptions } from './inspect.js';
import { blockImageLoads, createStage, installTrap, pasteInto, settle, type Trap } from './live.js';
import { renderMarkdownPermissively } from './render-markdown.js';
import { EXTENSION_CORPUS, SCHEMAS } from './schemas.js';

/**
 * Every corpus entry through every way content enters (parseHTML, parseJSON, paste,
 * markdown) and every way it leaves (serializeHTML, a live editor's DOM,
 * serializeJSON, serializeMarkdown), with the output put on the live page, once with
 * the built-in schema and once with example extensions loaded.
 *
 * Each output is first judged statically (so nothing forbidden is ever put on the page). An
 * entry's outputs then go on the page together and the page settles once: when the trap
 * counts nothing, none of them ran anything; when it counts, each test puts its own output on
 * the page alone again to say which one ran.
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

  /** One live output of an entry: markup to mount, or an editor already showing it. */
  type Output = { html: string; options?: InspectOptions } | { view: EditorView };

  /** What became of one output before the page settled. */
  interface Made {
    output?: Output;
    /** What the static judge found unsafe (then it never went on the page). */
    unsafe: string[];
    /** Making the output threw. */
    error?: unknown;
  }

  /** Runs the entry's outputs, settles the page once, and tells each test whether anything ran. */
  function liveEntry(outputs: Record<string, () => Output>): (name: string) => Promise<void> {
    const made = new Map<string, Made>();
    let firedTogether = 0;
    before(async () => {
      const start = trap.fired;
      const roots: ParentNode[] = [];
      for (const [name, make] of Object.entries(outputs)) {
        try {
          const output = make();
          const unsafe = 'view' in output ? findUnsafe(output.view.dom, { strict: true, extra }) : findUnsafe(inertFragment(output.html), output.options ?? { strict: true, extra });
          made.set(name, { output, unsafe });
          if (unsafe.length) continue;
          roots.push('view' in output ? output.view.dom : stage.mountHTML(output.html));
        } catch (error) {
          made.set(name, { unsafe: [], error });
        }
      }
      await Promise.all(roots.map((root) => settle(root)));
      firedTogether = trap.fired - start;
    });
    after(() => stage.clear());
    return async (name) => {
      const { output, unsafe, error } = made.get(name)!;
      if (error) throw error;
      const shown = 'view' in output! ? output.view.dom.innerHTML : output!.html;
      expect(unsafe, shown).to.deep.equal([]);
      if (!firedTogether) return;
      // Something ran: this output, alone, says whether it was the one.
      const start = trap.fired;
      await settle('view' in output! ? output.view.dom : stage.mountHTML(output!.html));
      expect(trap.fired - start, `a payload ran from ${shown}`).to.equal(0);
    };
  }

  /** The outputs every parsed document gets: each serialiser, and a live editor showing it. */
  function outputs(parser: string, load: () => PMNode): Record<string, () => Output> {
    return {
      [`${parser} then serializeHTML gives inert markup`]: () => ({ html: serializeHTML(load()) }),
      [`${parser} then a live editor renders inert DOM`]: () => ({ view: stage.editor(load()) }),
      // Markdown renderers differ in what they output; only the safety rules apply, not the schema's element list.
      [`${parser} then serializeMarkdown is inert under a renderer that trusts raw HTML and links`]: () => ({
        html: renderMarkdownPermissively(serializeMarkdown(load())),
        options: { strict: false },
      }),
      [`${parser} then serializeMarkdown read back by parseMarkdown stays inert`]: () => ({ html: serializeHTML(parseMarkdownNow(serializeMarkdown(load()), schema)) }),
    };
  }

  /** A live editor with `html` pasted into it as HTML, or as plain text. */
  function pasted(html: string, asHTML: boolean): EditorView {
    const view = stage.editor(emptyDoc(schema));
    pasteInto(view, asHTML ? { html, text: html } : { text: html });
    view.state.doc.check();
    if (!asHTML) expect(view.state.doc.textContent).to.equal(html.replace(/(?:\r\n?|\n)+/g, ''));
    else if (parseHTML(html, { schema }).textContent.trim()) expect(view.state.doc.textContent, 'the paste happened').to.not.equal('');
    return view;
  }

  function pasteOutputs(html: string): Record<string, () => Output> {
    let asHTML: EditorView;
    let asText: EditorView;
    return {
      'pasted as HTML into a live editor stays inert': () => ({ view: (asHTML = pasted(html, true)) }),
      'pasted as HTML into a live editor, then serializeHTML, stays inert': () => ({ html: serializeHTML(asHTML.state.doc) }),
      'pasted as plain text into a live editor is kept as text': () => ({ view: (asText = pasted(html, false)) }),
      'pasted as plain text into a live editor, then serializeHTML, stays inert': () => ({ html: serializeHTML(asText.state.doc) }),
      'read as markdown source by parseMarkdown stays inert': () => ({ html: serializeHTML(parseMarkdownNow(html, schema)) }),
    };
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
      const all: Record<string, () => Output> = {
        ...(html !== undefined ? { ...outputs('parseHTML', () => parseHTML(html, { schema })), ...pasteOutputs(html) } : {}),
        ...(json !== undefined ? outputs('parseJSON', () => parseJSON(json, { schema })) : {}),
      };
      const ranNothing = liveEntry(all);
      for (const name of Object.keys(all)) it(name, () => ranNothing(name));
    });
  }
});
