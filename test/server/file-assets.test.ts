import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COVER_NEEDS_ADMIN, LOGO_NEEDS_ADMIN } from '../../src/server/routes/file-assets.js';
import { SVG_CONTENT_SECURITY_POLICY } from '../../src/server/uploads/index.js';
import { membersAndAdmins, PNG, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';
import { createIssue } from './planning-fixtures.js';

let server: TestServer;
let seed: Seed;
let uploadUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  uploadUrl = `${seed.workspaceUrl}/file-assets/`;
});
after(() => server.close());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10" fill="red" onclick="x()"/></svg>';

function form(files: Array<[string, Blob, string]> = [['asset', new Blob([PNG], { type: 'image/png' }), 'dot.png']], fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [field, blob, name] of files) data.append(field, blob, name);
  return data;
}

async function upload(client: TestClient, data: FormData = form()): Promise<{ id: string; asset: string }> {
  const response = await client.post(uploadUrl, data);
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function bytesOf(client: TestClient, url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(server.url + url, { headers: { cookie: `session=${client.cookie('session')}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('POST /api/workspaces/:slug/file-assets/', () => {
  test('authorization matrix: workspace Member and up', async () => {
    await seed.expectMatrix('POST', uploadUrl, () => form(), membersAndAdmins(201));
  });

  test('stores the image with its attributes and answers a URL that serves it', async () => {
    const { id, asset } = await upload(seed.actors.member, form(undefined, { attributes: JSON.stringify({ entity_type: 'ISSUE_DESCRIPTION' }) }));
    assert.equal(asset, `/api/workspaces/file-assets/${seed.workspace.id}/${id}`);
    const row = await server.db.one<{ workspace_id: string; user_id: string | null; content_type: string; size: number; name: string; attributes: unknown; created_by: string }>(
      'SELECT workspace_id, user_id, content_type, size, name, attributes, created_by FROM file_assets WHERE id = $1',
      [id],
    );
    assert.deepEqual(row, {
      workspace_id: seed.workspace.id,
      user_id: null,
      content_type: 'image/png',
      size: PNG.length,
      name: 'dot.png',
      attributes: { entity_type: 'ISSUE_DESCRIPTION' },
      created_by: seed.users.member.id,
    });
    const served = await bytesOf(seed.actors.guest, asset);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('cache-control'), 'private, max-age=31536000, immutable');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(served.bytes, PNG);
    const etag = served.headers.get('etag')!;
    const revalidated = await seed.actors.guest.get(asset, { headers: { 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);
  });

  test('sanitises an SVG and serves it sandboxed', async () => {
    const { asset } = await upload(seed.actors.member, form([['asset', new Blob([SVG], { type: 'image/svg+xml' }), 'logo.svg']]));
    const served = await bytesOf(seed.actors.member, asset);
    assert.equal(served.headers.get('content-type'), 'image/svg+xml');
    assert.equal(served.headers.get('content-security-policy'), SVG_CONTENT_SECURITY_POLICY);
    const text = served.bytes.toString('utf8');
    assert.match(text, /<rect/);
    assert.doesNotMatch(text, /script|onclick/);
  });

  test('serves workspace files to members only; anonymous 401, others 404', async () => {
    const { asset } = await upload(seed.actors.member);
    assert.equal((await bytesOf(seed.actors.nonMember, asset)).status, 404);
    assert.equal((await server.client().get(asset)).status, 401);
    assert.equal((await seed.actors.admin.get(`/api/workspaces/file-assets/${seed.workspace.id}/00000000-0000-4000-8000-000000000000`)).status, 404);
  });

  test("refuses a bad upload with the spec's texts", async () => {
    const cases: Array<[FormData | Record<string, unknown>, number, string]> = [
      [form([['asset', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt']]), 415, 'Please upload a file in a valid format.'],
      [form([['asset', new Blob(['<html><body>x</body></html>'], { type: 'image/png' }), 'fake.png']]), 415, 'Please upload a file in a valid format.'],
      [form([], { attributes: '{}' }), 400, 'No file selected. Please select a file to upload.'],
      [form([['asset', new Blob([PNG]), 'a.png'], ['asset', new Blob([PNG]), 'b.png']]), 400, 'Upload one file at a time.'],
      [form([['file', new Blob([PNG]), 'a.png']]), 400, 'Send the image in the "asset" field.'],
      [form(undefined, { attributes: 'not json' }), 400, 'Attributes must be a JSON object.'],
      [form(undefined, { attributes: '[1]' }), 400, 'Attributes must be a JSON object.'],
      [form(undefined, { extra: 'x' }), 400, 'Unknown field "extra": send the asset file and optional attributes.'],
      [{ asset: 'x' }, 400, 'Send the image as multipart/form-data in the "asset" field.'],
    ];
    for (const [body, status, error] of cases) {
      const response = await seed.actors.member.post(uploadUrl, body);
      assert.equal(response.status, status, response.text);
      assert.deepEqual(response.body, { error });
    }
    const count = await server.db.one<{ n: number }>("SELECT count(*) AS n FROM file_assets WHERE name IN ('notes.txt', 'fake.png', 'b.png')");
    assert.equal(count.n, 0);
  });

  test('an image over the 5 MB limit is cut off and refused with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_880)]);
    const response = await seed.actors.member.post(uploadUrl, form([['asset', new Blob([big], { type: 'image/png' }), 'big.png']]));
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { error: 'The image size cannot exceed 5 MB.' });
    const exact = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]);
    assert.equal((await seed.actors.member.post(uploadUrl, form([['asset', new Blob([exact], { type: 'image/png' }), 'exact.png']]))).status, 201);
  });
});

describe('a configured upload limit', () => {
  test('is the limit uploads are held to, and named in the error', async () => {
    const small = await startServer({ FILE_SIZE_LIMIT: '1048576' });
    try {
      const smallSeed = await seedWorkspace(small);
      const body = form([['asset', new Blob([Buffer.concat([PNG, Buffer.alloc(1_048_576)])], { type: 'image/png' }), 'big.png']]);
      const response = await smallSeed.actors.member.post(`${smallSeed.workspaceUrl}/file-assets`, body);
      assert.equal(response.status, 413);
      assert.deepEqual(response.body, { error: 'The image size cannot exceed 1 MB.' });
    } finally {
      await small.close();
    }
  });
});

describe('deleting and restoring workspace files', () => {
  test('authorization matrix: members and admins delete and restore any workspace file, guests and viewers none', async () => {
    const byMember = await upload(seed.actors.member);
    const url = `/api/workspaces/file-assets/${seed.workspace.id}/${byMember.id}/`;
    await seed.expectMatrix('DELETE', url, undefined, membersAndAdmins(204));
    const byAdmin = await upload(seed.actors.admin);
    const responses = await seed.expectMatrix('DELETE', `/api/workspaces/file-assets/${byAdmin.id}/`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 204,
      admin: 204,
    });
    assert.equal(responses.guest.body.error, 'Guests and viewers cannot change files.');
    await seed.expectMatrix('POST', `/api/workspaces/file-assets/${byAdmin.id}/restore/`, undefined, membersAndAdmins(204));
  });

  test('a deleted file is 404 until restored (the editor undo brings it back)', async () => {
    const { id, asset } = await upload(seed.actors.member);
    assert.equal((await seed.actors.member.delete(`/api/workspaces/file-assets/${id}/`)).status, 204);
    const row = await server.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM file_assets WHERE id = $1', [id]);
    assert.ok(row.deleted_at instanceof Date);
    assert.equal((await seed.actors.member.get(asset)).status, 404);
    assert.equal((await seed.actors.member.post(`/api/workspaces/file-assets/${id}/restore/`)).status, 204);
    const back = await bytesOf(seed.actors.member, asset);
    assert.equal(back.status, 200);
    assert.deepEqual(back.bytes, PNG);
  });

  test('the workspace logo and a project cover are deleted only by who may change them', async () => {
    const logo = await upload(seed.actors.admin);
    assert.equal((await seed.actors.admin.patch(seed.workspaceUrl, { logo: logo.asset })).status, 200);
    const cover = await upload(seed.actors.member);
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { cover_image: cover.asset })).status, 200);
    const refusals = [
      await seed.actors.member.delete(`/api/workspaces/file-assets/${logo.id}/`),
      await seed.actors.member.delete(`/api/workspaces/file-assets/${seed.workspace.id}/${logo.id}/`),
      await seed.actors.member.delete(`/api/workspaces/file-assets/${cover.id}/`),
    ];
    assert.deepEqual(refusals.map((answer) => [answer.status, answer.body]), [
      [403, { error: LOGO_NEEDS_ADMIN }],
      [403, { error: LOGO_NEEDS_ADMIN }],
      [403, { error: COVER_NEEDS_ADMIN }],
    ]);
    assert.equal((await bytesOf(seed.actors.member, logo.asset)).status, 200, 'the logo is still served');
    assert.equal((await bytesOf(seed.actors.member, cover.asset)).status, 200, 'the cover is still served');
    // Once the setting no longer uses it, it is a file like any other; admins delete it either way.
    assert.equal((await seed.actors.admin.patch(seed.workspaceUrl, { logo: null })).status, 200);
    assert.equal((await seed.actors.member.delete(`/api/workspaces/file-assets/${logo.id}/`)).status, 204);
    assert.equal((await seed.actors.admin.delete(`/api/workspaces/file-assets/${cover.id}/`)).status, 204);
  });

  test('the scoped delete needs the right workspace, and ids must be UUIDs', async () => {
    const { id } = await upload(seed.actors.member);
    const other = await seedWorkspace(server);
    assert.equal((await seed.actors.admin.delete(`/api/workspaces/file-assets/${other.workspace.id}/${id}/`)).status, 404);
    const bad = await seed.actors.admin.delete('/api/workspaces/file-assets/not-an-id/');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'Asset id is not valid');
    const user = await seed.actors.member.post('/api/users/file-assets/', form());
    assert.equal((await seed.actors.member.delete(`/api/workspaces/file-assets/${user.body.id}/`)).status, 404, 'a user file is not a workspace file');
  });
});

describe("a user's own files", () => {
  test('authorization matrix: anyone signed in uploads', async () => {
    await seed.expectMatrix('POST', '/api/users/file-assets/', () => form(), { anonymous: 401, nonMember: 201, guest: 201, viewer: 201, member: 201, admin: 201 });
  });

  test('an avatar is served to signed-in users and deleted by its owner only', async () => {
    const response = await seed.actors.viewer.post('/api/users/file-assets/', form());
    const { id, asset } = response.body;
    assert.equal(asset, `/api/users/file-assets/${id}`);
    const row = await server.db.one<{ user_id: string; workspace_id: string | null }>('SELECT user_id, workspace_id FROM file_assets WHERE id = $1', [id]);
    assert.deepEqual(row, { user_id: seed.users.viewer.id, workspace_id: null });
    assert.equal((await bytesOf(seed.actors.nonMember, asset)).status, 200);
    assert.equal((await server.client().get(asset)).status, 401);
    await seed.expectMatrix('DELETE', `/api/users/file-assets/${id}`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 204, member: 404, admin: 404 });
    assert.equal((await seed.actors.viewer.get(asset)).status, 404);
  });

  test('refuses a bad upload like workspace uploads do', async () => {
    const response = await seed.actors.member.post('/api/users/file-assets/', form([['asset', new Blob(['x']), 'x.gif']]));
    assert.equal(response.status, 415);
    assert.equal(response.body.error, 'Please upload a file in a valid format.');
  });
});

describe('POST …/issues/:issueId/file-assets (images uploaded before their issue existed)', () => {
  const issueAssets = (issueId: string) => `${seed.projectUrl}/issues/${issueId}/file-assets`;
  const description = { attributes: JSON.stringify({ entity_name: 'ISSUE_DESCRIPTION' }) };

  test('ties the uploader’s images to the issue, keeping their other attributes, and leaves others’ alone', async () => {
    const issue = await createIssue(server.db, seed.project.id, { name: 'Illustrated after creation' });
    const [first, second] = [await upload(seed.actors.member, form(undefined, description)), await upload(seed.actors.member, form(undefined, description))];
    const theirs = await upload(seed.actors.admin, form(undefined, description));
    const response = await seed.actors.member.post(issueAssets(issue.id), { asset_ids: [first.id, second.id, theirs.id] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([...response.body.asset_ids].sort(), [first.id, second.id].sort());
    const rows = await server.db.query<{ id: string; attributes: Record<string, unknown> }>('SELECT id, attributes FROM file_assets WHERE id = ANY($1::uuid[])', [
      [first.id, second.id, theirs.id],
    ]);
    const attributes = new Map(rows.map((row) => [row.id, row.attributes]));
    assert.deepEqual(attributes.get(first.id), { entity_name: 'ISSUE_DESCRIPTION', entity_identifier: issue.id });
    assert.deepEqual(attributes.get(second.id), { entity_name: 'ISSUE_DESCRIPTION', entity_identifier: issue.id });
    assert.deepEqual(attributes.get(theirs.id), { entity_name: 'ISSUE_DESCRIPTION' });
  });

  test('authorization matrix: project Member and up', async () => {
    const issue = await createIssue(server.db, seed.project.id, { name: 'Matrix' });
    await seed.expectMatrix('POST', issueAssets(issue.id), { asset_ids: [] }, membersAndAdmins(200));
  });

  test('refuses a missing list and an unknown issue with a clear text', async () => {
    const issue = await createIssue(server.db, seed.project.id, { name: 'Refusals' });
    const missing = await seed.actors.member.post(issueAssets(issue.id), {});
    assert.equal(missing.status, 400);
    assert.match(missing.body.error, /asset ids/i);
    const notUuid = await seed.actors.member.post(issueAssets(issue.id), { asset_ids: ['nope'] });
    assert.equal(notUuid.status, 400);
    assert.equal(typeof notUuid.body.error, 'string');
    const unknown = await seed.actors.member.post(issueAssets('99999999-9999-4999-8999-999999999999'), { asset_ids: [] });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { error: 'Issue not found.' });
  });
});
