import { expect } from 'chai';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { canonicalHtmlDoc, randomCorpus } from '../../helpers/random-doc.js';
import { expectSameDoc, forAll } from './corpus-properties.js';

// The HTML round trip over the whole schema, apart from the other round trips
// (roundtrip.node.test.ts): through jsdom's parser it is the longest of the Node tier's files, and
// alone it runs beside them on another worker. A failure prints the seed of its document.
const FULL = randomCorpus({});

describe('HTML round trips over random documents', function () {
  this.timeout(60_000);

  it('HTML round trip gives the document with its outer empty paragraphs trimmed, and stable HTML', () => {
    forAll(FULL, {}, (doc) => {
      const html = serializeHTML(doc);
      const parsed = parseHTML(html);
      expectSameDoc(parsed, canonicalHtmlDoc(doc));
      expect(serializeHTML(parsed), 'serialising the parsed document').to.equal(html);
    });
  });
});
