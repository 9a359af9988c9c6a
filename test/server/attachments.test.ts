import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { attachmentShape } from '../../src/api-shapes/attachment.js';
import {
  ATTACHMENT_DELETE_FORBIDDEN,
  ATTACHMENT_NAME_INVALID_MESSAGE,
  ATTACHMENT_NAME_TOO_LONG_MESSAGE,
  ATTACHMENT_NOT_FOUND,
  attachmentSizeMessage,
  EMPTY_ATTACHMENT_MESSAGE,
} from '../../src/api-shapes/attachment-rules.js';
import { validateImageFile } from '../../src/core/plugins/image-validation.js';
import { adminsOnly, everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let issueUrl: string;
let attachmentsUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Has attachments' });
  assert.equal(issue.status, 201, issue.text);
  issueUrl = `${seed.projectUrl}/issues/${issue.body.id}`;
  attachmentsUrl = `${issueUrl}/attachments`;
});
after(() => server.close());

const ATTACHMENT_KEYS = Object.keys(attachmentShape.properties).sort();

/** A multipart body with `name` in the asset field (or the given parts). */
function form(content: BlobPart = 'hello', name = 'notes.txt', type = 'text/plain', fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [field, value] of Object.entries(fields)) data.append(field, value);
  data.append('asset', new Blob([content], { type }), name);
  return data;
}

async function attach(actor: Actor, body: FormData = form(), url = attachmentsUrl) {
  const response = await seed.actors[actor].post(url, body);
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string; download_url: string };
}

