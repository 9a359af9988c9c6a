import { expect } from 'chai';
import { parseHTML, parseJSON, serializeJSON } from '../../../src/core/index.js';
import { CORPUS, type CorpusEntry } from './corpus.js';
import { EXTENSION_CORPUS, SCHEMAS } from './schemas.js';

/**
 * The model half of the security corpus: every entry, loaded from HTML or JSON, serialises to
 * JSON holding only values the cleaners keep (it loads back to the same document). What a
 * browser makes of the outputs on a live page is security.test.ts, in every engine.
 */
for (const [schemaName, schema] of SCHEMAS)
  describe(`security corpus as JSON (${schemaName})`, () => {
    for (const entry of [...CORPUS, ...EXTENSION_CORPUS]) {
      const { html, json } = entry as CorpusEntry;
      const loaders: Array<[string, () => ReturnType<typeof parseHTML>]> = [];
      if (html !== undefined) loaders.push(['parseHTML', () => parseHTML(html, { schema })]);
      if (json !== undefined) loaders.push(['parseJSON', () => parseJSON(json, { schema })]);
      for (const [parser, load] of loaders)
        it(`${entry.name} [${entry.source}]: ${parser} then serializeJSON holds only values the cleaners keep`, () => {
          const doc = load();
          const written = serializeJSON(doc);
          expect(parseJSON(written, { schema }).eq(doc), JSON.stringify(written)).to.equal(true);
        });
    }
  });
