// The two ways HTML is written (src/core/serialize/html-writer.ts): the browser's (ProseMirror's
// DOMSerializer, read back through innerHTML), which the embed bundle writes with until the string
// writer arrives, and the string writer. Every engine, every byte: no attribute reordering here.
import { expect } from '@open-wc/testing';
import { Schema } from 'prosemirror-model';
import { parseHTML, parseJSON, serializeHTML, serializeMarkdown, trimEmptyParagraphs } from '../../../src/core/index.js';
import { serializeHTMLAfter } from '../../../src/core/serialize/html.js';
import { stringWriter, useStringWriter, writeFragmentHTML } from '../../../src/core/serialize/html-writer.js';
import { CORPUS } from '../security/corpus.js';
import { randomCorpus } from '../../helpers/random-doc.js';
import { doc, img, p, table, td, tr } from '../../helpers/builder.js';

/** `write` with the string writer put aside (the embed bundle before it arrives), and with it. */
function bothWays<T>(write: () => T): { browser: T; string: T } {
  const writer = useStringWriter(null);
  expect(writer, 'the library entry put the string writer in use').to.not.equal(null);
  try {
    return { browser: write(), string: (useStringWriter(writer), write()) };
  } finally {
    useStringWriter(writer);
  }
}

function expectSame({ browser, string }: { browser: string; string: string }, label: string): void {
  if (browser === string) return;
  let i = 0;
  while (browser[i] === string[i]) i++;
  throw new Error(`${label}: the browser's way differs at ${i}: ${JSON.stringify(browser.slice(i - 40, i + 40))} vs ${JSON.stringify(string.slice(i - 40, i + 40))}`);
}

describe('HTML written the browser\'s way, before the string writer arrives', function () {
  this.timeout(120_000);

  it('is the string writer\'s, byte for byte, for every document of the seeded corpus', () => {
    for (const { seed, doc: document } of randomCorpus({})) expectSame(bothWays(() => serializeHTML(document)), `seed ${seed}`);
  });

  it('is the string writer\'s for what the security corpus keeps', () => {
    for (const entry of CORPUS) {
      if (entry.html === undefined) continue;
      const kept = parseHTML(entry.html);
      expectSame(bothWays(() => serializeHTML(kept)), entry.name);
    }
  });

  it('writes a style a render spec sets where the string writer does (after the other attributes), in every engine', () => {
    const image = doc(img({ src: 'https://example.com/a.png', width: '120px', height: '80px' }), table(tr(td({ background: '#ff0000', colwidth: [90] }, p('cell')))));
    const written = bothWays(() => serializeHTML(image));
    expectSame(written, 'an image and a coloured cell');
    expect(written.browser).to.contain('<img width="120px" src="https://example.com/a.png" height="80px" style=');
  });

  it('keeps the attributes of a render function\'s DOM node in the order it set them', () => {
    const custom = new Schema({
      nodes: {
        doc: { content: 'block+' },
        text: {},
        card: {
          group: 'block',
          content: 'text*',
          toDOM: () => {
            const dom = document.createElement('section');
            dom.style.cssText = 'color: red';
            dom.setAttribute('title', 'a card');
            return { dom, contentDOM: dom };
          },
        },
      },
    });
    const card = custom.node('doc', null, [custom.node('card', null, [custom.text('hi & bye')])]);
    expectSame(bothWays(() => writeFragmentHTML(card.content)), 'a render function');
  });

  it('writes the same markdown (a block without a rule is written as HTML) and mends the same JSON', () => {
    for (const { seed, doc: document } of randomCorpus({}, 200)) expectSame(bothWays(() => serializeMarkdown(document)), `seed ${seed}`);
    // Content out of place is mended through HTML (json.ts).
    const misplaced = { type: 'doc', content: [{ type: 'table', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a < b', marks: [{ type: 'bold' }] }] }] }] };
    expectSame(bothWays(() => serializeHTML(parseJSON(misplaced))), 'mended JSON');
  });

  it('writes nothing for an empty fragment', () => {
    expect(bothWays(() => serializeHTML(doc(p())))).to.deep.equal({ browser: '', string: '' });
  });

  it('keeps nothing to reuse, and the string writer writes whole what follows it', () => {
    const first = doc(p('one'), p('two'));
    const writer = useStringWriter(null);
    let before;
    try {
      before = serializeHTMLAfter(first, null);
    } finally {
      useStringWriter(writer);
    }
    expect(before.blocks).to.deep.equal([]);
    const next = doc(p('one'), p('two'), p('three'));
    const after = serializeHTMLAfter(next, before);
    expect(after.html).to.equal('<p>one</p><p>two</p><p>three</p>');
    expect(after.html).to.equal(serializeHTML(next));
    expect(stringWriter()).to.equal(writer);
    expect(trimEmptyParagraphs(next).childCount).to.equal(after.blocks.length);
  });
});
