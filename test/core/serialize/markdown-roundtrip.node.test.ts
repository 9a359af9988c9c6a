import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';
import { serializeMarkdown } from '../../../src/core/serialize/markdown.js';
import { mulberry32, randomDoc, type RandomDocOptions } from '../../helpers/random-doc.js';

/** Documents per property: at least 1,000 (the brief's bar). */
const RUNS = 1000;
/** Base seed; change it to explore other documents, print it to reproduce a failure. */
const BASE_SEED = 0x5eed;

/** The seed of run `i`, spread out so neighbouring runs do not share a PRNG stream. */
function seedOf(i: number): number {
  return (BASE_SEED + Math.imul(i, 0x9e3779b1)) >>> 0;
}

/** Checks `property` on RUNS random documents and names the seed of the first failure. */
function forAllDocs(options: RandomDocOptions, property: (doc: PMNode) => void): number {
  for (let i = 0; i < RUNS; i++) {
    const seed = seedOf(i);
    const doc = randomDoc(mulberry32(seed), options);
    try {
      property(doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Property failed for seed ${seed} (randomDoc(mulberry32(${seed}), ${JSON.stringify(options)})):\n${message}`);
    }
  }
  return RUNS;
}

describe('markdown round trips over random documents', function () {
  this.timeout(120_000);

  it('gives back the same document for every document of the markdown subset', () => {
    const checked = forAllDocs({ markdownSubset: true }, (doc) => {
      const markdown = serializeMarkdown(doc);
      const back = parseMarkdownNow(markdown);
      if (!back.eq(doc)) {
        throw new Error(`Markdown:\n${markdown}\nExpected: ${doc.toString()}\nActual:   ${back.toString()}`);
      }
    });
    expect(checked).to.equal(RUNS);
  });

  it('writes the same markdown again for any document read back from its markdown', () => {
    // Outside the subset markdown loses what it cannot say (colours, underline, spans…);
    // once that is gone, writing and reading must change nothing more.
    const checked = forAllDocs({}, (doc) => {
      const once = serializeMarkdown(parseMarkdownNow(serializeMarkdown(doc)));
      const twice = serializeMarkdown(parseMarkdownNow(once));
      expect(twice).to.equal(once);
    });
    expect(checked).to.equal(RUNS);
  });

  it('writes the same markdown when a mark markdown cannot say (underline) splits the text anywhere', () => {
    // Text nodes that differ only in such a mark are one run of text to markdown: escaped apart,
    // `1` and an underlined `. item` would start a list, `&` and `amp;` would read as `&`.
    const checked = forAllDocs({ markdownSubset: true }, (doc) => {
      const rng = mulberry32(doc.content.size);
      const tr = new Transform(doc);
      doc.descendants((node, pos) => {
        if (!node.isTextblock || node.type.spec.code || !node.content.size) return true;
        const from = pos + 1 + Math.floor(rng() * node.content.size);
        const to = from + 1 + Math.floor(rng() * (pos + node.nodeSize - 1 - from));
        tr.addMark(from, Math.min(to, pos + node.nodeSize - 1), doc.type.schema.marks.underline.create());
        return false;
      });
      expect(serializeMarkdown(tr.doc), `underlined: ${tr.doc.toString()}`).to.equal(serializeMarkdown(doc));
    });
    expect(checked).to.equal(RUNS);
  });

  it('draws documents that use every markdown construct of the subset', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      randomDoc(mulberry32(seedOf(i)), { markdownSubset: true }).descendants((node) => {
        seen.add(node.type.name);
        node.marks.forEach((mark) => seen.add(mark.type.name));
      });
    }
    const constructs = ['paragraph', 'heading', 'blockquote', 'horizontal_rule', 'code_block', 'bullet_list', 'ordered_list', 'task_list', 'table', 'image', 'hard_break', 'link', 'bold', 'italic', 'strike', 'code'];
    expect(constructs.filter((name) => !seen.has(name))).to.deep.equal([]);
  });
});