async function download(client: TestClient, url: string) {
  const cookie = client.cookie('session');
  const response = await fetch(server.url + url, { headers: cookie ? { cookie: `session=${cookie}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function listed(): Promise<string[]> {
  const response = await seed.actors.member.get(attachmentsUrl);
  assert.equal(response.status, 200, response.text);
  return (response.body as { id: string }[]).map((attachment) => attachment.id);
}

async function attachmentActivities() {
  const rows = (await seed.actors.guest.get(`${issueUrl}/activities`)).body as Record<string, unknown>[];
  return rows.filter((row) => row.field === 'attachment').map((row) => [row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier, (row.actor as { id: string }).id]);
}

async function storedCount(): Promise<number> {
  return (await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM file_assets WHERE issue_id IS NOT NULL')).n;
}

test("the size sentence is the editor's, naming the limit as the editor does", () => {
  assert.equal(attachmentSizeMessage(5_242_880), 'File size too large. Please select a file smaller than 5MB.');
  for (const limit of [5_242_880, 1_572_864, 524_288, 100, 20 * 1_048_576]) {
    const big = { size: limit + 1, type: 'image/png' } as File;
    assert.equal(attachmentSizeMessage(limit), validateImageFile(big, { maxSize: limit }), String(limit));
  }
});

describe('POST …/issues/:issueId/attachments', () => {
  test('stores a file of any type with its name, size, type and uploader, and records the upload', async () => {
    const response = await seed.actors.member.post(attachmentsUrl, form('%PDF-1.4 not really', 'Plan.pdf', 'application/pdf'));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ATTACHMENT_KEYS);
    const { id, created_at: createdAt, uploaded_by: uploader, ...fields } = response.body;
    assert.deepEqual(fields, {
      issue_id: issueUrl.split('/').pop(),
      name: 'Plan.pdf',
      size: 19,
      content_type: 'application/pdf',
      download_url: `${attachmentsUrl}/${id}`,
    });
    assert.equal(uploader.id, seed.users.member.id);
    assert.equal(uploader.display_name, 'member');
    assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 60_000);
    const list = await seed.actors.guest.get(attachmentsUrl);
    assert.deepEqual(list.body.find((attachment: { id: string }) => attachment.id === id), response.body);
    assert.deepEqual((await attachmentActivities()).at(-1), ['created', null, 'Plan.pdf', null, id, seed.users.member.id]);
  });

  test('takes any type, an unusable declared type recorded as application/octet-stream', async () => {
    const executable = await seed.actors.admin.post(attachmentsUrl, form(Buffer.from([0x4d, 0x5a, 0, 1]), 'setup.exe', 'application/x-msdownload'));
    assert.equal(executable.body.content_type, 'application/x-msdownload');
    const odd = await seed.actors.admin.post(attachmentsUrl, form('x', 'data.weird', 'not a type'));
    assert.equal(odd.body.content_type, 'application/octet-stream');
  });

  test('keeps only the last segment of a path and drops control and bidirectional characters from the name', async () => {
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['C:\\Users\\me\\report.docx', 'report.docx'],
      ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
      ['\u2066a  b\u2069.txt', 'a b.txt'],
      ['  spaced  .md ', 'spaced .md'],
    ];
    for (const [sent, kept] of cases) assert.equal((await attach('member', form('x', sent))).name, kept, sent);
  });

  test('refuses bad input with a clear 400 and stores nothing', async () => {
    const none = new FormData();
    none.append('attributes', '{}');
    const cases: [FormData | Record<string, unknown>, string][] = [
      [none, 'No file selected. Please select a file to upload.'],
      [form(''), EMPTY_ATTACHMENT_MESSAGE],
      [form('x', '..'), ATTACHMENT_NAME_INVALID_MESSAGE],
      [form('x', 'folder/'), ATTACHMENT_NAME_INVALID_MESSAGE],
      [form('x', '\u202E\u200F'), ATTACHMENT_NAME_INVALID_MESSAGE],
      [form('x', `${'n'.repeat(252)}.txt`), ATTACHMENT_NAME_TOO_LONG_MESSAGE],
      [form('x', 'bad\u0007name.txt'), 'The file name cannot contain control characters (only tabs and line breaks are allowed).'],
      [form('x', 'notes.txt', 'text/plain', { extra: '1' }), 'Unknown field "extra": send the asset file and optional attributes.'],
      [{ asset: 'x' }, 'Send the file as multipart/form-data in the "asset" field.'],
    ];
    const before = [await storedCount(), (await attachmentActivities()).length];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(attachmentsUrl, body);
      assert.equal(response.status, 400, `${error}: ${response.text}`);
      assert.deepEqual(response.body, { error });
    }
    assert.deepEqual([await storedCount(), (await attachmentActivities()).length], before);
  });

  test('refuses a file over the upload limit with 413 and the spec\'s sentence; one at the limit is taken', async () => {
    const before = await storedCount();
    const response = await seed.actors.member.post(attachmentsUrl, form(Buffer.alloc(5_242_881, 1), 'big.bin', 'application/octet-stream'));
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { error: 'File size too large. Please select a file smaller than 5MB.' });
    assert.equal(await storedCount(), before);
    const exact = await attach('member', form(Buffer.alloc(5_242_880, 2), 'exact.bin', 'application/octet-stream'));
    assert.equal((await download(seed.actors.viewer, exact.download_url)).bytes.length, 5_242_880);
  });

  test('an issue that is not there (or deleted) is 404', async () => {
    const missing = `${seed.projectUrl}/issues/00000000-0000-4000-8000-000000000000/attachments`;
    const response = await seed.actors.member.post(missing, form());
    assert.deepEqual([response.status, response.body], [404, { error: 'Issue not found.' }]);
    const doomed = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Soon gone' });
    const doomedUrl = `${seed.projectUrl}/issues/${doomed.body.id}`;
    const attachment = await attach('member', form(), `${doomedUrl}/attachments`);
    assert.equal((await seed.actors.admin.delete(doomedUrl)).status, 204);
    assert.equal((await seed.actors.member.get(`${doomedUrl}/attachments`)).status, 404);
    assert.equal((await seed.actors.member.get(attachment.download_url)).status, 404);
  });

  test('a file written for an upload whose transaction then fails is removed again', async () => {
    const folder = join(server.config.dataDir, 'uploads', 'workspaces', seed.workspace.id);
    const files = async () => (await readdir(folder)).sort();
    await attach('member');
    const before = [await files(), await storedCount()];
    const db = server.db;
    const transaction = db.transaction;
    // The transaction writes the row and the activity, then fails as a lost connection would at commit.
    db.transaction = async function (this: typeof db, fn: Parameters<typeof db.transaction>[0]) {
      await transaction.call(this, async (tx) => {
        await fn(tx);
        throw new Error('connection lost at commit');
      });
      throw new Error('unreachable');
    } as typeof db.transaction;
    try {
      const response = await seed.actors.member.post(attachmentsUrl, form('lost', 'lost.txt'));
      assert.equal(response.status, 500);
    } finally {
      db.transaction = transaction;
    }
    assert.deepEqual([await files(), await storedCount()], before);
  });

  test('authorization matrix: members and admins upload; guests and viewers cannot', async () => {
    const before = await storedCount();
    await seed.expectMatrix('POST', attachmentsUrl, () => form(), membersAndAdmins(201));
    assert.equal(await storedCount(), before + 2);
  });
});

describe('GET …/attachments and …/attachments/:id', () => {
  test('authorization matrix: everyone who can open the issue lists and downloads', async () => {
    const attachment = await attach('member');
    await seed.expectMatrix('GET', attachmentsUrl, undefined, everyMember(200));
    await seed.expectMatrix('GET', attachment.download_url, undefined, everyMember(200));
  });

  test('downloads the same bytes, always as an attachment under its UTF-8 name, never sniffed', async () => {
    const html = '<!doctype html><script>alert(document.cookie)</script>';
    const attachment = await attach('member', form(html, "Résumé (final) 'v2'.html", 'text/html'));
    const served = await download(seed.actors.guest, attachment.download_url);
    assert.equal(served.status, 200);
    assert.equal(served.bytes.toString('utf8'), html);
    assert.equal(served.headers.get('content-type'), 'application/octet-stream');
    assert.equal(served.headers.get('content-disposition'), `attachment; filename="R_sum_ (final) 'v2'.html"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20%27v2%27.html`);
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(served.headers.get('content-security-policy'), "default-src 'none'; sandbox");
    assert.equal(served.headers.get('content-length'), String(Buffer.byteLength(html)));
    const binary = Buffer.from([0, 255, 1, 254, 13, 10]);
    const image = await attach('member', form(binary, 'photo.png', 'image/png'));
    const photo = await download(seed.actors.viewer, image.download_url);
    assert.deepEqual([photo.bytes, photo.headers.get('content-type')], [binary, 'application/octet-stream']);
    assert.equal(photo.headers.get('content-disposition'), `attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
  });

  test('an attachment is found only on its own issue, and never through the workspace file routes', async () => {
    const attachment = await attach('member');
    const other = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Another' });
    const elsewhere = `${seed.projectUrl}/issues/${other.body.id}/attachments/${attachment.id}`;
    assert.deepEqual((await seed.actors.member.get(elsewhere)).body, { error: ATTACHMENT_NOT_FOUND });
    assert.equal((await seed.actors.admin.delete(elsewhere)).status, 404);
    assert.equal((await seed.actors.member.get(`${attachmentsUrl}/00000000-0000-4000-8000-000000000000`)).status, 404);
    assert.equal((await seed.actors.member.get(`/api/workspaces/file-assets/${seed.workspace.id}/${attachment.id}`)).status, 404);
    assert.equal((await seed.actors.admin.delete(`/api/workspaces/file-assets/${attachment.id}/`)).status, 404);
    assert.equal((await seed.actors.admin.delete(`/api/workspaces/file-assets/${seed.workspace.id}/${attachment.id}/`)).status, 404);
    assert.ok((await listed()).includes(attachment.id));
  });
});

