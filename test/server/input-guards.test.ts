import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(async () => {
  await server?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A paragraph document of the editor whose text is `text`. */
function paragraphDoc(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

describe('control characters in text', () => {
  test('a NUL in the sign-in email is a 400 with a sentence, not a 500, for anonymous callers', async () => {
    const response = await server.client().post('/api/auth/sign-in', { email: 'someone\u0000@example.com', password: 'correct horse battery' });
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, { error: 'Email cannot contain control characters (only tabs and line breaks are allowed).' });
  });

  test('a NUL in any JSON text field is refused with 400 naming the field', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', '/api/users/me', { display_name: 'a\u0000b' }, 'Display name'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'An issue \u0000' }, 'Name'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'Deep', description_json: paragraphDoc('x\u0000y') }, 'Description json'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'Key', description_json: { type: 'doc', ['\u0000']: 1 } }, 'Description json'],
      ['POST', `${seed.projectUrl}/labels`, { name: 'bell\u0007' }, 'Name'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await seed.actors.member.request(method, url, body);
      assert.equal(response.status, 400, `${method} ${url}: ${response.text}`);
      assert.equal(response.body.error, `${field} cannot contain control characters (only tabs and line breaks are allowed).`);
    }
  });

  test('a NUL in a query string or a path segment is refused with 400 too', async () => {
    const search = await seed.actors.member.get(`${seed.projectUrl}/search-issues?search=a%00b`);
    assert.equal(search.status, 400, search.text);
    assert.equal(search.body.error, 'Search cannot contain control characters (only tabs and line breaks are allowed).');
    const path = await seed.actors.member.get('/api/workspaces/a%00b/members');
    assert.equal(path.status, 400, path.text);
    assert.equal(path.body.error, 'Slug cannot contain control characters (only tabs and line breaks are allowed).');
  });

  test('multipart text is checked the same way: a field value and a file name', async () => {
    const withAttributes = new FormData();
    withAttributes.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    withAttributes.append('attributes', '{"alt":"x\u0000"}');
    const attributes = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, withAttributes);
    assert.equal(attributes.status, 400, attributes.text);
    assert.equal(attributes.body.error, 'Attributes cannot contain control characters (only tabs and line breaks are allowed).');

    const escaped = new FormData();
    escaped.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    escaped.append('attributes', '{"alt":"x\\u0000"}');
    const escapedAttributes = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, escaped);
    assert.equal(escapedAttributes.status, 400, escapedAttributes.text);
    assert.equal(escapedAttributes.body.error, 'Attributes cannot contain control characters (only tabs and line breaks are allowed).');

    const withName = new FormData();
    withName.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot\u0000.png');
    const name = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, withName);
    assert.equal(name.status, 400, name.text);
    assert.equal(name.body.error, 'The file name cannot contain control characters (only tabs and line breaks are allowed).');
  });

  test('tabs and line breaks stay allowed in text', async () => {
    const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Tabs\tand breaks', description_json: paragraphDoc('one\ttwo') });
    assert.equal(issue.status, 201, issue.text);
    const comment = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.body.id}/comments`, { comment_html: '<p>line\r\nnext\tcolumn</p>' });
    assert.equal(comment.status, 201, comment.text);
  });
});
