// Existing descriptions and pages become shared documents the first time they are opened (the
// server seeds each from its stored JSON, once): every demo document and every document of the
// serialiser corpus comes back from its shared document unchanged, and the plain copy derived
// from it (cleaned as any client's rich text) is the stored one, so opening a document never
// changes its text, its version or its activity.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import * as Y from 'yjs';
import { documentToUpdate, sharedDocument } from '../../src/collab/server.js';
import { schema } from '../../src/core/schema/index.js';
import { seedDocument } from '../../src/server/collab/documents.js';
import { richTextOf } from '../../src/server/rich-text/index.js';
import { seedDemoData } from '../../src/server/seed/index.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;

before(async () => {
  server = await startServer();
  await seedDemoData(server.db, server.app.storage, server.config, { log: () => {} });
});
after(() => server.close());

/** A shared document made from `update`, read back as the editor's document. */
function readBack(update: Uint8Array) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  const node = sharedDocument(doc, schema);
  doc.destroy();
  return node;
}

test('every demo description and page round-trips through its shared document, and its derived copy is the stored one', async () => {
  const rows = await server.db.query<{ name: string; description_html: string; description_json: unknown }>(
    `SELECT 'issue-description:' || id AS name, description_html, description_json FROM issues
     UNION ALL SELECT 'page:' || id, description_html, description_json FROM pages`,
  );
  assert.ok(rows.filter((row) => row.name.startsWith('page:')).length > 0, 'the demo data has pages');
  assert.ok(rows.length > 10, `the demo data has ${rows.length} documents`);
  for (const row of rows) {
    const update = await seedDocument(server.db, row.name);
    assert.ok(update, row.name);
    const node = readBack(update);
    assert.deepEqual(node.toJSON(), schema.nodeFromJSON(row.description_json).toJSON(), row.name);
    // The derive's own path: the editors' document cleaned in the rich-text pool, as a REST save's.
    const derived = await server.app.richText.normalise({ json: node.toJSON() }, 'description');
    assert.equal(derived.html, row.description_html, row.name);
    assert.deepEqual(derived.json, row.description_json, row.name);
  }
});

test('every document of the serialiser corpus round-trips through a shared document unchanged, marks of mentions and line breaks included', () => {
  const corpus = JSON.parse(gunzipSync(readFileSync(new URL('../fixtures/serialize/corpus.json.gz', import.meta.url))).toString('utf8')) as { docs: unknown[] };
  assert.equal(corpus.docs.length, 1000);
  let atomMarks = 0;
  corpus.docs.forEach((json, index) => {
    const original = schema.nodeFromJSON(json);
    const node = readBack(documentToUpdate(original));
    if (!node.eq(original)) assert.deepEqual(node.toJSON(), original.toJSON(), `corpus document ${index}`);
    assert.equal(richTextOf(node).html, richTextOf(original).html, `corpus document ${index}`);
    original.descendants((child) => {
      if (child.isInline && !child.isText && child.marks.length) atomMarks++;
    });
  });
  // The random corpus marks many mentions and line breaks: those marks are what y-prosemirror dropped.
  assert.ok(atomMarks > 100, `the corpus has ${atomMarks} marked mentions and line breaks`);
});