describe('DELETE …/attachments/:id', () => {
  test("authorization matrix on an admin's attachment: only an admin (its uploader) deletes it; refusals change nothing", async () => {
    const attachment = await attach('admin');
    const activities = (await attachmentActivities()).length;
    const responses = await seed.expectMatrix('DELETE', attachment.download_url, undefined, adminsOnly(204));
    assert.deepEqual(responses.member.body, { error: ATTACHMENT_DELETE_FORBIDDEN });
    assert.equal((await attachmentActivities()).length, activities + 1);
    assert.equal((await listed()).includes(attachment.id), false);
  });

  test('the uploader deletes their own; an admin deletes anyone\'s; each removal is recorded', async () => {
    const own = await attach('member', form('x', 'mine.txt'));
    const theirs = await attach('member', form('x', 'theirs.txt'));
    const refused = await seed.actors.viewer.delete(own.download_url);
    assert.deepEqual([refused.status, refused.body], [403, { error: ATTACHMENT_DELETE_FORBIDDEN }]);
    assert.ok((await listed()).includes(own.id));
    assert.equal((await seed.actors.member.delete(own.download_url)).status, 204);
    assert.equal((await seed.actors.admin.delete(theirs.download_url)).status, 204);
    const ids = await listed();
    assert.deepEqual([ids.includes(own.id), ids.includes(theirs.id)], [false, false]);
    assert.equal((await download(seed.actors.member, own.download_url)).status, 404);
    assert.equal((await seed.actors.member.delete(own.download_url)).status, 404);
    assert.deepEqual((await attachmentActivities()).slice(-2), [
      ['deleted', 'mine.txt', null, own.id, null, seed.users.member.id],
      ['deleted', 'theirs.txt', null, theirs.id, null, seed.users.admin.id],
    ]);
    // Deleted softly, like every upload: the storage sweep removes the file after the retention.
    const row = await server.db.one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM file_assets WHERE id = $1', [own.id]);
    assert.equal(row.deleted, true);
  });
});
