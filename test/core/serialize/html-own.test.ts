import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { parseInertHTML } from '../../../src/core/dom.js';
import { parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import { readOwnHTML } from '../../../src/core/serialize/html-own.js';
import { withoutInlineHandlers } from '../../../src/core/serialize/inline-handlers.js';
import { randomCorpus } from '../../helpers/random-doc.js';
import { expectSameDoc, forAll } from './corpus-properties.js';

// The fast reader of the editor's own markup against the browser's own HTML parser (the Node
// tier checks it against jsdom's): for every input it takes, the document the DOM path gives.

function viaDOM(html: string): PMNode {
  const parseDocument = (markup: string) => parseInertHTML(`<!doctype html><html><head></head><body>${withoutInlineHandlers(markup)}</body></html>`);
  return parseHTML(html, { parseDocument });
}

const HOST_MARKUP = [
  '<ul><li><p><em>state team</em> regression <a href="https://example.com/issues/12">link</a></p><ol><li><p>nested</p></li></ol></li></ul>',
  '<p>module <span data-type="mention" data-id="user-1" data-label="Grace Hopper" data-target="users" data-entity-identifier="user-1" data-entity-name="user_mention" data-redirect-uri="/users/user-1">@Grace Hopper</span></p>',
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked></label><div><p>done</p></div></li></ul>',
  '<table><tbody><tr><th><p>a</p></th><th><p>b</p></th></tr><tr><td><p><code>x</code></p></td><td data-background="#d3f1dc" style="background-color: #d3f1dc"><p>y</p></td></tr></tbody></table>',
  '<pre><code class="language-javascript">const a = b(1);\nconst c = d(&lt;2&gt;);</code></pre>',
  '<img src="/img/figure-3.png" alt="a figure">',
  '<img src="https://a.example/x.png" width="50%" style="width: 50%; height: 120px;" height="120px">',
  '<h3>owner table</h3><blockquote><p>quoted &amp; <strong>bold</strong>&nbsp;text</p></blockquote><hr>',
];

describe('reading the editor\'s own HTML without a DOM, against the browser\'s parser', function () {
  this.timeout(120_000);

  it('gives the DOM path\'s document for the round-trip corpus and writes the same HTML back', () => {
    forAll(randomCorpus({}, 300), {}, (doc) => {
      const html = serializeHTML(doc);
      if (!html) return;
      const own = readOwnHTML(html, schema);
      expect(own, 'the fast reader takes the editor\'s own markup').to.not.equal(null);
      expectSameDoc(own!, viaDOM(html));
      expect(serializeHTML(own!)).to.equal(html);
    });
  });

  it('gives the DOM path\'s document for markup a host stores in the editor\'s style', () => {
    for (const html of HOST_MARKUP) {
      const own = readOwnHTML(html, schema);
      expect(own, html).to.not.equal(null);
      expectSameDoc(own!, viaDOM(html));
    }
  });
});
